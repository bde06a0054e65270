#include "liquidfx/scene/player.h"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>
#include <glm/mat3x3.hpp>
#include <glm/matrix.hpp>

#include "liquidfx/shared/frame.h"

namespace lfx::scene {

Result<std::unique_ptr<ScenePlayer>> ScenePlayer::create(gpu::Context& ctx, const Scene& scene, std::uint32_t width,
                                                         std::uint32_t height) {
  std::unique_ptr<ScenePlayer> p(new ScenePlayer());
  p->scene_ = scene;
  // The scene as played: effects laid out for the frame's shape see the size it renders at.
  p->scene_.width = width;
  p->scene_.height = height;
  auto room = gpu::Room::create(ctx, scene.backdrop);
  if (!room) return room.error().within(scene.source);
  p->room_ = std::move(room.value());
  LFX_TRY_ASSIGN(p->renderer_, gpu::FrameRenderer::create(ctx, width, height));

  std::vector<MadeEffect> made;
  for (const EffectInstance& instance : p->scene_.effects) {
    const EffectType* type = find_effect_type(instance.type);
    assert(type && "load_scene checks effect types");
    auto block = JsonObject::from(instance.block, instance.path);
    if (!block) return block.error().within(scene.source);
    (void)block->raw("type");
    (void)block->raw("name");
    auto effect = type->create(EffectSetup(&ctx, p->scene_, instance, *block, made));
    if (!effect) return effect.error().kind == ErrorKind::input ? effect.error().within(scene.source) : effect.error();
    made.push_back({&instance, effect->get()});
    p->effects_.push_back(std::move(effect.value()));
  }
  for (const KnobSetting& s : p->scene_.settings)
    if (auto r = p->set_knob(s.target, s.knob, s.value); !r)
      return input_error("--set " + s.text + ": " + r.error().message);
  if (auto r = p->prepare(); !r) return r.error().kind == ErrorKind::input ? r.error().within(scene.source) : r.error();
  return p;
}

Result<void> ScenePlayer::set_knob(std::string_view target, std::string_view knob, const KnobValue& value) {
  bool matched = false;
  for (std::size_t i = 0; i < effects_.size(); ++i) {
    const EffectInstance& instance = scene_.effects[i];
    Effect& effect = *effects_[i];
    if (instance.type == target || instance.name == target) {
      LFX_TRY(set_effect_knob(effect, "", knob, value));
      matched = true;
      continue;
    }
    for (const KnobGroup& g : effect.knob_groups())
      if (g.name == target) {
        LFX_TRY(set_effect_knob(effect, target, knob, value));
        matched = true;
        break;
      }
  }
  if (!matched) return input_error("no effect or knob group \"" + std::string(target) + "\"");
  return success();
}

Result<void> ScenePlayer::set_knob(const std::string& setting) {
  LFX_TRY_ASSIGN(const SettingText parts, split_setting(setting));
  // The value is read by the knob's type in the first table that has it among the targets.
  for (std::size_t i = 0; i < effects_.size(); ++i)
    for (const KnobGroup& g : effects_[i]->knob_groups()) {
      const bool targeted =
          g.name == parts.group || scene_.effects[i].type == parts.group || scene_.effects[i].name == parts.group;
      const KnobSpec* spec = targeted ? find_knob(g.table, parts.knob) : nullptr;
      if (!spec) continue;
      auto value = parse_knob_text(*spec, parts.value);
      if (!value) return input_error(setting + ": " + value.error().message);
      if (auto r = set_knob(parts.group, parts.knob, *value); !r)
        return input_error(setting + ": " + r.error().message);
      return success();
    }
  return input_error(setting + ": no effect or knob group \"" + parts.group + "\" has a knob \"" + parts.knob + "\"");
}

Result<void> ScenePlayer::advance(double dt) {
  if (!(dt > 0.0) || !std::isfinite(dt)) return input_error("time step must be a positive number of seconds");
  for (auto& e : effects_) LFX_TRY(e->advance(dt));
  time_ += dt;
  return success();
}

Ray ScenePlayer::ray_through(glm::vec2 position) const {
  // Through the view the frame is drawn with (any projection the host uses: reversed, infinite,
  // orthographic), from the eye plane.
  const gpu::FrameView seen = view();
  const glm::vec2 ndc = position * 2.0f - 1.0f;  // Vulkan clip space: y down, like the frame
  const glm::mat4 to_world = glm::inverse(seen.view);
  const glm::vec3 origin(to_world * glm::vec4(shared::view_ray_origin(ndc, seen.projection), 1.0f));
  const glm::vec3 direction = glm::normalize(glm::mat3(to_world) * shared::view_ray_step(ndc, seen.projection));
  return {origin, direction};
}

bool ScenePlayer::input(InputEvent event) {
  event.ray = ray_through(event.position);
  // The last effect first (it is drawn over the others), except that a press goes first to the
  // effects with something under the pointer, nearest first: a bottle standing in front of a
  // particle tank is picked up, not pushed through.
  struct Candidate {
    Effect* effect;
    std::optional<float> distance;  // of what a press would grab
  };
  const bool press = event.kind == InputKind::press;
  std::vector<Candidate> order;
  for (auto it = effects_.rbegin(); it != effects_.rend(); ++it)
    order.push_back({it->get(), press ? (*it)->press_distance(event.ray) : std::nullopt});
  std::stable_sort(order.begin(), order.end(), [](const Candidate& a, const Candidate& b) {
    if (a.distance.has_value() != b.distance.has_value()) return a.distance.has_value();
    return a.distance && *a.distance < *b.distance;
  });
  for (const Candidate& c : order)
    if (c.effect->input(event)) return true;
  return false;
}

std::vector<std::pair<std::string, double>> ScenePlayer::stats() const {
  std::vector<std::pair<std::string, double>> out;
  for (std::size_t i = 0; i < effects_.size(); ++i)
    for (const EffectStat& s : effects_[i]->stats()) out.emplace_back(scene_.effects[i].name + "." + s.name, s.value);
  return out;
}

gpu::FrameView ScenePlayer::view() const {
  if (host_view_) return *host_view_;
  const gpu::FrameTargets& t = renderer_->targets();
  gpu::FrameView v = gpu::FrameView::through(camera(), t.width(), t.height());
  v.lighting = room_->lighting();
  v.time = time_;
  v.exposure_stops = scene_.camera.exposure_stops;
  v.filmic = scene_.camera.filmic;
  return v;
}

Result<std::vector<gpu::FramePasses*>> ScenePlayer::frame_passes(bool with_room) {
  std::vector<gpu::FramePasses*> list;
  if (with_room) list.push_back(room_.get());  // the backdrop: the frame's first pass
  for (auto& e : effects_) {
    LFX_TRY(e->sync_passes());
    for (gpu::FramePasses* p : e->passes()) list.push_back(p);
  }
  return list;
}

Result<void> ScenePlayer::prepare() {
  host_view_.reset();
  LFX_TRY_ASSIGN(const auto passes, frame_passes(true));
  return renderer_->prepare(view(), passes);
}

Result<void> ScenePlayer::prepare(const gpu::HostFrame& host, const gpu::FrameView* host_view) {
  const gpu::FrameTargets& own = renderer_->targets();
  const VkExtent2D size = host.drawn_area().extent;
  if (size.width != own.width() || size.height != own.height())
    return input_error("host frame: " + std::to_string(size.width) + "x" + std::to_string(size.height) +
                       " is not the player's " + std::to_string(own.width()) + "x" + std::to_string(own.height()));
  host_view_.reset();
  if (host_view) host_view_ = *host_view;
  LFX_TRY_ASSIGN(const auto passes, frame_passes(false));  // the host has a scene of its own
  return renderer_->prepare(view(), passes, &host);
}

void ScenePlayer::record(VkCommandBuffer cmd) {
  renderer_->record(cmd);
}

Result<ImageRgba8> ScenePlayer::render() {
  host_view_.reset();
  LFX_TRY_ASSIGN(const auto passes, frame_passes(true));
  return renderer_->render(view(), passes);
}

}  // namespace lfx::scene

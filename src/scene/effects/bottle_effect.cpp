#include "bottle_effect.h"

#include <cmath>
#include <glm/ext/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>
#include <map>

#include "liquidfx/core/container/mesh_io.h"
#include "liquidfx/core/container/shapes.h"
#include "liquidfx/core/log.h"
#include "liquidfx/core/slosh/liquid_container.h"
#include "liquidfx/gpu/effects/bottle_knobs.h"
#include "liquidfx/gpu/effects/bottle_renderer.h"

namespace lfx::scene {
namespace {

struct Placed {
  std::string name;
  const Track* track = nullptr;  // nullptr: placed in the world
  Pose local;                    // on the track (or in the world)
  gpu::BottleKnobs knobs;
  std::shared_ptr<const ContainerShape> shape;
  std::unique_ptr<LiquidContainer> liquid;  // made once the copies are laid out
};

class BottleEffect : public Effect {
 public:
  Result<void> advance(double dt) override {
    time_ += dt;
    for (Placed& p : containers_) p.liquid->update(pose_of(p), dt);
    return success();
  }

  void record_transparent(gpu::FrameContext& frame) override { renderer_->record_transparent(frame); }

  std::vector<EffectStat> stats() const override {
    double tilt = 0.0, agitation = 0.0, bubbles = 0.0;
    for (const Placed& p : containers_) {
      tilt = std::max(tilt, double(p.liquid->state().tilt_degrees()));
      agitation = std::max(agitation, double(p.liquid->state().agitation));
      bubbles += p.liquid->state().live_bubbles;
    }
    return {{"containers", double(containers_.size())},
            {"largest tilt (deg)", tilt},
            {"largest agitation", agitation},
            {"live bubbles", bubbles}};
  }

  Pose pose_of(const Placed& p) const {
    if (!p.track) return p.local;
    const Pose carrier = p.track->at(time_);
    return {carrier.position + carrier.orientation * p.local.position, carrier.orientation * p.local.orientation};
  }

  gpu::BottleRenderer& renderer() { return *renderer_; }

  std::vector<Placed> containers_;
  std::unique_ptr<gpu::BottleRenderer> renderer_;
  double time_ = 0.0;
};

// Reads one container's description; `defaults` are the effect's knobs.
Result<Placed> read_container(const EffectSetup& setup, const JsonObject& o, const gpu::BottleKnobs& defaults,
                              std::map<std::string, std::shared_ptr<const ContainerShape>>& shapes) {
  Placed p;
  p.knobs = defaults;
  if (auto r = o.knobs(&p.knobs, gpu::BottleKnobs::knobs()); !r) return r.error();
  // --set overrides the file, for every container of the effect.
  if (auto r = setup.apply_overrides(&p.knobs, gpu::BottleKnobs::knobs()); !r) return r.error();
  auto name = o.string("name", setup.instance.name);
  if (!name) return name.error();
  p.name = *name;

  auto track = o.string("track", "");
  if (!track) return track.error();
  if (!track->empty()) {
    auto found = setup.scene.tracks.find(*track);
    if (found == setup.scene.tracks.end()) {
      std::string known;
      for (const auto& [n, t] : setup.scene.tracks) known += (known.empty() ? "" : ", ") + n;
      return o.error_at("track", "no track \"" + *track + "\" (tracks: " + (known.empty() ? "none" : known) + ")");
    }
    p.track = &found->second;
  }
  auto position = o.vec3("position", {-1000.0, 1000.0}, glm::vec3(0.0f));
  if (!position) return position.error();
  auto rotation = o.vec3("rotation", {-3600.0, 3600.0}, glm::vec3(0.0f));
  if (!rotation) return rotation.error();
  p.local = {*position, rotation_from_degrees(*rotation)};

  const bool has_mesh = o.has("mesh");
  auto shape_name = o.string(has_mesh ? "mesh" : "shape", "bottle");
  if (!shape_name) return shape_name.error();
  const std::string source = has_mesh ? setup.scene_relative(*shape_name) : *shape_name;
  const std::string key = source + "@" + std::to_string(p.knobs.inset);
  auto& shape = shapes[key];
  if (!shape) {
    std::vector<std::string> notes;
    Result<std::shared_ptr<const ContainerShape>> made = input_error("");
    if (has_mesh) {
      auto mesh = load_mesh(source);
      if (!mesh) return o.error_at("mesh", mesh.error().message);
      made = ContainerShape::create(*mesh, source, p.knobs.inset, nullptr, &notes);
    } else {
      made = ContainerShape::create_named(source, p.knobs.inset);
    }
    if (!made) return o.error_at(has_mesh ? "mesh" : "shape", made.error().message);
    for (const std::string& note : notes) log_warning(note);
    shape = *made;
  }
  p.shape = shape;
  return p;
}

}  // namespace

Result<std::unique_ptr<Effect>> create_bottle_effect(const EffectSetup& setup) {
  auto effect = std::make_unique<BottleEffect>();
  gpu::BottleKnobs defaults;
  if (auto r = setup.block.knobs(&defaults, gpu::BottleKnobs::knobs()); !r) return r.error();
  std::map<std::string, std::shared_ptr<const ContainerShape>> shapes;
  auto blocks = setup.block.objects("containers");
  if (!blocks) return blocks.error();
  std::vector<Placed> placed;
  if (blocks->empty()) {
    auto one = read_container(setup, setup.block, defaults, shapes);
    if (!one) return one.error();
    placed.push_back(std::move(one.value()));
  } else {
    for (const JsonObject& block : *blocks) {
      auto c = read_container(setup, block, defaults, shapes);
      if (!c) return c.error();
      if (auto r = block.finish(); !r) return r.error();
      placed.push_back(std::move(c.value()));
    }
  }
  if (auto r = setup.block.finish(); !r) return r.error();

  // Copies (benchmarks): each container repeated on a square grid behind and beside it.
  for (Placed& p : placed) {
    const int columns = int(std::ceil(std::sqrt(double(p.knobs.copies))));
    for (int copy = 0; copy < p.knobs.copies; ++copy) {
      Placed c;
      c.name = p.name + (copy ? "#" + std::to_string(copy) : "");
      c.track = p.track;
      c.local = p.local;
      c.local.position += glm::vec3(float(copy % columns), 0.0f, -float(copy / columns)) * p.knobs.copy_spacing;
      c.knobs = p.knobs;
      c.shape = p.shape;
      c.liquid = std::make_unique<LiquidContainer>(p.shape, gpu::slosh_knobs(p.knobs));
      effect->containers_.push_back(std::move(c));
    }
  }
  for (Placed& p : effect->containers_) p.liquid->update(effect->pose_of(p), 0.0);

  auto renderer = gpu::BottleRenderer::create(setup.ctx);
  if (!renderer) return renderer.error();
  effect->renderer_ = std::move(renderer.value());
  effect->renderer_->set_reference_pass(effect->containers_.front().knobs.reference_pass);
  // The containers and their glass never change: the renderer keeps pointers to the liquids.
  std::vector<gpu::BottleDraw> draws;
  for (const Placed& p : effect->containers_)
    draws.push_back(
        {p.liquid.get(), {p.knobs.glass_tint, p.knobs.glass_opacity, p.knobs.glass_refraction, p.knobs.film_opacity}});
  if (auto r = effect->renderer_->set_containers(std::move(draws)); !r) return r.error();
  return std::unique_ptr<Effect>(std::move(effect));
}

}  // namespace lfx::scene

#include "liquidfx/scene/player.h"

#include <cmath>

namespace lfx::scene {

Result<std::unique_ptr<ScenePlayer>> ScenePlayer::create(gpu::Context& ctx, const Scene& scene, std::uint32_t width,
                                                         std::uint32_t height) {
  std::unique_ptr<ScenePlayer> p(new ScenePlayer());
  p->scene_ = scene;
  auto room = gpu::Room::create(ctx, scene.backdrop);
  if (!room) return room.error().within(scene.source);
  p->room_ = std::move(room.value());
  auto renderer = gpu::FrameRenderer::create(ctx, width, height);
  if (!renderer) return renderer.error();
  p->renderer_ = std::move(renderer.value());

  for (const EffectInstance& instance : p->scene_.effects) {
    const EffectType* type = find_effect_type(instance.type);
    assert(type && "load_scene checks effect types");
    auto block = JsonObject::from(instance.block, instance.path);
    if (!block) return block.error().within(scene.source);
    (void)block->raw("type");
    (void)block->raw("name");
    auto effect = type->create(EffectSetup{ctx, p->scene_, instance, *block});
    if (!effect) return effect.error().kind == ErrorKind::input ? effect.error().within(scene.source) : effect.error();
    p->passes_.push_back(effect->get());
    p->effects_.push_back(std::move(effect.value()));
  }
  return p;
}

Result<void> ScenePlayer::advance(double dt) {
  if (!(dt > 0.0) || !std::isfinite(dt)) return input_error("time step must be a positive number of seconds");
  for (auto& e : effects_)
    if (auto r = e->advance(dt); !r) return r;
  time_ += dt;
  return success();
}

gpu::FrameView ScenePlayer::view() const {
  return {scene_.camera.at(time_), time_, scene_.camera.exposure_stops, scene_.camera.filmic};
}

void ScenePlayer::record(VkCommandBuffer cmd) {
  renderer_->record(cmd, view(), *room_, passes_);
}

Result<ImageRgba8> ScenePlayer::render() {
  return renderer_->render(view(), *room_, passes_);
}

}  // namespace lfx::scene

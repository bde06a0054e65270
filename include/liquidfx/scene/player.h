// lfx::scene::ScenePlayer: a scene brought to life on a device: the room, the effects, the
// camera track and the clock. The CLI renders and benchmarks through it; a viewer drives it.
#pragma once

#include <memory>
#include <vector>

#include "liquidfx/core/image.h"
#include "liquidfx/core/result.h"
#include "liquidfx/gpu/context.h"
#include "liquidfx/gpu/render/frame_renderer.h"
#include "liquidfx/gpu/render/room.h"
#include "liquidfx/scene/effect.h"
#include "liquidfx/scene/scene.h"

namespace lfx::scene {

class ScenePlayer {
 public:
  /// Creates every effect of the scene; output images are width x height pixels.
  static Result<std::unique_ptr<ScenePlayer>> create(gpu::Context& ctx, const Scene& scene, std::uint32_t width,
                                                     std::uint32_t height);

  /// Advances the clock and every effect by dt seconds (dt > 0, finite).
  Result<void> advance(double dt);
  double time() const { return time_; }

  /// Records the current frame into a command buffer (for a window's frame loop).
  void record(VkCommandBuffer cmd);
  /// Renders the current frame and reads it back (submits and waits).
  Result<ImageRgba8> render();
  /// GPU time of each pass of the frame rendered last.
  Result<std::vector<gpu::PassTime>> pass_times() const { return renderer_->timer().results(); }

  gpu::FrameRenderer& renderer() { return *renderer_; }
  const Scene& scene() const { return scene_; }
  std::span<const std::unique_ptr<Effect>> effects() const { return effects_; }

 private:
  ScenePlayer() = default;
  gpu::FrameView view() const;

  Scene scene_;
  double time_ = 0.0;
  std::unique_ptr<gpu::Room> room_;
  std::unique_ptr<gpu::FrameRenderer> renderer_;
  std::vector<std::unique_ptr<Effect>> effects_;
  std::vector<gpu::FramePasses*> passes_;
};

}  // namespace lfx::scene

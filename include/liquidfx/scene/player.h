// lfx::scene::ScenePlayer: a scene brought to life on a device: the room, the effects, the
// camera track and the clock. The CLI renders and benchmarks through it; a viewer drives it.
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
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
  /// Creates every effect of the scene, applies the scene's --set settings through the live
  /// knob path, and prepares the first frame; output images are width x height pixels.
  static Result<std::unique_ptr<ScenePlayer>> create(gpu::Context& ctx, const Scene& scene, std::uint32_t width,
                                                     std::uint32_t height);

  /// Advances the clock and every effect by dt seconds (dt > 0, finite).
  Result<void> advance(double dt);
  double time() const { return time_; }

  /// Sets a knob live: target is an effect type (every instance), an instance name, or a knob
  /// group's name (e.g. one container of a bottle effect). The next frame uses it.
  Result<void> set_knob(std::string_view target, std::string_view knob, const KnobValue& value);
  /// The same from text, "GROUP.knob=value" as `--set` takes it (a viewer's script).
  Result<void> set_knob(const std::string& setting);
  /// Pointer input at a frame position; the ray is filled in from the camera. Effects are asked
  /// from the last to the first (the one drawn on top first); returns whether one took it.
  bool input(InputEvent event);
  /// The world-space ray from the camera through a frame position ((0, 0) top left).
  Ray ray_through(glm::vec2 position) const;
  /// Sees the scene from `camera` instead of the scene's camera track (a viewer's orbit);
  /// nullopt: the track again.
  void set_camera(std::optional<Camera> camera) { camera_override_ = camera; }
  /// The camera the next frame is seen from.
  Camera camera() const { return camera_override_ ? *camera_override_ : scene_.camera.at(time_); }

  /// Prepares the next frame (allocations, uploads); call it before record. Submits nothing.
  Result<void> prepare();
  /// After prepare: submits the effects' pending steps beyond one batch a pass, waiting for each
  /// (gpu::FrameRenderer::submit_step_batches), so that the frame recorded next holds at most
  /// one batch. For a frame loop on liquidfx's own context (a viewer); render() does it.
  Result<void> submit_step_batches() { return renderer_->submit_step_batches(); }
  /// Prepares the next frame drawn into a host's images instead, of the player's size: the
  /// effects only (the backdrop room and the tonemap are the host's), seen through `host_view`
  /// (the host's camera, projection and light) when given, else from the scene's camera and lit
  /// by its room's light. Pointer rays (input, ray_through) follow the same view.
  Result<void> prepare(const gpu::HostFrame& host, const gpu::FrameView* host_view = nullptr);
  /// Records the frame prepared last into a command buffer (for a window's frame loop).
  void record(VkCommandBuffer cmd);
  /// The effects' simulation steps the next record would hold (after prepare), and a host's way
  /// to record up to `max_steps` of each effect's into command buffers of its own first (after
  /// prepare(HostFrame), which submits nothing).
  std::size_t pending_steps() const { return renderer_->pending_steps(); }
  void record_steps(VkCommandBuffer cmd, std::size_t max_steps) { renderer_->record_steps(cmd, max_steps); }
  /// Prepares and renders the current frame and reads it back (submits and waits).
  Result<ImageRgba8> render();
  /// GPU time of each pass of the frame rendered last.
  Result<std::vector<gpu::PassTime>> pass_times() const { return renderer_->timer().results(); }
  /// Every effect's statistics, named "<instance>.<stat>", in scene order.
  std::vector<std::pair<std::string, double>> stats() const;

  /// The effects' passes as the next frame draws them (each effect's sync_passes run first), in
  /// scene order, without the backdrop room: for a host that lists them in a frame of its own
  /// beside passes of its own. Ask again after advancing or changing a knob.
  Result<std::vector<gpu::FramePasses*>> effect_passes() { return frame_passes(false); }

  gpu::FrameRenderer& renderer() { return *renderer_; }
  const Scene& scene() const { return scene_; }
  std::span<const std::unique_ptr<Effect>> effects() const { return effects_; }

 private:
  ScenePlayer() = default;
  gpu::FrameView view() const;
  // Every effect's passes after its sync_passes, in scene order, after the room when with_room.
  Result<std::vector<gpu::FramePasses*>> frame_passes(bool with_room);

  Scene scene_;
  double time_ = 0.0;
  std::optional<Camera> camera_override_;
  std::optional<gpu::FrameView> host_view_;  // the host's, for the frames drawn into its images
  std::unique_ptr<gpu::Room> room_;
  std::unique_ptr<gpu::FrameRenderer> renderer_;
  std::vector<std::unique_ptr<Effect>> effects_;
};

}  // namespace lfx::scene

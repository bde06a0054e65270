// lfx::gpu::ParticlesPasses: liquidfx's particle liquid as a host drives it in its frame: the
// driver (the setup's tank, blocks, nozzles, sinks and colliders, stepped on the CPU's clock), the
// solver's steps recorded with the frame (or ahead of it: record_steps), and, when asked, the
// particles as sphere impostors and the colliders' shapes in the opaque step. A particle surface
// draws the liquid from source() (SurfaceRenderer::attach).
#pragma once

#include <memory>
#include <optional>

#include "liquidfx/core/particles/particles_driver.h"
#include "liquidfx/core/result.h"
#include "liquidfx/gpu/effects/collider_shapes.h"
#include "liquidfx/gpu/effects/particle_spheres.h"
#include "liquidfx/gpu/effects/particles_solver.h"
#include "liquidfx/gpu/render/frame_passes.h"

namespace lfx::gpu {

class ParticlesPasses : public FramePasses {
 public:
  /// The liquid `driver` plays (ParticlesDriver::create(knobs, setup): the knobs are the
  /// caller's, read every step, and must outlive the passes; after changing one call
  /// knobs_changed).
  static Result<std::unique_ptr<ParticlesPasses>> create(Context& ctx, ParticlesDriver driver);

  /// Plays dt seconds (> 0): the steps due are recorded with the next frame.
  void advance(double dt) { driver_->advance(dt); }
  /// After a knob changed: a new count or solver starts the liquid again in new buffers, made
  /// here (an error when its grid would be too large); the others apply from the next step.
  Result<void> knobs_changed();
  /// The records (ParticleRecord) and the live count, for a surface or the host's own passes;
  /// valid from creation and after knobs_changed (a new count makes new buffers: update the
  /// surface each frame).
  ParticleSource source() const { return solver_->source(); }
  /// The newest statistics whose frame completed (std::nullopt before the first).
  std::optional<ParticleStats> stats() const { return solver_->stats(); }
  /// The particles the absorbers' containers have been given so far.
  std::uint64_t absorbed_credited() const { return solver_->absorbed_credited(); }
  const ParticlesDriver& driver() const { return *driver_; }
  /// The colour the colliders' shapes are drawn in (knob `spheres` draws the particles too).
  void set_collider_color(glm::vec3 color) { collider_color_ = color; }

  Result<void> prepare(const FramePrepare& frame) override;
  void record_opaque(FrameContext& frame) override;
  bool samples_scene_copy() const override { return false; }  // opaque only
  std::size_t pending_steps() const override { return solver_->pending_steps(); }
  void record_steps(VkCommandBuffer cmd, GpuTimer* timer, std::size_t max_steps) override {
    solver_->record(cmd, timer, max_steps);
  }

 private:
  ParticlesPasses() = default;
  std::optional<ParticlesDriver> driver_;
  std::unique_ptr<ParticlesSolver> solver_;
  std::unique_ptr<ParticleSpheres> spheres_;
  std::unique_ptr<ColliderShapes> colliders_;
  glm::vec3 collider_color_{0.55f, 0.5f, 0.45f};
};

}  // namespace lfx::gpu

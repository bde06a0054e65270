#include "liquidfx/gpu/effects/particles_passes.h"

namespace lfx::gpu {

Result<std::unique_ptr<ParticlesPasses>> ParticlesPasses::create(Context& ctx, ParticlesDriver driver) {
  std::unique_ptr<ParticlesPasses> p(new ParticlesPasses());
  p->driver_.emplace(std::move(driver));
  LFX_TRY_ASSIGN(p->solver_, ParticlesSolver::create(ctx, *p->driver_));
  LFX_TRY_ASSIGN(p->spheres_, ParticleSpheres::create(ctx));
  LFX_TRY_ASSIGN(p->colliders_, ColliderShapes::create(ctx));
  LFX_TRY(p->solver_->prepare());  // the buffers, so that source() can be attached at once
  return p;
}

Result<void> ParticlesPasses::knobs_changed() {
  LFX_TRY(driver_->knobs_changed());
  return solver_->prepare();  // a restart's buffers now: source() must describe them at once
}

Result<void> ParticlesPasses::prepare(const FramePrepare& frame) {
  LFX_TRY(solver_->prepare());
  if (driver_->knobs().spheres) LFX_TRY(spheres_->prepare(frame, solver_->source()));
  return colliders_->prepare(frame);
}

void ParticlesPasses::record_opaque(FrameContext& frame) {
  solver_->record(frame.cmd, frame.timer);
  const ParticlesKnobs& k = driver_->knobs();
  if (k.spheres) spheres_->record_opaque(frame, k.draw_radius, k.foam_whiten);
  colliders_->record_opaque(frame, driver_->colliders_at(driver_->time(), driver_->step_dt()), collider_color_);
}

}  // namespace lfx::gpu

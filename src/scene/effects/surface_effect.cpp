#include "surface_effect.h"

#include "liquidfx/core/surface/surface_knobs.h"
#include "liquidfx/gpu/effects/surface_renderer.h"
#include "particles_effect.h"

namespace lfx::scene {
namespace {

class SurfaceEffect : public Effect {
 public:
  SurfaceEffect(std::string name, const SurfaceKnobs& knobs, const Effect& source)
      : name_(std::move(name)), knobs_(knobs), source_(source) {}

  std::vector<KnobGroup> knob_groups() override { return {{name_, SurfaceKnobs::knobs(), &knobs_}}; }
  Result<void> advance(double) override { return success(); }

  // The particles may have made new buffers (a new count): the surface follows them.
  Result<void> prepare(const gpu::FramePrepare& frame) override {
    LFX_TRY_ASSIGN(const gpu::ParticleSource source, particle_source_of(source_));
    if (renderer_->surfaces() == 0) {
      LFX_TRY(renderer_->attach(name_, source, knobs_));
    } else {
      LFX_TRY(renderer_->update(name_, source));
    }
    return renderer_->prepare(frame);
  }
  void record_transparent(gpu::FrameContext& frame) override { renderer_->record_transparent(frame); }

  std::string name_;
  SurfaceKnobs knobs_;
  const Effect& source_;
  std::unique_ptr<gpu::SurfaceRenderer> renderer_;
};

}  // namespace

Result<std::unique_ptr<Effect>> create_surface_effect(const EffectSetup& setup) {
  const JsonObject& b = setup.block;
  SurfaceKnobs knobs;
  LFX_TRY(b.knobs(&knobs, SurfaceKnobs::knobs()));
  LFX_TRY_ASSIGN(const std::string source, b.string("source"));
  LFX_TRY(b.finish());
  LFX_TRY_ASSIGN(Effect * particles, setup.find_effect(source, "particles"));
  if (!setup.device) return std::unique_ptr<Effect>();  // checked only
  auto e = std::make_unique<SurfaceEffect>(setup.instance.name, knobs, *particles);
  LFX_TRY_ASSIGN(e->renderer_, gpu::SurfaceRenderer::create(*setup.device));
  return std::unique_ptr<Effect>(std::move(e));
}

}  // namespace lfx::scene

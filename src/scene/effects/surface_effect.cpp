#include "surface_effect.h"

#include <algorithm>
#include <optional>

#include "liquidfx/core/surface/surface_knobs.h"
#include "liquidfx/gpu/effects/surface_renderer.h"
#include "liquidfx/gpu/effects/synthetic_particles.h"

namespace lfx::scene {
namespace {

constexpr std::string_view kSynthetic = "synthetic:";
constexpr std::string_view kShapes[] = {"sphere", "box", "lake"};

class SurfaceEffect : public Effect {
 public:
  SurfaceEffect(std::string name, const SurfaceKnobs& knobs) : name_(std::move(name)), knobs_(knobs) {}

  std::vector<KnobGroup> knob_groups() override { return {{name_, SurfaceKnobs::knobs(), &knobs_}}; }
  Result<void> advance(double dt) override {
    time_ += dt;
    return success();
  }

  std::vector<gpu::FramePasses*> passes() override {
    if (synthetic_) return {&synthetic_pass_, renderer_.get()};
    return {renderer_.get()};
  }

  // A particles effect may have made new buffers (a new count): the surface follows them.
  Result<void> sync_passes() override {
    gpu::ParticleSource source;
    if (synthetic_) {
      source = synthetic_->source();
    } else {
      const std::optional<gpu::ParticleSource> offered = particles_->particle_source();
      if (!offered) return input_error(name_ + ": its source offers no particles");
      source = *offered;
    }
    if (renderer_->surfaces() == 0) {
      LFX_TRY(renderer_->attach(name_, source, knobs_));
    } else {
      LFX_TRY(renderer_->update(name_, source));
    }
    synthetic_pass_.time = time_;
    return success();
  }

  // Particles of our own move (a lake's waves) in the frame's opaque step, before the surface
  // draws them.
  struct SyntheticPass : gpu::FramePasses {
    gpu::SyntheticParticles* particles = nullptr;
    double time = 0.0;
    void record_opaque(gpu::FrameContext& frame) override { particles->record(frame.cmd, time); }
  };

  std::string name_;
  SurfaceKnobs knobs_;
  double time_ = 0.0;
  const Effect* particles_ = nullptr;                   // the particles effect drawn, or
  std::unique_ptr<gpu::SyntheticParticles> synthetic_;  // particles of our own
  SyntheticPass synthetic_pass_;                        // moving them
  std::unique_ptr<gpu::SurfaceRenderer> renderer_;
};

// "synthetic:<shape>" with its "position", "size" (a sphere's diameter in x), "spacing" and, for
// a lake, "waves" (the amplitude in metres).
Result<gpu::SyntheticSetup> read_synthetic(const JsonObject& b, std::string_view shape_name) {
  gpu::SyntheticSetup s;
  const auto shape = std::find(std::begin(kShapes), std::end(kShapes), shape_name);
  if (shape == std::end(kShapes))
    return b.error_at("source", "unknown synthetic shape \"" + std::string(shape_name) + "\" (sphere, box or lake)");
  s.shape = gpu::SyntheticShape(shape - std::begin(kShapes));
  LFX_TRY_ASSIGN(s.centre, b.vec3("position", {-1000.0, 1000.0}, s.centre));
  LFX_TRY_ASSIGN(s.size, b.vec3("size", {0.0, 100.0, true}, s.size));
  LFX_TRY_ASSIGN(const double spacing, b.number("spacing", {0.0, 1.0, true}, s.spacing));
  s.spacing = float(spacing);
  LFX_TRY_ASSIGN(const double waves, b.number("waves", {0.0, 1.0}, s.wave_amplitude));
  s.wave_amplitude = float(waves);
  if (auto fits = gpu::SyntheticParticles::lattice(s); !fits) return b.error_at("spacing", fits.error().message);
  return s;
}

}  // namespace

Result<std::unique_ptr<Effect>> create_surface_effect(const EffectSetup& setup) {
  const JsonObject& b = setup.block;
  SurfaceKnobs knobs;
  LFX_TRY(b.knobs(&knobs, SurfaceKnobs::knobs()));
  LFX_TRY_ASSIGN(const std::string source, b.string("source"));
  std::optional<gpu::SyntheticSetup> synthetic;
  Effect* particles = nullptr;
  if (source.starts_with(kSynthetic)) {
    LFX_TRY_ASSIGN(synthetic, read_synthetic(b, std::string_view(source).substr(kSynthetic.size())));
  } else {
    LFX_TRY_ASSIGN(particles, setup.find_effect(b, "source", "particles"));
  }
  LFX_TRY(b.finish());
  if (!setup.device) return std::unique_ptr<Effect>();  // checked only
  auto e = std::make_unique<SurfaceEffect>(setup.instance.name, knobs);
  if (synthetic) {
    auto made = gpu::SyntheticParticles::create(*setup.device, *synthetic);
    if (!made) return b.error_at("spacing", made.error().message);
    e->synthetic_ = std::move(made.value());
    e->synthetic_pass_.particles = e->synthetic_.get();
  }
  e->particles_ = particles;
  LFX_TRY_ASSIGN(e->renderer_, gpu::SurfaceRenderer::create(*setup.device));
  return std::unique_ptr<Effect>(std::move(e));
}

}  // namespace lfx::scene

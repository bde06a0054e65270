// lfx::gpu::SyntheticParticles: a particle buffer with no simulation behind it - a sphere, a
// box or a lake with small travelling waves - for testing and showing the surface on its own
// (`"source": "synthetic:lake"`). Records are 32 bytes: the position and 1, then the velocity.
#pragma once

#include <glm/ext/vector_int3.hpp>
#include <glm/vec3.hpp>
#include <memory>

#include "liquidfx/core/result.h"
#include "liquidfx/gpu/buffer.h"
#include "liquidfx/gpu/context.h"
#include "liquidfx/gpu/particle_source.h"
#include "liquidfx/gpu/pipeline.h"

namespace lfx::gpu {

enum class SyntheticShape { sphere, box, lake };

struct SyntheticSetup {
  SyntheticShape shape = SyntheticShape::lake;
  glm::vec3 centre{0.0f};             ///< Of the sphere or the box; the lake's bottom centre (m).
  glm::vec3 size{0.6f, 0.06f, 0.4f};  ///< Sphere: diameter in x; box and lake: extents (m).
  float spacing = 0.01f;              ///< Between particles (m).
  float wave_amplitude = 0.006f;      ///< Lake only (m).
};

/// The most particles a synthetic source makes (128 MB of records).
inline constexpr std::uint32_t kMaxSyntheticParticles = 4000000;

class SyntheticParticles {
 public:
  /// At most kMaxSyntheticParticles; more, or none (a sphere smaller than the spacing), is an
  /// error naming the count.
  static Result<std::unique_ptr<SyntheticParticles>> create(Context& ctx, const SyntheticSetup& setup);
  /// The particles along each axis of the setup's lattice; an error for a spacing that is not a
  /// positive number or a lattice of more than kMaxSyntheticParticles (no GPU needed).
  static Result<glm::ivec3> lattice(const SyntheticSetup& setup);
  ParticleSource source() const;
  /// Moves the lake's particles to their positions at `time` (nothing for a sphere or a box).
  void record(VkCommandBuffer cmd, double time);

 private:
  explicit SyntheticParticles(Context& ctx) : ctx_(ctx) {}
  Context& ctx_;
  SyntheticSetup setup_;
  Pipeline waves_;
  Buffer rest_, records_;
  std::uint32_t count_ = 0;
};

}  // namespace lfx::gpu

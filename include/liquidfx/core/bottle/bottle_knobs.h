// The bottle effect's knob table: every slosh knob (physics and liquid look) plus the glass.
#pragma once

#include "liquidfx/core/slosh/slosh_knobs.h"

namespace lfx {

// clang-format off
#define LFX_BOTTLE_GLASS_KNOBS(X)                                                                                    \
  X(glass_tint, glm::vec3, (glm::vec3{0.90f, 0.96f, 0.94f}), 0.0, 1.0, "rgb", "What one 4 mm glass wall lets through, per colour (thicker glass absorbs more)") \
  X(glass_opacity, float, 0.06f, 0.0, 0.99, "", "What one 4 mm glass wall stops at normal incidence (Fresnel reflects more at grazing)") \
  X(glass_refraction, float, 1.0f, 0.0, 2.0, "", "Share of glass's physical bending (index 1.5) that is applied")   \
  X(shadow, float, 1.0f, 0.0, 1.0, "", "Strength of the shadow and caustic the container casts on the room")       \
  X(film_opacity, float, 0.45f, 0.0, 1.0, "", "Opacity of the wet film on the inner wall")                           \
  X(copies, int, 1, 1, 10000, "", "Copies of this container on a square grid along +x and -z (benchmarks)", ::lfx::kKnobRestarts)          \
  X(copy_spacing, float, 0.1f, 0.01, 10.0, "m", "Distance between copies on the grid", ::lfx::kKnobRestarts)                               \
  X(reference_pass, bool, false, 0, 1, "", "Also draw the same meshes as plain opaque, timed apart (benchmarks)")      \
  X(write_depth, bool, false, 0, 1, "", "Write the liquid's depth into the frame's depth, for later passes (fog, TAA)")
#define LFX_BOTTLE_KNOBS(X) LFX_SLOSH_KNOBS(X) LFX_BOTTLE_GLASS_KNOBS(X)
// clang-format on
LFX_KNOB_STRUCT(BottleKnobs, LFX_BOTTLE_KNOBS);

/// The slosh part of the bottle's knobs.
inline SloshKnobs slosh_knobs(const BottleKnobs& bottle) {
  SloshKnobs out;
#define LFX_COPY_KNOB(name, ...) out.name = bottle.name;
  LFX_SLOSH_KNOBS(LFX_COPY_KNOB)
#undef LFX_COPY_KNOB
  return out;
}

}  // namespace lfx

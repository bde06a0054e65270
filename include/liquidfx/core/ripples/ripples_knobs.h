// The ripples effect's knobs: expanding rings and the wave-equation mode.
#pragma once

#include "liquidfx/core/knobs.h"

namespace lfx {

enum class RippleMode { rings, waves };
template <>
struct KnobEnumNames<RippleMode> {
  static constexpr std::string_view kNames[] = {"rings", "waves"};
};

enum class RippleEdges { absorbing, reflecting };
template <>
struct KnobEnumNames<RippleEdges> {
  static constexpr std::string_view kNames[] = {"absorbing", "reflecting"};
};

// clang-format off
#define LFX_RIPPLES_KNOBS(X)                                                                                         \
  X(mode, RippleMode, RippleMode::rings, 0, 0, "", "rings (expanding rings from a pool) or waves (a wave-equation height field)") \
  X(count, int, 8, 1, 65536, "", "Ripples alive at once (the pool's capacity); the oldest is replaced when full") \
  X(speed, float, 1.2f, 0.01, 20.0, "1/s", "How fast a ring expands, in short sides per second")                 \
  X(width, float, 0.06f, 0.001, 0.5, "", "Width of a ring, in short sides")                                     \
  X(decay, float, 2.0f, 0.0, 50.0, "1/s", "Exponential fading of a ripple")                                     \
  X(max_radius, float, 0.8f, 0.01, 4.0, "", "Radius at which a ripple has faded out, in short sides")           \
  X(distortion, float, 0.02f, 0.0, 0.5, "", "Push/pull displacement of the image, in short sides")              \
  X(highlight, float, 0.6f, 0.0, 10.0, "", "Brightness of the light caught by the crests")                      \
  X(caustics, float, 0.15f, 0.0, 2.0, "", "Strength of the dappled caustic light (0: off)")                      \
  X(caustic_speed, float, 1.0f, 0.0, 20.0, "1/s", "How fast the caustics move")                                 \
  X(intensity, float, 1.0f, 0.0, 10.0, "", "Multiplier of every new ripple's intensity")                        \
  X(binning, bool, true, 0, 1, "", "Each pixel visits only the ripples binned into its 16 px tile (off: every ripple, for benchmarks)") \
  X(wave_speed, float, 0.5f, 0.01, 10.0, "1/s", "Waves mode: wave speed, in short sides per second")             \
  X(wave_damping, float, 0.4f, 0.0, 50.0, "1/s", "Waves mode: how fast waves lose energy")                       \
  X(wave_resolution, int, 256, 16, 4096, "", "Waves mode: simulation cells along the short side")               \
  X(wave_edges, RippleEdges, RippleEdges::absorbing, 0, 0, "", "Waves mode: waves leave through the edges, or bounce") \
  X(wave_refraction, float, 0.6f, 0.0, 10.0, "", "Waves mode: how much the surface's slope displaces the image") \
  X(drop_radius, float, 0.016f, 0.001, 0.5, "", "Waves mode: radius of a raindrop or a pointer's touch, in short sides") \
  X(drop_depth, float, 0.05f, -1.0, 1.0, "", "Waves mode: how deep a drop pushes the surface, in short sides")
// clang-format on
LFX_KNOB_STRUCT(RipplesKnobs, LFX_RIPPLES_KNOBS);

}  // namespace lfx

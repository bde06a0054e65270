// Every knob of a liquid in a container: its physics and its look. One table (knobs.h): the
// struct, JSON parsing, --set bottle.<knob>=..., the viewer's sliders and docs/slosh.md's table.
#pragma once

#include <glm/vec3.hpp>

#include "liquidfx/core/knobs.h"

namespace lfx {

enum class LiquidStyle { refractive, opaque };
template <>
struct KnobEnumNames<LiquidStyle> {
  static constexpr std::string_view kNames[] = {"refractive", "opaque"};
};

/// What liquid poured into a container does: mixes with its liquid (colours by volume), or keeps
/// a layer of its own, floating on it or sinking under it (immiscible, as oil on water).
enum class PouredLiquid { mixes, floats, sinks };
template <>
struct KnobEnumNames<PouredLiquid> {
  static constexpr std::string_view kNames[] = {"mixes", "floats", "sinks"};
};

// clang-format off
#define LFX_SLOSH_KNOBS(X)                                                                                          \
  X(fill, float, 0.5f, 0.0, 1.0, "", "Share of the liquid mesh's volume filled, kept exactly at any tilt")         \
  X(inset, float, 0.94f, 0.5, 1.0, "", "Scale of the liquid mesh inside the container, about its volume centroid", ::lfx::kKnobRestarts) \
  X(frequency, float, 0.0f, 0.0, 20.0, "Hz", "Sloshing frequency; 0 derives it from the shape and fill depth")     \
  X(damping, float, 0.12f, 0.0, 3.0, "", "Damping ratio of the slosh (real water ~0.005; 1 is critical)")          \
  X(response, float, 1.0f, 0.0, 4.0, "", "Multiplier of the tilt the surface takes from accelerations")             \
  X(max_tilt, float, 40.0f, 0.0, 85.0, "deg", "Largest tilt of the surface from level (soft limit)")               \
  X(agitation_spin, float, 0.35f, 0.0, 10.0, "1/rad", "Agitation per radian of rotation about the vertical")        \
  X(agitation_shake, float, 0.4f, 0.0, 10.0, "s/m", "Agitation per m/s of sudden velocity change")                \
  X(agitation_fall, float, 1.5f, 0.0, 20.0, "1/s", "Agitation per second of free fall")                           \
  X(agitation_decay, float, 1.0f, 0.05, 20.0, "1/s", "Rate at which agitation settles (reaches exactly 0)")      \
  X(wave_height, float, 0.006f, 0.0, 0.1, "m", "Largest amplitude of the directional wave")                       \
  X(wave_gain, float, 1.2f, 0.0, 20.0, "s/m", "Wave energy per m/s of horizontal velocity change")               \
  X(wave_decay, float, 0.7f, 0.05, 20.0, "1/s", "Rate at which wave energy settles (reaches exactly 0)")         \
  X(wave_scale, float, 45.0f, 1.0, 1000.0, "rad/m", "Spatial frequency of the directional wave")                 \
  X(wave_harmonic, float, 0.3f, 0.0, 2.0, "", "Weight of the second sine (at twice the phase rate)")              \
  X(wave_warp, float, 0.45f, 0.0, 4.0, "", "How much the agitation noise bends the wave fronts")                 \
  X(noise_height, float, 0.0025f, 0.0, 0.05, "m", "Height of the agitation ripples at full agitation")           \
  X(noise_scale, float, 90.0f, 1.0, 2000.0, "1/m", "Spatial frequency of the ripples' first octave")             \
  X(noise_speed, float, 1.6f, 0.0, 20.0, "1/s", "How fast the ripples evolve")                                    \
  X(refraction_influence, float, 0.35f, 0.0, 4.0, "", "How much the wave bends what is seen through the top")     \
  X(teleport_speed, float, 30.0f, 1.0, 1000.0, "m/s", "Faster moves are teleports: history resets, no kick")      \
  X(teleport_gap, float, 1.0f, 0.05, 60.0, "s", "Longer gaps between updates reset history too")                 \
  X(bubbles, int, 28, 0, 4096, "", "Size of the bubble pool")                                                     \
  X(bubble_threshold, float, 0.88f, 0.0, 1.0, "", "Agitation above which bubbles are stirred in")                \
  X(bubble_rate, float, 30.0f, 0.0, 1000.0, "1/s", "Bubbles spawned per second at full agitation")               \
  X(nucleation_rate, float, 0.0f, 0.0, 1000.0, "1/s", "Small bubbles per second rising from the bottom (fizz)")  \
  X(bubble_min_radius, float, 0.0012f, 0.0001, 0.05, "m", "Smallest bubble radius")                              \
  X(bubble_max_radius, float, 0.0045f, 0.0001, 0.05, "m", "Largest bubble radius")                               \
  X(bubble_growth, float, 0.25f, 0.0, 5.0, "s", "Time a new bubble takes to grow from nothing (ease-out)")       \
  X(bubble_rise, float, 0.12f, 0.0, 5.0, "m/s", "Terminal rise speed of the largest bubbles")                    \
  X(bubble_drift, float, 0.0012f, 0.0, 0.05, "m", "Sideways wander of a rising bubble")                          \
  X(film_drain, float, 0.03f, 0.0, 10.0, "m/s", "How fast the wet film on the walls runs back down")            \
  X(meniscus_width, float, 0.0018f, 0.0, 0.05, "m", "Width of the bright band along the waterline")              \
  X(foam_width, float, 0.004f, 0.0, 0.1, "m", "Width of the foam band at full slosh energy")                     \
  X(style, LiquidStyle, LiquidStyle::refractive, 0, 0, "", "refractive (bends and tints what is behind) or opaque (two flat colours with a rim)") \
  X(color, glm::vec3, (glm::vec3{0.30f, 0.62f, 0.85f}), 0.0, 1.0, "rgb", "Liquid colour (linear)")              \
  X(top_color, glm::vec3, (glm::vec3{0.55f, 0.80f, 0.95f}), 0.0, 1.0, "rgb", "Colour of the top (opaque style)") \
  X(poured_liquid, PouredLiquid, PouredLiquid::mixes, 0, 0, "", "Liquid poured in mixes (colours by volume), or stays a layer that floats on this one or sinks under it (immiscible)") \
  X(opacity, float, 0.25f, 0.0, 1.0, "", "How much of the liquid's own colour covers what it refracts")         \
  X(absorption, glm::vec3, (glm::vec3{6.0f, 2.5f, 1.2f}), 0.0, 10000.0, "1/m", "Beer-Lambert absorption along the view path") \
  X(refraction, float, 1.0f, 0.0, 2.0, "", "Share of the liquid's physical bending (index 1.33) that is applied")                    \
  X(blur, float, 1.5f, 0.0, 8.0, "mip", "Blur of what is seen through the liquid (scene-colour mip level)")      \
  X(seed, int, 1, 0, 1000000, "", "Random seed of the bubbles (same seed, same bubbles)")
// clang-format on
LFX_KNOB_STRUCT(SloshKnobs, LFX_SLOSH_KNOBS);

}  // namespace lfx

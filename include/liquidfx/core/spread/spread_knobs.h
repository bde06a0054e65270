// The spread effect's knobs: liquid lying on a picture that a finger pushes around.
#pragma once

#include "liquidfx/core/knobs.h"

namespace lfx {

// How the thickness moves: in flux form (what a cell loses through a face its neighbour gains,
// exactly) - first order or second order (minmod-limited slope) in CFL sub-steps, or swept: the
// first-order fluxes in one step at any Courant number, dimension by dimension - or the seed's
// semi-Lagrangian update (kept to show and measure its drift).
enum class SpreadThicknessScheme { donor_cell, muscl, swept, semi_lagrangian };
template <>
struct KnobEnumNames<SpreadThicknessScheme> {
  static constexpr std::string_view kNames[] = {"donor_cell", "muscl", "swept", "semi_lagrangian"};
};

// How the velocity carries itself: semi-Lagrangian (one step back along the flow, smooths), or
// MacCormack (that step, a step forward again from its result, half the round trip's error
// taken back, limited to the values around the departure point: sharper swirls, twice the reads).
enum class SpreadVelocityAdvection { semi_lagrangian, maccormack };
template <>
struct KnobEnumNames<SpreadVelocityAdvection> {
  static constexpr std::string_view kNames[] = {"semi_lagrangian", "maccormack"};
};

// What stays where the liquid has passed: the seed's alpha history (the largest coverage seen,
// blended with the current), or a film deposited from the liquid itself.
enum class SpreadTraces { history, film };
template <>
struct KnobEnumNames<SpreadTraces> {
  static constexpr std::string_view kNames[] = {"history", "film"};
};

// clang-format off
#define LFX_SPREAD_KNOBS(X)                                                                                          \
  X(cells, int, 256, 16, 2048, "", "Velocity cells along the frame's short side", ::lfx::kKnobRestarts)                                 \
  X(thickness_cells, int, 512, 16, 2048, "", "Thickness cells along the short side (the liquid's own detail)", ::lfx::kKnobRestarts)     \
  X(velocity_advection, SpreadVelocityAdvection, SpreadVelocityAdvection::semi_lagrangian, 0, 0, "", "semi_lagrangian (smooth, cheapest) or maccormack (second order, limited: keeps swirls sharper)") \
  X(viscosity, float, 0.0005f, 0.0, 0.1, "1/s", "Kinematic viscosity, in short sides squared per second")          \
  X(drag, float, 0.6f, 0.0, 1.0, "", "How much of the finger's motion the liquid around it takes on")             \
  X(plow, float, 1.0f, 0.0, 1.0, "", "How much liquid the finger pushes ahead of itself (the bulge) and leaves behind") \
  X(yield_speed, float, 0.05f, 0.0, 2.0, "1/s", "Below this speed (short sides a second) the liquid barely moves")  \
  X(dry_threshold, float, 0.002f, 0.0, 1.0, "", "Thinner than this (short sides) the flow is damped: the empty picture does not stir") \
  X(vorticity, float, 0.0f, 0.0, 2.0, "", "Vorticity confinement: puts back the small swirls the grid smooths away (0: off)") \
  X(projection_cycles, int, 2, 1, 50, "", "Multigrid V-cycles of the pressure projection a step")                 \
  X(thickness_scheme, SpreadThicknessScheme, SpreadThicknessScheme::swept, 0, 0, "", "donor_cell, muscl (conservative, CFL sub-steps), swept (conservative, one step at any speed), semi_lagrangian (the seed's, drifts)") \
  X(pile_height, float, 0.06f, 0.0, 1.0, "", "Liquid thicker than this (short sides) levels out down its own slope, so a finger cannot gather its path into a tall bead (0: never levels)") \
  X(cfl, float, 0.8f, 0.05, 1.0, "", "Thickness sub-steps keep the flow under this many cells a sub-step")        \
  X(traces, SpreadTraces, SpreadTraces::history, 0, 0, "", "history (the seed's alpha history) or film (a thin film deposited from the liquid)") \
  X(film, float, 0.0015f, 0.0, 0.1, "", "Film mode: thickness of the film the liquid leaves where it passes (short sides)") \
  X(film_rate, float, 4.0f, 0.0, 100.0, "1/s", "Film mode: how fast the film forms under moving liquid")        \
  X(relief, float, 1.0f, 0.0, 20.0, "", "How steep the liquid's surface looks (scales the thickness's slopes in the shading)") \
  X(shine, float, 0.6f, 0.0, 4.0, "", "Strength of the highlights")                                               \
  X(banding, bool, false, 0, 1, "", "Shade from the thickness rounded to 8 bits, as the seed's 8-bit target did (visible steps)") \
  X(reference_pass, bool, false, 0, 1, "", "Also time a plain copy of the frame, the floor of any full-frame pass (benchmarks)")
// clang-format on
LFX_KNOB_STRUCT(SpreadKnobs, LFX_SPREAD_KNOBS);

}  // namespace lfx

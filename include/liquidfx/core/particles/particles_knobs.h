// The particle liquid's knobs (MLS-MPM on the GPU; see docs/particles.md).
#pragma once

#include "liquidfx/core/knobs.h"

namespace lfx {

/// wcmpm: weakly compressible MLS-MPM (its steps follow the speed of sound); incompressible:
/// APIC on a staggered grid with a pressure projection (its steps follow the motion).
enum class ParticleSolverKind { wcmpm, incompressible };
template <>
struct KnobEnumNames<ParticleSolverKind> {
  static constexpr std::string_view kNames[] = {"wcmpm", "incompressible"};
};

/// The incompressible solver's pressure preconditioner: multigrid (a V-cycle over coarser
/// levels: iterations nearly independent of the liquid's size) or jacobi (the diagonal: cheaper
/// iterations, more of them as the liquid grows).
enum class PressurePreconditioner { multigrid, jacobi };
template <>
struct KnobEnumNames<PressurePreconditioner> {
  static constexpr std::string_view kNames[] = {"multigrid", "jacobi"};
};

// clang-format off
#define LFX_PARTICLES_KNOBS(X)                                                                                       \
  X(count, int, 32768, 64, 2000000, "", "Capacity in particles; the scene's blocks are filled with this many (changing it restarts)", ::lfx::kKnobRestarts) \
  X(solver, ParticleSolverKind, ParticleSolverKind::incompressible, 0, 0, "", "incompressible (APIC with a pressure projection; needs 64-bit atomics and subgroup arithmetic in compute) or wcmpm (weakly compressible MLS-MPM, runs anywhere); changing it restarts", ::lfx::kKnobRestarts) \
  X(substeps, int, 0, 0, 400, "", "Solver steps per 1/60 s; 0 derives them: wcmpm from the speed of sound and the cell size (CFL 0.4), incompressible on the GPU from the fastest particle (at most `step_cells` of a cell a step, at most 1/(60 x steps_at_rest) s)") \
  X(step_cells, float, 1.0f, 0.05, 1.0, "cells", "Incompressible, derived substeps: how far the fastest particle may move in a step (smaller follows fast surges more closely, larger takes fewer steps)") \
  X(steps_at_rest, int, 1, 1, 8, "", "Incompressible, derived substeps: the steps a 1/60 s of a liquid that moves slowly; a frame queues the liquid's time in blocks of 1/(60 x this) s, so 2 moves it every frame of a 120 Hz host") \
  X(sound_speed, float, 12.0f, 0.5, 200.0, "m/s", "Speed of sound of the weakly compressible liquid: compression is about g x depth / c^2") \
  X(pressure_tolerance, float, 1.0e-4f, 1.0e-8, 0.1, "", "Incompressible: the pressure solve stops once the divergence left is this share of the step's") \
  X(volume_correction, float, 10.0f, 0.0, 1000.0, "1/s", "Incompressible: how fast liquid that bunched up (a cell fuller than at rest) spreads out again; 0: off") \
  X(preconditioner, PressurePreconditioner, PressurePreconditioner::multigrid, 0, 0, "", "Incompressible: the pressure solve's preconditioner, multigrid (iterations nearly flat in the liquid's size) or jacobi") \
  X(max_pressure_iterations, int, 40, 1, 10000, "", "Incompressible: the most conjugate-gradient iterations of a step's pressure solve (each is recorded; jacobi needs more)") \
  X(flip, float, 0.0f, 0.0, 1.0, "", "Incompressible: share of FLIP in the particles' velocity update (0: APIC alone, smooth; towards 1 livelier and noisier)") \
  X(viscosity, float, 1.0e-5f, 0.0, 1.0, "m2/s", "Kinematic viscosity (water 1e-6, olive oil 1e-4, honey 1e-2)")       \
  X(gravity, float, 9.81f, 0.0, 100.0, "m/s2", "Downward acceleration")                                              \
  X(foam_rate, float, 1.0f, 0.0, 20.0, "", "How readily trapped air and breaking crests turn into foam")              \
  X(foam_lifetime, float, 1.0f, 0.02, 60.0, "s", "Foam halves over this time once nothing renews it")                 \
  X(mixing, float, 0.4f, 0.0, 50.0, "1/s", "How fast two liquids' colours mix where they touch")                    \
  X(reorder_every, int, 8, 1, 1000, "", "Steps between sorts of the particles by grid cell (memory locality; sinks drain then)") \
  X(settle_speed, float, 0.25f, 0.0, 100.0, "m/s", "Particles slower than this inside a container they fill go back into its liquid")  \
  X(settle_time, float, 0.3f, 0.01, 60.0, "s", "How long a settled particle stays a particle on average before its container takes it") \
  X(spheres, bool, true, 0, 0, "", "Draw the particles as spheres (off: a surface or a host draws them)")                  \
  X(draw_radius, float, 1.0f, 0.1, 4.0, "", "Radius of the drawn spheres, in half particle spacings")               \
  X(foam_whiten, float, 0.8f, 0.0, 1.0, "", "How far foam turns the drawn spheres white")
// clang-format on
LFX_KNOB_STRUCT(ParticlesKnobs, LFX_PARTICLES_KNOBS);

}  // namespace lfx

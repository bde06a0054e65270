#version 460
// The solver's clock, before each slot: does a solver step begin here, and how many slots of its
// block does it join? A step may join slots while the fastest particle (and the fastest collider
// surface), gathering gravity on the way, crosses at most the knob step_cells of a cell, so a
// liquid at rest takes a block in one step and a splash takes a slot a step. Inside a joined step
// the slot's passes dispatch nothing. The step's values (dt and what follows from it) are
// written for the passes to read.
#include "particles/mac_common.glsl"
layout(local_size_x = 1) in;
layout(set = 0, binding = 2, std430) readonly buffer Counts { ParticleCounts counts; };
layout(set = 0, binding = 22, std430) buffer Solve { PressureSolve solve; };
struct StepValues {
  LFX_PARTICLES_STEP_PUSH
};
layout(set = 0, binding = 26, std430) writeonly buffer Step { StepValues step; };
layout(set = 0, binding = 27, std430) buffer Clock { ParticleClock clock; };
// The slot's own values, as for a step of one slot.
layout(push_constant) uniform Push { LFX_PARTICLES_STEP_PUSH };

void main() {
  clock.slots += 1u;
  if (clock.covered > 0u) {
    clock.covered -= 1u;
    clock.particle_dispatch = uvec4(0u, 1u, 1u, 0u);
    clock.node_dispatch = uvec4(0u, 1u, 1u, 0u);
    clock.once_dispatch = uvec4(0u, 1u, 1u, 0u);
    clock.run_dispatch = uvec4(0u, 1u, 1u, 0u);
    // The pressure solve's per-brick passes read their dispatch from the solve: none either.
    solve.dispatch.x = 0u;
    solve.reduce_dispatch.x = 0u;
    return;
  }
  float dx = grid_origin.w, dt = domain_min.w;
  float fastest = max(uintBitsToFloat(clock.largest_speed), outside_speed);
  float fall = length(gravity.xyz);
  uint span = 1u;
  for (uint k = slots_left; k > 1u; --k) {
    float t = float(k) * dt;
    if ((fastest + fall * t) * t <= gravity.w * dx) {
      span = k;
      break;
    }
  }
  clock.covered = span - 1u;
  clock.largest_speed = 0u;
  clock.steps += 1u;
  clock.particle_dispatch = counts.dispatch;
  clock.node_dispatch = flat_dispatch((uint(grid_dims.w) + kParticleGroupSize - 1u) / kParticleGroupSize);
  clock.once_dispatch = uvec4(1u, 1u, 1u, 0u);
  uint runs = (counts.live + kP2gRun - 1u) / kP2gRun;
  clock.run_dispatch = flat_dispatch((runs + kParticleGroupSize - 1u) / kParticleGroupSize);

  step.grid_origin = grid_origin;
  step.grid_dims = grid_dims;
  step.domain_min = domain_min;
  step.domain_max = domain_max;
  step.gravity = gravity;
  step.material = material;
  step.collider_first = collider_first;
  step.collider_count = collider_count;
  step.capacity = capacity;
  // The limit is cells a step: a joined step of n slots keeps the slot's metres a second, up to
  // the step's share of a cell (the clock joined the slots for slower liquid), so that no step
  // moves a particle further than a cell (no thin wall is crossed unseen).
  step.speed_limit = min(speed_limit * float(span), max(speed_limit, gravity.w));
  step.volume_rate = volume_rate;
  step.outside_speed = outside_speed;
  step.slots_left = slots_left;
  // The pressure in grid units grows with dt^2 (velocities are cells a step): the last step's,
  // which warm-starts this one's solve, is rescaled when the step's length changed.
  float last_dt = clock.last_step.x, step_dt = dt * float(span);
  step.warm_scale = last_dt > 0.0 && last_dt != step_dt ? (step_dt / last_dt) * (step_dt / last_dt) : 1.0;
  clock.last_step.x = step_dt;
  if (span > 1u) {
    // What scales with dt (the slot's values are for one slot): viscosity and foam rate dt, the
    // foam's decay and the volume correction compound. Only the incompressible solver joins
    // slots, so the weakly compressible stiffness and bulk viscosity are not here, and
    // material.x is its FLIP share, not a rate.
    float n = float(span);
    step.domain_min.w = dt * n;
    step.material = vec4(material.x, material.y * n, material.z * n, pow(material.w, n));
    step.volume_rate = 1.0 - pow(1.0 - volume_rate, n);
  }
}

#version 460
// The pressure solve's scalars from the per-cell passes' partial sums (in a fixed order, so the
// same bits every run): after the setup the norms, after applying the operator alpha, after
// preconditioning the residual beta and the test of convergence (after preconditioning the
// setup's residual, r . z). Once converged, the per-cell passes' indirect dispatches are emptied
// and every later stage of this step's solve does nothing.
#include "particles/particles_common.glsl"
layout(local_size_x = 256) in;
layout(set = 0, binding = 21, std430) readonly buffer Partials { vec4 partials[]; };
layout(set = 0, binding = 22, std430) buffer Solve { PressureSolve solve; };
layout(push_constant) uniform Push { LFX_PARTICLES_PRESSURE_PUSH };

shared vec4 sums[256];

// Once converged, the per-brick passes and the later reductions dispatch no workgroup.
void finish(bool converged) {
  if (!converged) return;
  solve.dispatch.x = solve.reduce_dispatch.x = 0u;
  for (int l = 0; l < kMultigridLevels - 1; ++l) solve.level_dispatch[l].x = 0u;
}

void main() {
  uint t = gl_LocalInvocationIndex;
  vec4 mine = vec4(0.0);
  for (uint k = t; k < solve.bricks * kPressurePartialSlots; k += 256u) mine += partials[k];
  sums[t] = mine;
  barrier();
  for (uint half_size = 128u; half_size > 0u; half_size >>= 1u) {
    if (t < half_size) sums[t] += sums[t + half_size];
    barrier();
  }
  if (t != 0u) return;
  vec4 s = sums[0];
  if (stage == 0u) {
    // Converged against |b|; with no divergence at all (b = 0), against the warm start's residual.
    solve.rz = 0.0;
    solve.r_norm2 = s.y;
    solve.b_norm2 = s.z > 0.0 ? s.z : s.y;
    solve.alpha = solve.beta = 0.0;
    solve.iterations = 0u;
    solve.reduce_dispatch = uvec4(1u, 1u, 1u, 0u);
    finish(s.y <= tolerance * tolerance * solve.b_norm2);
  } else if (stage == 1u) {
    float dq = s.x;
    solve.alpha = dq > 0.0 ? solve.rz / dq : 0.0;
    if (!(dq > 0.0)) finish(true);
  } else if (stage == 3u) {
    solve.rz = s.x;
  } else {
    solve.beta = solve.rz > 0.0 ? s.x / solve.rz : 0.0;
    solve.rz = s.x;
    solve.r_norm2 = s.y;
    solve.iterations += 1u;
    finish(s.y <= tolerance * tolerance * solve.b_norm2 || solve.iterations >= max_iterations);
  }
}

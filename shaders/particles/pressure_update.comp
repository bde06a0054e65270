#version 460
// One conjugate-gradient iteration, second half: x += alpha d, r -= alpha q (the preconditioner
// then makes z from r, and the sums of r . z and |r|^2).
#include "particles/mac_common.glsl"
layout(local_size_x = 64) in;
layout(set = 0, binding = 19, std430) buffer Pressure { vec4 pressure[]; };
layout(set = 0, binding = 20, std430) readonly buffer Directions { vec4 directions[]; };
// The step's values, which the clock (clock.comp) wrote for it.
layout(set = 0, binding = 26, std430) readonly buffer Step { LFX_PARTICLES_STEP_PUSH };
#include "particles/pressure_common.glsl"

void main() {
  int n = brick_cell();
  if (!is_liquid(n)) return;
  float d = directions[n][1u - (solve.iterations & 1u)];
  vec4 p = pressure[n];
  pressure[n].xy = vec2(p.x + solve.alpha * d, p.y - solve.alpha * p.z);
}

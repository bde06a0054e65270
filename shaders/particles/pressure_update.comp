#version 460
// One conjugate-gradient iteration, second half: x += alpha d, r -= alpha q, and the
// workgroup's parts of r . z and |r|^2.
#include "particles/mac_common.glsl"
layout(local_size_x = 64) in;
layout(set = 0, binding = 19, std430) buffer Pressure { vec4 pressure[]; };
layout(set = 0, binding = 20, std430) readonly buffer Directions { vec2 directions[]; };
// The step's values, which the clock (clock.comp) wrote for it.
layout(set = 0, binding = 26, std430) readonly buffer Step { LFX_PARTICLES_STEP_PUSH };
#include "particles/pressure_common.glsl"

vec4 update(int n) {
  if (!is_liquid(n)) return vec4(0.0);
  float d = directions[n][1u - (solve.iterations & 1u)];
  vec4 p = pressure[n];
  float x = p.x + solve.alpha * d, r = p.y - solve.alpha * p.z;
  pressure[n].xy = vec2(x, r);
  return vec4(r * r / cells[n].z, r * r, 0.0, 0.0);
}

void main() { write_partial(update(brick_cell())); }

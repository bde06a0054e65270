#version 460
// One conjugate-gradient iteration, first half: the new search direction d = z + beta d (z the
// preconditioned residual, pressure_precondition.glsl), made where it is needed - at the cell
// and at its liquid neighbours - so that no pass of its own is needed; then q = A d, and the
// workgroup's part of d . q. The directions alternate between x and y of each vec4.
#include "particles/mac_common.glsl"
layout(local_size_x = 64) in;
layout(set = 0, binding = 19, std430) buffer Pressure { vec4 pressure[]; };
layout(set = 0, binding = 20, std430) buffer Directions { vec4 directions[]; };
// The step's values, which the clock (clock.comp) wrote for it.
layout(set = 0, binding = 26, std430) readonly buffer Step { LFX_PARTICLES_STEP_PUSH };
#include "particles/pressure_common.glsl"

float direction(int n, uint last) { return directions[n].z + solve.beta * directions[n][last]; }

vec4 apply(int n) {
  if (!is_liquid(n)) return vec4(0.0);
  uint last = solve.iterations & 1u;
  ivec3 cell = node_of(n, grid_dims);
  float d = direction(n, last);
  float q = cells[n].z * d;
  for (int axis = 0; axis < 3; ++axis)
    for (int side = -1; side <= 1; side += 2) {
      int j = node_index(cell + side * unit(axis), grid_dims);
      if (is_liquid(j)) q -= direction(j, last);
    }
  pressure[n].z = q;
  directions[n][1u - last] = d;
  return vec4(d * q, 0.0, 0.0, 0.0);
}

void main() { write_partial(apply(brick_cell())); }

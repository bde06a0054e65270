#version 460
// The thickness sub-steps this step needs: no face carries more than `cfl` cells a sub-step, at
// most the slots recorded (beyond them the outflow limiter still keeps every cell >= 0). Each
// recorded slot's indirect dispatch arguments say whether it runs (its workgroups) or not (0),
// and the closing copy runs when an odd number ran (the result is then in the other buffer).
#include "spread/fields.glsl"
layout(local_size_x = 64) in;

void main() {
  uint n = uint(clamp(ceil(uintBitsToFloat(control[0]) * dt / (cfl * dh)), 1.0, float(most_substeps)));
  int mx = thickness_grid.x, my = thickness_grid.y;
  uint face_groups = uint(max((mx + 1) * my, mx * (my + 1)) + 63) / 64u;
  uint cell_groups = uint(mx * my + 63) / 64u;
  for (uint s = gl_LocalInvocationID.x; s < most_substeps; s += 64u) {
    uint at = kSpreadControlArgs + 6u * s;
    control[at] = s < n ? face_groups : 0u;
    control[at + 1u] = 1u;
    control[at + 2u] = 1u;
    control[at + 3u] = s < n ? cell_groups : 0u;
    control[at + 4u] = 1u;
    control[at + 5u] = 1u;
  }
  if (gl_LocalInvocationID.x == 0u) {
    control[1] = n;
    uint settle = kSpreadControlArgs + 6u * most_substeps;
    control[settle] = (n & 1u) == 1u ? cell_groups : 0u;
    control[settle + 1u] = 1u;
    control[settle + 2u] = 1u;
  }
}

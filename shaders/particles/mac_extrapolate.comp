#version 460
// One sweep of the velocity's extrapolation past the free surface: a face not known yet (between
// two air cells) takes the mean of its known neighbours of the same component (projected by the
// liquid, or extrapolated before; never a solid's), and is known after. Two sweeps cover every
// face a particle in or by the liquid reads (its stencil reaches a cell and a half), so the
// surface's particles move with the projected liquid, not with the unprojected velocity of the
// air beside it; a face farther out keeps what its own particles brought (a flying drop, a thin
// sheet). Reads one copy of the faces, writes the other.
#include "particles/mac_common.glsl"
layout(local_size_x = 64) in;
// xyz velocity; w bit axis: known, bit 3 + axis: fixed by a solid
layout(set = 0, binding = 4, std430) readonly buffer Faces { vec4 faces[]; };
layout(set = 0, binding = 23, std430) writeonly buffer Extrapolated { vec4 extrapolated[]; };
// The step's values, which the clock (clock.comp) wrote for it.
layout(set = 0, binding = 26, std430) readonly buffer Step { LFX_PARTICLES_STEP_PUSH };
#include "particles/grid_region.glsl"

void main() {
  int n = region_node();
  if (n < 0) return;
  ivec3 node = node_of(n, grid_dims);
  vec4 u = faces[n];
  uint known = uint(u.w);
  uint now_known = known;
  for (int axis = 0; axis < 3; ++axis) {
    uint bit = 1u << axis;
    if ((known & (bit | (8u << axis))) != 0u) continue;
    float sum = 0.0, count = 0.0;
    for (int across = 0; across < 3; ++across)
      for (int side = -1; side <= 1; side += 2) {
        ivec3 other = node + side * unit(across);
        if (!in_region(other)) continue;  // outside: no face is known there
        vec4 f = faces[node_index(other, grid_dims)];
        if ((uint(f.w) & bit) == 0u) continue;
        sum += f[axis];
        count += 1.0;
      }
    if (count > 0.0) {
      u[axis] = sum / count;
      now_known |= bit;
    }
  }
  extrapolated[n] = vec4(u.xyz, float(now_known));
}

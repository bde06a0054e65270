#version 460
// Lists the grid region's bricks (grid_region.glsl): those within a brick of one holding a
// particle's cell (p2g_mac.comp marks them), in grid order, and the per-node passes' dispatch of a
// workgroup a listed brick.
#include "particles/mac_common.glsl"
#include "particles/list_bricks.glsl"
layout(local_size_x = 256) in;
// The step's values, which the clock (clock.comp) wrote for it.
layout(set = 0, binding = 26, std430) readonly buffer Step { LFX_PARTICLES_STEP_PUSH };
#include "particles/grid_region.glsl"

// Whether a brick of a particle's cell lies within one brick of brick b.
bool near_particles(int b, ivec3 bricks) {
  ivec4 grid = ivec4(bricks, 0);
  ivec3 brick = node_of(b, grid);
  for (int k = 0; k < 27; ++k) {
    ivec3 other = brick + ivec3(k % 3, (k / 3) % 3, k / 9) - 1;
    if (!inside_grid(other, grid)) continue;
    if ((region_flags(node_index(other, grid)) & 1u) != 0u) return true;
  }
  return false;
}

void main() {
  ivec3 bricks = brick_grid(grid_dims);
  uint total = uint(brick_count(grid_dims));
  uvec2 run = list_run(total);
  uint mine = 0u;
  for (uint b = run.x; b < run.y; ++b)
    if (near_particles(int(b), bricks)) {
      atomicOr(region[kRegionFlags + b], 2u);  // bit 0, which the others read, stays as it is
      ++mine;
    }
  uint listed;
  uint at = list_start(mine, listed);
  if (gl_LocalInvocationIndex == 0u) {
    region[0] = listed;
    uvec4 dispatch = flat_dispatch(listed);
    region[4] = dispatch.x;
    region[5] = dispatch.y;
    region[6] = dispatch.z;
  }
  for (uint b = run.x; b < run.y; ++b)
    if ((region_flags(int(b)) & 2u) != 0u) region[kRegionFlags + total + at++] = b;
}

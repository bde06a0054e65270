#version 460
// Lists the grid region's bricks (grid_region.glsl): those within a brick of one holding a
// particle's cell (p2g_mac.comp marks them), in grid order, and the per-node passes' dispatch of a
// workgroup a listed brick. One workgroup: each invocation takes a run of bricks.
#include "particles/mac_common.glsl"
layout(local_size_x = 256) in;
// The step's values, which the clock (clock.comp) wrote for it.
layout(set = 0, binding = 26, std430) readonly buffer Step { LFX_PARTICLES_STEP_PUSH };
#include "particles/grid_region.glsl"

shared uint firsts[256];

// Whether a brick of a particle's cell lies within one brick of brick b.
bool near_particles(int b, ivec3 bricks) {
  ivec3 brick = ivec3(b % bricks.x, (b / bricks.x) % bricks.y, b / (bricks.x * bricks.y));
  for (int k = 0; k < 27; ++k) {
    ivec3 other = brick + ivec3(k % 3, (k / 3) % 3, k / 9) - 1;
    if (!inside_grid(other, ivec4(bricks, 0))) continue;
    if ((region_flags((other.z * bricks.y + other.y) * bricks.x + other.x) & 1u) != 0u) return true;
  }
  return false;
}

void main() {
  uint t = gl_LocalInvocationIndex;
  ivec3 bricks = region_bricks();
  uint total = uint(region_brick_count());
  uint chunk = (total + 255u) / 256u;
  uint begin = min(t * chunk, total), end = min(begin + chunk, total);
  uint mine = 0u;
  for (uint b = begin; b < end; ++b)
    if (near_particles(int(b), bricks)) {
      atomicOr(region[kRegionFlags + b], 2u);  // bit 0, which the others read, stays as it is
      ++mine;
    }
  firsts[t] = mine;
  memoryBarrierBuffer();
  barrier();
  if (t == 0u) {
    uint running = 0u;
    for (uint i = 0u; i < 256u; ++i) {
      uint count = firsts[i];
      firsts[i] = running;
      running += count;
    }
    // Big grids list more than 65535 bricks: x by y workgroups.
    uint x = min(running, 32768u);
    region[0] = running;
    region[4] = x;
    region[5] = x == 0u ? 1u : (running + x - 1u) / x;
    region[6] = 1u;
  }
  barrier();
  uint at = firsts[t];
  for (uint b = begin; b < end; ++b)
    if ((region_flags(int(b)) & 2u) != 0u) region[kRegionFlags + total + at++] = b;
}

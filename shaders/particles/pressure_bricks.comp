#version 460
// Lists the bricks of 4 x 4 x 4 cells that hold liquid, in grid order (so the solve's sums add in
// the same order every run), and the pressure solve's dispatch of a workgroup per brick: the
// solve's work follows the liquid, not the tank. Also the multigrid levels' dispatches over all
// their cells (each level halves the cells along every axis, rounding up).
#include "particles/mac_common.glsl"
layout(local_size_x = 256) in;
layout(set = 0, binding = 22, std430) buffer Solve { PressureSolve solve; };
layout(set = 0, binding = 24, std430) readonly buffer BrickFlags { uint brick_flags[]; };
layout(set = 0, binding = 25, std430) writeonly buffer BrickList { uint brick_list[]; };
// The step's values, which the clock (clock.comp) wrote for it.
layout(set = 0, binding = 26, std430) readonly buffer Step { LFX_PARTICLES_STEP_PUSH };
layout(push_constant) uniform Push { LFX_PARTICLES_PRESSURE_PUSH };

shared uint firsts[256];

void main() {
  uint t = gl_LocalInvocationIndex;
  ivec3 bricks = (grid_dims.xyz + kBrickSide - 1) / kBrickSide;
  uint total = uint(bricks.x * bricks.y * bricks.z);
  uint chunk = (total + 255u) / 256u;
  uint begin = min(t * chunk, total), end = min(begin + chunk, total);
  uint mine = 0u;
  for (uint b = begin; b < end; ++b) mine += brick_flags[b];
  firsts[t] = mine;
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
    solve.bricks = running;
    solve.dispatch = uvec4(x, x == 0u ? 1u : (running + x - 1u) / x, 1u, 0u);
    ivec3 d = grid_dims.xyz;
    for (uint l = 1u; l < uint(kMultigridLevels); ++l) {
      d = (d + 1) / 2;
      uint groups = l < levels ? (uint(d.x * d.y * d.z) + 63u) / 64u : 0u;
      uint gx = min(groups, 32768u);
      solve.level_dispatch[l - 1u] = uvec4(gx, gx == 0u ? 1u : (groups + gx - 1u) / gx, 1u, 0u);
    }
  }
  barrier();
  uint at = firsts[t];
  for (uint b = begin; b < end; ++b)
    if (brick_flags[b] != 0u) brick_list[at++] = b;
}

#version 460
// Lists the bricks of 4 x 4 x 4 cells that hold liquid, in grid order (so the solve's sums add in
// the same order every run), and the pressure solve's dispatch of a workgroup per brick: the
// solve's work follows the liquid, not the tank. Also the multigrid levels' dispatches over all
// their cells (each level halves the cells along every axis, rounding up).
#include "particles/mac_common.glsl"
#include "particles/list_bricks.glsl"
layout(local_size_x = 256) in;
layout(set = 0, binding = 22, std430) buffer Solve { PressureSolve solve; };
layout(set = 0, binding = 24, std430) readonly buffer BrickFlags { uint brick_flags[]; };
layout(set = 0, binding = 25, std430) writeonly buffer BrickList { uint brick_list[]; };
// The step's values, which the clock (clock.comp) wrote for it.
layout(set = 0, binding = 26, std430) readonly buffer Step { LFX_PARTICLES_STEP_PUSH };
layout(push_constant) uniform Push { LFX_PARTICLES_PRESSURE_PUSH };

void main() {
  uvec2 run = list_run(uint(brick_count(grid_dims)));
  uint mine = 0u;
  for (uint b = run.x; b < run.y; ++b) mine += brick_flags[b];
  uint listed;
  uint at = list_start(mine, listed);
  if (gl_LocalInvocationIndex == 0u) {
    solve.bricks = listed;
    solve.dispatch = flat_dispatch(listed);
    ivec3 d = grid_dims.xyz;
    for (uint l = 1u; l < uint(kMultigridLevels); ++l) {
      d = (d + 1) / 2;
      solve.level_dispatch[l - 1u] = flat_dispatch(l < levels ? (uint(d.x * d.y * d.z) + 63u) / 64u : 0u);
    }
  }
  for (uint b = run.x; b < run.y; ++b)
    if (brick_flags[b] != 0u) brick_list[at++] = b;
}

#version 460
// The pressure solve's multigrid steps on the level at level_offset, a dispatch a step. mode 0
// and 1: a red or black Gauss-Seidel sweep; 2: the residual; 3: the coarser level's right side
// (the residual summed 2 x 2) and a zero start, one thread a coarse cell; 4: the coarser level's
// solution added back, one thread a fine cell. Small levels: multigrid_group.comp.
#include "spread/multigrid.glsl"
#include "spread/mode.glsl"
layout(local_size_x = 64) in;

void main() {
  int k = int(gl_GlobalInvocationID.x);
  if (kMode == 3u) {
    ivec2 coarse = (level + 1) / 2;
    if (k < coarse.x * coarse.y) restrict_at(level, level_offset, coarse_offset, k);
    return;
  }
  if (k >= level.x * level.y) return;
  if (kMode == 4u) prolong_at(level, level_offset, coarse_offset, k);
  else if (kMode == 2u) residual_at(level, level_offset, k);
  else relax(level, level_offset, k, kMode);
}

#version 460
// The pressure solve's multigrid steps on the level at level_offset, a dispatch a step, a thread
// a cell of a two-dimensional dispatch (no division by the level's width). mode 0 and 1: a red or
// black Gauss-Seidel sweep, a thread a cell of the colour (a CPU driver runs a batch of threads
// whole, so threads that would leave the other colour's cells cost as much as working ones);
// 2: the coarser level's right side (the residual summed 2 x 2) and a zero start, a thread a
// coarse cell; 3: the red sweep after the coarser level's solution, which it adds to the cells it
// reads (the prolongation, no step of its own); 4: as 2, with the coarser level's first red sweep
// done (from the zero start: no dispatch of its own). Small levels: multigrid_group.comp.
#include "spread/multigrid.glsl"
#include "spread/mode.glsl"
layout(local_size_x = 64) in;

void main() {
  ivec2 c = ivec2(gl_GlobalInvocationID.xy);
  bool restricts = kMode == 2u || kMode == 4u;
  ivec2 extent = restricts ? (level + 1) / 2 : spread_colour_columns(level);
  if (any(greaterThanEqual(c, extent))) return;
  if (restricts)
    restrict_at(level, level_offset, coarse_offset, c, kMode == 4u);
  else
    relax(level, level_offset, colour_cell(c.x, c.y, kMode == 1u ? 1u : 0u), kMode == 3u, coarse_offset);
}

#version 460
// The rest of a V-cycle from a small level (at most kSpreadGroupLevelCells cells) down, in one
// workgroup: the small levels' dozens of steps would each cost a dispatch. (Its own shader: on
// some drivers a barrier anywhere in a shader slows all of it.)
#define LFX_SPREAD_PRESSURE_ACCESS coherent  // read by the workgroup's other threads
#define LFX_SPREAD_MULTIGRID_IN_GROUP
#include "spread/multigrid.glsl"
layout(local_size_x = 64) in;

const int kMostLevels = 16;

// Every thread of the workgroup over the cells of a box (cell c), then all of them wait for each
// other.
#define LFX_GROUP_FOR(BOX, BODY)                                                                        \
  for (int k = int(gl_LocalInvocationID.x); k < (BOX).x * (BOX).y; k += int(gl_WorkGroupSize.x)) { \
    ivec2 c = ivec2(k % (BOX).x, k / (BOX).x);                                                        \
    BODY;                                                                                             \
  }                                                                                                   \
  memoryBarrierBuffer();                                                                              \
  barrier();

// A red or black sweep of level l (at o); `prolonged`: the first after the coarser level's (at co)
// correction, which it adds as it reads (multigrid.glsl's relax).
void group_relax(ivec2 l, uint o, uint colour, bool prolonged, uint co) {
  LFX_GROUP_FOR(spread_colour_columns(l), relax(l, o, colour_cell(c.x, c.y, colour), prolonged, co))
}
// `count` red-black sweeps of level l (at o), the first red one done already where `red_done`.
void group_sweeps(ivec2 l, uint o, int count, bool red_done) {
  for (int s = 0; s < count; ++s)
    for (uint colour = 0u; colour < 2u; ++colour)
      if (s > 0 || colour > 0u || !red_done) group_relax(l, o, colour, false, 0u);
}

void group_v_cycle() {
  ivec2 dims[kMostLevels];
  uint offsets[kMostLevels];
  dims[0] = level;
  offsets[0] = level_offset;
  int last = 0;  // the coarsest level (pressure_multigrid.cpp's stopping rule)
  while (last + 1 < kMostLevels && dims[last].x > kSpreadCoarsestCells && dims[last].y > kSpreadCoarsestCells) {
    offsets[last + 1] = offsets[last] + uint(dims[last].x * dims[last].y);
    dims[last + 1] = (dims[last] + 1) / 2;
    ++last;
  }
  // Each restriction does the coarser level's first red sweep too (multigrid.glsl's restrict_at),
  // and each prolongation is read by the first red sweep after it: two steps and their barriers
  // fewer a level.
  for (int n = 0; n < last; ++n) {
    group_sweeps(dims[n], offsets[n], kSpreadSmoothing, n > 0);
    LFX_GROUP_FOR(dims[n + 1], restrict_at(dims[n], offsets[n], offsets[n + 1], c, true))
  }
  // The coarsest level is a few dozen cells: one thread sweeps it (in the same red-black order),
  // no barrier a sweep.
  if (gl_LocalInvocationID.x == 0u)
    for (int s = 0; s < kSpreadCoarsestSweeps; ++s)
      for (uint colour = 0u; colour < 2u; ++colour)
        for (int j = 0; j < dims[last].y; ++j)
          for (int column = 0; column < spread_colour_columns(dims[last]).x; ++column)
            if (s > 0 || colour > 0u || last == 0) relax(dims[last], offsets[last], colour_cell(column, j, colour));
  memoryBarrierBuffer();
  barrier();
  for (int n = last - 1; n >= 0; --n) {
    group_relax(dims[n], offsets[n], 0u, true, offsets[n + 1]);
    group_relax(dims[n], offsets[n], 1u, false, 0u);
    group_sweeps(dims[n], offsets[n], kSpreadSmoothing - 1, false);
  }
}

void main() { group_v_cycle(); }

#version 460
// The rest of a V-cycle from a small level (at most kSpreadGroupLevelCells cells) down, in one
// workgroup: the small levels' dozens of steps would each cost a dispatch. (Its own shader: on
// some drivers a barrier anywhere in a shader slows all of it.)
#define LFX_SPREAD_PRESSURE_ACCESS coherent  // read by the workgroup's other threads
#include "spread/multigrid.glsl"
layout(local_size_x = 64) in;

const int kMostLevels = 16;

// Every thread of the workgroup over a level's cells, then all of them wait for each other.
#define LFX_GROUP_FOR(COUNT, BODY)                                                          \
  for (int k = int(gl_LocalInvocationID.x); k < (COUNT); k += int(gl_WorkGroupSize.x)) BODY; \
  memoryBarrierBuffer();                                                                    \
  barrier();

void group_sweep(ivec2 l, uint o) {
  for (uint colour = 0u; colour < 2u; ++colour) {
    LFX_GROUP_FOR(l.x * l.y, relax(l, o, k, colour))
  }
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
  for (int n = 0; n < last; ++n) {
    for (int s = 0; s < kSpreadSmoothing; ++s) group_sweep(dims[n], offsets[n]);
    LFX_GROUP_FOR(dims[n].x * dims[n].y, residual_at(dims[n], offsets[n], k))
    LFX_GROUP_FOR(dims[n + 1].x * dims[n + 1].y, restrict_at(dims[n], offsets[n], offsets[n + 1], k))
  }
  // The coarsest level is a few dozen cells: one thread sweeps it (in the same red-black order),
  // no barrier a sweep.
  if (gl_LocalInvocationID.x == 0u)
    for (int s = 0; s < kSpreadCoarsestSweeps; ++s)
      for (uint colour = 0u; colour < 2u; ++colour)
        for (int k = 0; k < dims[last].x * dims[last].y; ++k) relax(dims[last], offsets[last], k, colour);
  memoryBarrierBuffer();
  barrier();
  for (int n = last - 1; n >= 0; --n) {
    LFX_GROUP_FOR(dims[n].x * dims[n].y, prolong_at(dims[n], offsets[n], offsets[n + 1], k))
    for (int s = 0; s < kSpreadSmoothing; ++s) group_sweep(dims[n], offsets[n]);
  }
}

void main() { group_v_cycle(); }

#version 460
// The statistics in one pass, an invocation's partials at a time (summed on the CPU in doubles):
// 0 the volume (bulk + film), 1 the thinnest and 2 the thickest cell, 3 the velocity's squared
// divergence after the projection, 4 before it (from the pressure equation's right side).
// Each of the partial_stride invocations takes every partial_stride-th cell, kSpreadReduceRun of
// them (neighbouring invocations read neighbouring cells), and writes its own partials: no shared
// memory and no barrier, which a CPU driver pays for in every workgroup far more than for the
// sums (a 256-wide tree with barriers cost lavapipe 113 ms a frame over 1.9 M cells).
#include "spread/fields.glsl"
layout(local_size_x = 64) in;
layout(set = 0, binding = 21, std430) writeonly buffer Partials { float partials[]; };

void main() {
  uint p = gl_GlobalInvocationID.x;
  if (p >= partial_stride) return;
  float volume = 0.0, thinnest = 3.4e38, thickest = 0.0, after = 0.0, before = 0.0;
  int n = cell_count(), nx = cells.x, velocity_cells = cells.x * cells.y;
  // Two loops bounded by their fields' sizes, not one with a test for each: a CPU driver runs an
  // if's body for every lane (the coarse velocity's few cells would cost as many as the
  // thickness's), and leaves a loop once no lane has an iteration left.
  for (uint r = 0u, k = p; r < kSpreadReduceRun && k < uint(n); ++r, k += partial_stride) {
    float bulk = LFX_TEXEL(h, k);
    volume += bulk + LFX_TEXEL(film_thickness, k);
    thinnest = min(thinnest, bulk);
    thickest = max(thickest, bulk);
  }
  for (uint r = 0u, k = p; r < kSpreadReduceRun && k < uint(velocity_cells); ++r, k += partial_stride) {
    int i = int(k) % nx, j = int(k) / nx;
    float d = (LFX_TEXEL(u, j * (nx + 1) + i + 1) - LFX_TEXEL(u, j * (nx + 1) + i) + LFX_TEXEL(v, (j + 1) * nx + i) -
               LFX_TEXEL(v, j * nx + i)) /
              dx;
    float b = rhs[k] / (dx * dx);
    after += d * d;
    before += b * b;
  }
  partials[p] = volume;
  partials[partial_stride + p] = thinnest;
  partials[2u * partial_stride + p] = thickest;
  partials[3u * partial_stride + p] = after;
  partials[4u * partial_stride + p] = before;
}

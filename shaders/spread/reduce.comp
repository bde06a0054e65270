#version 460
// The statistics in one pass, an invocation's partials at a time (summed on the CPU in doubles):
// 0 the volume (bulk + film), 1 the thinnest and 2 the thickest cell, 3 the velocity's squared
// divergence after the projection, 4 before it (from the pressure equation's right side).
// Each of the partial_stride invocations takes kSpreadReduceTiles thickness tiles along a row of
// tiles (neighbouring invocations the neighbouring tiles) and every partial_stride-th coarse
// velocity cell, kSpreadReduceRun of them, and writes its own partials: no shared memory and no
// barrier, which a CPU driver pays for in every workgroup far more than for the sums (a
// 256-wide tree with barriers cost lavapipe 113 ms a frame over 1.9 M cells).
//
// A tile that neither runs nor holds liquid nor is stained is not read: nothing lies there
// (activate.comp keeps liquid on the running tiles; the film is laid only where traces.comp marks
// the tile stained), so its cells are 0 and leave the sums as they are. Most of a frame is dry.
#include "spread/fields.glsl"
#include "spread/mode.glsl"
layout(local_size_x = 64) in;
// Mode 1: film may lie (SpreadSolver::film_laid), and the volume counts it; mode 0 leaves its
// load out (a third of the cells' loads here): without film it holds nothing.
const bool kAnyFilm = kMode == 1u;
layout(set = 0, binding = 21, std430) writeonly buffer Partials { float partials[]; };

void main() {
  uint p = gl_GlobalInvocationID.x;
  if (p >= partial_stride) return;
  float volume = 0.0, thinnest = 3.4e38, thickest = 0.0, after = 0.0, before = 0.0;
  ivec2 tiles = thickness_tiles();
  int groups_x = (tiles.x + kSpreadReduceTiles - 1) / kSpreadReduceTiles;
  int row = int(p) / groups_x, first_tile = (int(p) - row * groups_x) * kSpreadReduceTiles;
  int last_tile = row < tiles.y ? min(first_tile + kSpreadReduceTiles, tiles.x) : first_tile;
  for (int t = first_tile; t < last_tile; ++t) {
    int tile = tile_at(ivec2(t, row));
    // Whether it runs, holds liquid or is stained (fields.glsl's tile_runs, tile_wet and
    // tile_stained; the flags and the right side read as texels: this pass writes neither).
    int n = tile_count();
    bool holds = flag_texel(tile) != 0u || flag_texel(n + tile) != 0u || flag_texel(3 * n + tile) != 0u;
    if (!holds) thinnest = 0.0;
    // A lane whose tile is dry runs no iteration (a CPU driver leaves a loop once no lane has
    // one left; an if's body it would run for every lane).
    ivec2 first = ivec2(t, row) * kSpreadThicknessTile;
    ivec2 end = holds ? min(first + kSpreadThicknessTile, thickness_grid) : first;
    for (int j = first.y; j < end.y; ++j)
      for (int i = first.x, k = j * thickness_grid.x + first.x; i < end.x; ++i, ++k) {
        float bulk = LFX_TEXEL(h, k);
        volume += kAnyFilm ? bulk + LFX_TEXEL(film_thickness, k) : bulk;
        thinnest = min(thinnest, bulk);
        thickest = max(thickest, bulk);
      }
  }
  int nx = cells.x, velocity_cells = cells.x * cells.y;
  for (uint r = 0u, k = p; r < kSpreadReduceRun && k < uint(velocity_cells); ++r, k += partial_stride) {
    int i = int(k) % nx, j = int(k) / nx;
    float d = (LFX_TEXEL(u, j * (nx + 1) + i + 1) - LFX_TEXEL(u, j * (nx + 1) + i) + LFX_TEXEL(v, (j + 1) * nx + i) -
               LFX_TEXEL(v, j * nx + i)) /
              dx;
    float b = LFX_TEXEL(rhs, k) / (dx * dx);
    after += d * d;
    before += b * b;
  }
  partials[p] = volume;
  partials[partial_stride + p] = thinnest;
  partials[2u * partial_stride + p] = thickest;
  partials[3u * partial_stride + p] = after;
  partials[4u * partial_stride + p] = before;
}

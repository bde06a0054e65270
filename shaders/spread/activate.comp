#version 460
// The thickness tiles this step runs on, an invocation a tile (a two-dimensional dispatch over
// them). Mode 0: a tile runs if liquid lies within reach - along x the fastest sweep along x,
// along y the fastest along y, each plus kSpreadTileReachMargin cells (the levelling moves liquid
// one cell past what lies above the pile height; the sub-stepped and semi-Lagrangian schemes
// read a cell past their sweep) - and is listed; elsewhere nothing lies and nothing arrives this
// step. Mode 1, after: the listed tiles' marks of liquid and of piles are cleared, for
// traces.comp, sweep.comp and level.comp to set again.
#include "spread/fields.glsl"
layout(local_size_x = 8, local_size_y = 8) in;

// Tiles reached along one axis: the fastest sweep there (control[2 + axis]) in cells, plus the
// margin, in tiles.
int reach(int axis) {
  float cells = uintBitsToFloat(control[2 + axis]) * dt / dh + kSpreadTileReachMargin;
  return min(int(ceil(cells / float(kSpreadThicknessTile))), thickness_tiles()[axis]);
}

void main() {
  ivec2 tile = ivec2(gl_GlobalInvocationID.xy), tiles = thickness_tiles();
  if (any(greaterThanEqual(tile, tiles))) return;
  int here = tile_at(tile);
  if (mode == 1u) {
    if (tile_runs(here)) tile_flags[tile_count() + here] = tile_flags[2 * tile_count() + here] = 0u;
    return;
  }
  ivec2 r = ivec2(reach(0), reach(1));
  ivec2 first = max(tile - r, ivec2(0)), last = min(tile + r, tiles - 1);
  bool runs = false;
  for (int y = first.y; y <= last.y && !runs; ++y)
    for (int x = first.x; x <= last.x && !runs; ++x) runs = tile_wet(tile_at(ivec2(x, y)));
  tile_flags[here] = runs ? 1u : 0u;
  if (runs) listed[atomicAdd(listed_count, 1u)] = uint(tile.x) | (uint(tile.y) << 16);
}

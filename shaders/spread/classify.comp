#version 460
// The first of the spread's shading passes, an invocation for each 8 x 8 tile of the frame (a
// two-dimensional dispatch over the tiles, so a frame of 16384 a side still fits): a tile over no
// thickness tile that may cover a pixel gets the picture under the liquid (nothing to do over the
// frame's own picture); any other is listed for shade.comp, or over a liquid at rest gets its kept
// shading. Over a background of its own, lay.comp then lays the picture or the kept shading, an
// invocation a pixel, as each tile's state says (or the renderer copies the whole picture first,
// where the frame's image takes the copy). Separate passes, because a CPU driver runs a
// workgroup's every instruction for any lane that needs it: the shading's cost then follows the
// covered tiles, not the frame; and a pixel a lane lays the picture at the cost of a copy, where a
// tile a lane paid twice that. No shared memory and no barrier here: a CPU driver pays for each
// barrier of a workgroup more than for the test itself.
#include "shared/spread.h"
#include "spread/shade_common.glsl"
layout(local_size_x = 8, local_size_y = 8) in;
// The tiles the list held before and does not hold now (shared/frame.h's list): shaded at the
// last frame, the picture at this one, so the frame's tonemap redraws them with the list's, and a
// tile in both lists once.
layout(set = 0, binding = 11, std430) buffer VacatedTiles {
  uint vacated_count;
  uint vacated_dispatch_args[3];
  uint vacated_tiles[];
};

// The cells whose bilinear weights reach the tile's pixels along one axis, first and last.
ivec2 cells_under(uint tile, int axis) {
  float first = (float(tile * 8u) + 0.5) / short_side / dh - 0.5;
  float last = (float(tile * 8u) + 7.5) / short_side / dh - 0.5;
  int n = thickness_grid[axis];
  return ivec2(clamp(int(floor(first)), 0, n - 1), clamp(int(floor(last)) + 1, 0, n - 1));
}

// Whether a pixel over this thickness tile may be covered: some cell of it holds liquid, or film
// or traces that show (cover_at's test: a pixel's coverage and trace are bilinear in its cells,
// so at most their largest; with traces its alpha needs half their sum above kSpreadTraceShown,
// so one of them above it in some cell). The solver keeps these flags per tile as the liquid
// moves: a pixel tile reads a few of them, not the cells under it.
bool may_cover(ivec2 thickness_tile) {
  ivec2 tiles = (thickness_grid + kSpreadThicknessTile - 1) / kSpreadThicknessTile;
  int t = thickness_tile.y * tiles.x + thickness_tile.x, n = tiles.x * tiles.y;
  return tile_flags[n + t] != 0u || tile_flags[3 * n + t] != 0u;  // wet, stained
}

void main() {
  uvec2 tile = gl_GlobalInvocationID.xy;
  if (any(greaterThanEqual(tile, frame_tiles()))) return;
  ivec2 xs = cells_under(tile.x, 0), ys = cells_under(tile.y, 1);
  bool covered = false;
  ivec2 from = ivec2(xs.x, ys.x) / kSpreadThicknessTile, to = ivec2(xs.y, ys.y) / kSpreadThicknessTile;
  for (int y = from.y; y <= to.y && !covered; ++y)
    for (int x = from.x; x <= to.x && !covered; ++x) covered = may_cover(ivec2(x, y));
  bool listed = covered && kept != 2u;
  if (listed) tiles[atomicAdd(tile_count, 1u)] = tile.x | (tile.y << 16);
  if (kOverFrame) return;
  // A tile's state says shaded while the list holds it (the renderer starts every state as the
  // picture).
  uint state = tile_state_at(tile);
  if (tiles[state] == kTileShaded && !listed) vacated_tiles[atomicAdd(vacated_count, 1u)] = tile.x | (tile.y << 16);
  tiles[state] = covered ? (kept == 2u ? kTileKept : kTileShaded) : kTilePicture;
}

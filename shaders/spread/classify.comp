#version 460
// The first of the spread's two shading passes, an invocation for each 8 x 8 tile of the frame
// (a two-dimensional dispatch over the tiles, so a frame of 16384 a side still fits):
// a tile none of whose cells may cover a pixel gets the picture under the liquid (nothing to do
// over the frame's own picture); any other is listed for shade.comp. Two passes, because a CPU
// driver runs a workgroup's every instruction for any lane that needs it: the shading's cost
// then follows the covered tiles, not the frame. No shared memory and no barrier here: a CPU
// driver pays for each barrier of a workgroup more than for the test itself.
#include "shared/spread.h"
#include "spread/shade_common.glsl"
layout(local_size_x = 8, local_size_y = 8) in;

// The cells whose bilinear weights reach the tile's pixels along one axis, first and last.
ivec2 cells_under(uint tile, int axis) {
  float first = (float(tile * 8u) + 0.5) / short_side / dh - 0.5;
  float last = (float(tile * 8u) + 7.5) / short_side / dh - 0.5;
  int n = thickness_grid[axis];
  return ivec2(clamp(int(floor(first)), 0, n - 1), clamp(int(floor(last)) + 1, 0, n - 1));
}

// Whether a pixel whose cells include this one may be covered (cover_at's test). A pixel's
// coverage and trace are bilinear in its cells, so at most their largest; with traces its alpha
// needs half their sum above 0.06, so one of them above 0.06 in some cell.
bool may_cover(uint i) {
  float coverage = spread_smoothstep(0.0, max(film, 1e-6), banded(h[i] + film_thickness[i]));
  return traces == 0u ? coverage > 0.06 || history[i] > 0.06 : coverage > 0.0;
}

void main() {
  uvec2 tile = gl_GlobalInvocationID.xy;
  if (any(greaterThanEqual(tile, (uvec2(frame_size) + 7u) / 8u))) return;
  ivec2 xs = cells_under(tile.x, 0), ys = cells_under(tile.y, 1);
  bool covered = false;
  for (int y = ys.x; y <= ys.y && !covered; ++y)
    for (int x = xs.x; x <= xs.y && !covered; ++x) covered = may_cover(uint(y * thickness_grid.x + x));
  if (covered) {
    tiles[atomicAdd(tile_count, 1u)] = tile.x | (tile.y << 16);
    return;
  }
  if (background == 1u) return;
  ivec2 first = ivec2(tile) * 8, last = min(first + 8, frame_size);
  for (int y = first.y; y < last.y; ++y)
    for (int x = first.x; x < last.x; ++x) imageStore(color, ivec2(x, y), vec4(under_at(ivec2(x, y)), 1.0));
}

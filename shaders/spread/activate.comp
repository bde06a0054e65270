#version 460
// The thickness tiles this step runs on, an invocation a tile (a two-dimensional dispatch over
// them). A tile runs if liquid lies within reach - along x the fastest sweep along x, along y the
// fastest along y, each plus kSpreadTileReachMargin cells (the levelling moves liquid one cell
// past what lies above the pile height; the sub-stepped and semi-Lagrangian schemes read a cell
// past their sweep) - and is listed; elsewhere nothing lies and nothing arrives this step. The
// reach's box is taken an axis at a time, so a fast finger costs a pass twice its reach, not its
// square. Mode 0: whether liquid lies within reach along x (kept in the tile's fifth flag);
// mode 1: whether such a tile lies within reach along y - the tile runs, is listed, and marks its
// row and column of tiles as running (line_mark); the listed tiles' marks of liquid and of piles,
// and the lines' marks of piles, are cleared, for traces.comp, sweep.comp and level.comp to set
// again (mode 0 has read the marks of liquid; nothing else this step reads them before).
// Modes 2 and 3, before faces.comp, the same box from the transport speed's bound
// (transport_bound.comp) widened by the reach of departures.comp's scans, along x for the x faces
// and along y for the y faces (fields.glsl's faces_read): the tiles whose faces this step may
// read, listed with which of them for faces.comp.
#include "spread/fields.glsl"
#include "spread/mode.glsl"
layout(local_size_x = 8, local_size_y = 8) in;

// Tiles reached along one axis: the fastest sweep there (control[2 + axis]) in cells, plus the
// margin, in tiles.
int reach(int axis) {
  float cells = uintBitsToFloat(control[2 + axis]) * dt / dh + kSpreadTileReachMargin;
  return min(int(ceil(cells / float(kSpreadThicknessTile))), thickness_tiles()[axis]);
}

bool any_within_reach(ivec2 tile, int axis, int section) { return any_within(tile, axis, section, reach(axis)); }

// The tile put on the list (listed, as x | y << 16); its slot returned.
uint list_tile(ivec2 tile) {
  uint at = atomicAdd(listed_count, 1u);
  listed[at] = uint(tile.x) | (uint(tile.y) << 16);
  return at;
}

// The tile's cells in h_out and pigment_out emptied.
void empty_other_buffer(ivec2 tile) {
  ivec2 first = tile * kSpreadThicknessTile, end = min(first + kSpreadThicknessTile, thickness_grid);
  uint planes = uint(cell_count());
  for (int j = first.y; j < end.y; ++j)
    for (int i = first.x; i < end.x; ++i) {
      int k = j * thickness_grid.x + i;
      h_out[k] = 0.0;
      for (uint p = 0u; p < pigment_planes(); ++p) pigment_out[p * planes + uint(k)] = 0.0;
    }
}

void main() {
  ivec2 tile = ivec2(gl_GlobalInvocationID.xy), tiles = thickness_tiles();
  if (any(greaterThanEqual(tile, tiles))) return;
  int here = tile_at(tile), n = tile_count();
  if (kMode == 0u) {
    tile_flags[4 * n + here] = any_within_reach(tile, 0, 1) ? 1u : 0u;  // the wet tiles, along x
    clear_running_lines(tile);
  } else if (kMode == 1u) {
    bool runs = any_within_reach(tile, 1, 4);
    // The swept scheme's x sweep writes the other buffer on the running tiles only; the y sweep
    // reads it on any tile its walks reach. So the other buffer holds nothing where no tile runs:
    // a tile that stops running has its cells there emptied (it holds no liquid itself).
    if ((options & 4u) != 0u && !runs && tile_runs(here)) empty_other_buffer(tile);
    tile_flags[here] = runs ? 1u : 0u;
    if (runs) {
      list_tile(tile);
      mark_running_lines(tile);
      tile_flags[n + here] = tile_flags[2 * n + here] = 0u;
    }
    clear_piled_lines(tile);
  } else if (kMode == 2u) {
    // The wet tiles along x: within the x faces' reach (bit 0), within the tiles' (bit 1).
    uvec2 wet = bits_within(tile, 0, 1, ivec2(face_reach(0), bound_reach(0)));
    tile_flags[4 * n + here] = (wet.x != 0u ? 1u : 0u) | (wet.y != 0u ? 2u : 0u);
  } else {
    bvec2 read = faces_read(tile);
    if (!any(read)) return;
    listed[n + list_tile(tile)] = (read.x ? 1u : 0u) | (read.y ? 2u : 0u);
  }
}

#version 460
// A listed-tiles pass's indirect dispatch (the shade's, the thickness step's): a workgroup for
// each listed tile, in rows of kSpreadTilesPerRow (a dispatch takes at most 65,535 workgroups a
// side); the last row's workgroups past the count do nothing. In the variant kGrouped (the
// thickness step's list) also a workgroup for each kSpreadTilesPerGroup tiles, after.
#include "shared/spread.h"
layout(local_size_x = 1) in;
layout(constant_id = 0) const bool kGrouped = false;
layout(set = 0, binding = 0, std430) buffer Tiles {
  uint tile_count;
  uint dispatch_args[6];  // the grouped dispatch's only in the variant kGrouped
};

void set_args(uint at, uint groups) {
  dispatch_args[at] = min(groups, kSpreadTilesPerRow);
  dispatch_args[at + 1u] = (groups + kSpreadTilesPerRow - 1u) / kSpreadTilesPerRow;
  dispatch_args[at + 2u] = 1u;
}

void main() {
  set_args(0u, tile_count);
  if (kGrouped) set_args(3u, (tile_count + kSpreadTilesPerGroup - 1u) / kSpreadTilesPerGroup);
}

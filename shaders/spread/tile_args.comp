#version 460
// A listed-tiles pass's indirect dispatch (the shade's, the thickness step's): a workgroup for
// each kTilesPerGroup listed tiles (the shade's 1, the thickness step's kSpreadTilesPerGroup), in
// rows of kSpreadTilesPerRow (a dispatch takes at most 65,535 workgroups a side); the last row's
// workgroups past the count do nothing.
#include "shared/spread.h"
layout(local_size_x = 1) in;
layout(constant_id = 0) const uint kTilesPerGroup = 1u;
layout(set = 0, binding = 0, std430) buffer Tiles {
  uint tile_count;
  uint dispatch_args[3];
};

void main() {
  uint groups = (tile_count + kTilesPerGroup - 1u) / kTilesPerGroup;
  dispatch_args[0] = min(groups, kSpreadTilesPerRow);
  dispatch_args[1] = (groups + kSpreadTilesPerRow - 1u) / kSpreadTilesPerRow;
  dispatch_args[2] = 1u;
}

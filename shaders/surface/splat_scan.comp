#version 460
// The tile lists' offsets: an exclusive prefix sum of the per-tile counts, by one workgroup
// (a surface has a few thousand tiles at most), then the counts zeroed for phase 1's cursors.
#include "shared/surface.h"
layout(local_size_x = 256) in;
layout(set = 0, binding = 12, std430) buffer TileCounts { uint tile_counts[]; };
layout(set = 0, binding = 13, std430) writeonly buffer TileOffsets { uint tile_offsets[]; };
layout(push_constant) uniform Push { LFX_SURFACE_SPLAT_PUSH };

shared uint partial[256];

void main() {
  uint lane = gl_LocalInvocationID.x;
  uint tiles = tiles_x * uint((size.y + kSurfaceTile - 1) / kSurfaceTile);
  uint carry = 0u;
  for (uint base = 0u; base < tiles; base += 256u) {
    uint i = base + lane;
    uint own = i < tiles ? tile_counts[i] : 0u;
    partial[lane] = own;
    barrier();
    for (uint step = 1u; step < 256u; step <<= 1u) {  // Hillis-Steele, inclusive
      uint add = lane >= step ? partial[lane - step] : 0u;
      barrier();
      partial[lane] += add;
      barrier();
    }
    if (i < tiles) {
      tile_offsets[i] = carry + partial[lane] - own;
      tile_counts[i] = 0u;
    }
    carry += partial[255];
    barrier();
  }
  if (lane == 0u) tile_offsets[tiles] = carry;
}

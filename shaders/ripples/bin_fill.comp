#version 460
// Binning, one thread a ripple. Pass 0 counts the ripples of every tile; pass 1 (after the
// scan turned counts into offsets and cleared the counts) writes each ripple into its tiles.
#include "ripples/bin_common.glsl"

layout(local_size_x = 64) in;

void main() {
  uint index = gl_GlobalInvocationID.x;
  if (index >= ripple_count) return;
  RippleGpu r = ripples[index];
  float short_side = float(min(image_size.x, image_size.y));
  float outer = ripple_annulus(r, params).y;
  ivec2 lo = max(ivec2(floor((r.center_radius.xy - outer) * short_side)) / kRippleTileSize, ivec2(0));
  ivec2 hi = min(ivec2(floor((r.center_radius.xy + outer) * short_side)) / kRippleTileSize, tiles - 1);
  for (int y = lo.y; y <= hi.y; ++y)
    for (int x = lo.x; x <= hi.x; ++x) {
      if (!annulus_touches_tile(r, ivec2(x, y), short_side)) continue;
      uint tile = uint(y * tiles.x + x);
      uint slot = atomicAdd(tile_count[tile], 1u);
      if (pass == 1u) tile_entry[tile_offset[tile] + slot] = index;
    }
}

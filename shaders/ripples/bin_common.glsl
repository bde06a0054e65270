// Screen tiles for binning ripples: each ripple is listed in the tiles its rings' annulus
// (from the third ring's inner edge to the first ring's outer edge) touches.
#include "shared/ripples.h"

layout(set = 0, binding = 0, std430) readonly buffer Ripples { RippleGpu ripples[]; };
layout(set = 0, binding = 1, std430) buffer TileCounts { uint tile_count[]; };
layout(set = 0, binding = 2, std430) buffer TileOffsets { uint tile_offset[]; };
layout(set = 0, binding = 3, std430) buffer TileEntries { uint tile_entry[]; };
layout(push_constant) uniform Push { LFX_RIPPLES_BIN_PUSH };

// Whether the ripple's annulus reaches into the tile.
bool annulus_touches_tile(RippleGpu r, ivec2 tile, float short_side) {
  vec2 lo = vec2(tile * kRippleTileSize) / short_side;
  vec2 hi = vec2(min((tile + 1) * kRippleTileSize, image_size)) / short_side;
  vec2 c = r.center_radius.xy;
  vec2 nearest = clamp(c, lo, hi);
  vec2 farthest = max(abs(c - lo), abs(c - hi));
  vec2 annulus = ripple_annulus(r, params);
  return distance(c, nearest) <= annulus.y && length(farthest) >= annulus.x;
}

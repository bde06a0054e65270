// Screen tiles for binning ripples: each ripple is listed in the tiles its rings' annulus
// (from the third ring's inner edge to the first ring's outer edge) touches.
#include "shared/ripples.h"

const int kTileSize = 16;

layout(set = 0, binding = 0, std430) readonly buffer Ripples { RippleGpu ripples[]; };
layout(set = 0, binding = 1, std430) buffer TileCounts { uint tile_count[]; };
layout(set = 0, binding = 2, std430) buffer TileOffsets { uint tile_offset[]; };
layout(set = 0, binding = 3, std430) buffer TileEntries { uint tile_entry[]; };
layout(push_constant) uniform Push {
  RippleParams params;
  ivec2 image_size;
  ivec2 tiles;       // tiles across, down
  uint ripple_count;
  uint pass;         // bin_fill: 0 count, 1 fill
  vec4 look;         // rings: x caustic strength, y caustic time, z highlight strength, w 1: no binning
};

// Whether the ripple's annulus reaches into the tile.
bool annulus_touches_tile(RippleGpu r, ivec2 tile, float short_side) {
  vec2 lo = vec2(tile * kTileSize) / short_side;
  vec2 hi = vec2(min((tile + 1) * kTileSize, image_size)) / short_side;
  vec2 c = r.center_radius.xy;
  vec2 nearest = clamp(c, lo, hi);
  vec2 farthest = max(abs(c - lo), abs(c - hi));
  float outer = r.center_radius.z + params.extent.y;
  float inner = max(r.center_radius.z - params.extent.x, 0.0);
  return distance(c, nearest) <= outer && length(farthest) >= inner;
}

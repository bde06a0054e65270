#version 460
// The compute splat's first passes, one thread a particle. Phase 0 counts the particles each
// 16 x 16 tile of the surface needs; phase 1 (after splat_scan.comp) writes each particle's index
// into the lists of its tiles. A particle whose footprint spans more than tiles_per_splat tiles
// (2 x 2; close to the camera) is scattered straight away in phase 0 with per-pixel atomics
// instead: it would crowd many lists, and there are few such particles since they cover much
// of the screen. With tiles_per_splat 0 every particle is scattered (the knob `binning`).
#include "render/frame_block.glsl"
#include "shared/surface.h"
layout(local_size_x = 64) in;
layout(set = 0, binding = 1, std430) readonly buffer Words { uint words[]; };
layout(set = 0, binding = 2, std430) readonly buffer CountWords { uint count_words[]; };
layout(set = 0, binding = 12, std430) buffer TileCounts { uint tile_counts[]; };
layout(set = 0, binding = 13, std430) readonly buffer TileOffsets { uint tile_offsets[]; };
layout(set = 0, binding = 14, std430) writeonly buffer TileList { uint tile_list[]; };
layout(push_constant) uniform Push { LFX_SURFACE_SPLAT_PUSH };
#include "surface/splat_read.glsl"
#include "surface/splat_sums.glsl"

void main() {
  uint i = gl_GlobalInvocationID.x;
  Splat s;
  if (!load_splat(i, s)) return;
  ivec2 lo, hi;
  splat_rect(s, lo, hi);
  if (any(greaterThan(lo, hi))) return;
  ivec2 first = lo / kSurfaceTile, last = hi / kSurfaceTile;
  ivec2 tiles = last - first + 1;
  if (tiles.x * tiles.y > int(tiles_per_splat)) {
    if (phase == 1u) return;
    for (int y = lo.y; y <= hi.y; ++y)
      for (int x = lo.x; x <= hi.x; ++x) {
        ivec2 p = ivec2(x, y);
        PixelSums sums = no_sums();
        splat_pixel(sums, s, pixel_ray(p), scene_depth_at(p));
        store_sums(p, sums);
      }
    return;
  }
  for (int ty = first.y; ty <= last.y; ++ty)
    for (int tx = first.x; tx <= last.x; ++tx) {
      uint t = uint(ty) * tiles_x + uint(tx);
      // Phase 1 reuses the counts, zeroed again after the scan, as each tile's fill cursor.
      uint slot = atomicAdd(tile_counts[t], 1u);
      if (phase == 1u) tile_list[tile_offsets[t] + slot] = i;
    }
}

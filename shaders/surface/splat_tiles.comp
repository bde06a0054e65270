#version 460
// The compute splat's last pass, one workgroup a 16 x 16 tile: each thread takes particles from
// the tile's list and adds them to the pixels they cover inside the tile, with atomics on the
// tile's sums in shared memory; the tile then reaches the surface's buffers once a pixel. Only
// the pixels a particle covers are visited (as in a plain scatter), and where particles pile up
// their atomics contend in fast shared memory, not in the frame's buffers.
#include "render/frame_block.glsl"
#include "shared/surface.h"
layout(local_size_x = 16, local_size_y = 16) in;
layout(set = 0, binding = 1, std430) readonly buffer Words { uint words[]; };
layout(set = 0, binding = 2, std430) readonly buffer CountWords { uint count_words[]; };
layout(set = 0, binding = 13, std430) readonly buffer TileOffsets { uint tile_offsets[]; };
layout(set = 0, binding = 14, std430) readonly buffer TileList { uint tile_list[]; };
layout(push_constant) uniform Push { LFX_SURFACE_SPLAT_PUSH };
#include "surface/splat_read.glsl"
#include "surface/splat_sums.glsl"

const int kPixels = kSurfaceTile * kSurfaceTile;
shared uint tile_depth_bits[kPixels];
shared uint tile_thickness[kPixels];
shared uint tile_color[3 * kPixels];
shared uint tile_foam[kPixels];
shared float tile_scene[kPixels];

void main() {
  uint lane = gl_LocalInvocationIndex;
  ivec2 origin = ivec2(gl_WorkGroupID.xy) * kSurfaceTile;
  ivec2 own = origin + ivec2(gl_LocalInvocationID.xy);
  bool inside = all(lessThan(own, size));
  tile_depth_bits[lane] = 0xFFFFFFFFu;
  tile_thickness[lane] = 0u;
  tile_color[3u * lane] = tile_color[3u * lane + 1u] = tile_color[3u * lane + 2u] = 0u;
  tile_foam[lane] = 0u;
  tile_scene[lane] = inside ? scene_depth_at(own) : 0.0;
  barrier();

  uint t = gl_WorkGroupID.y * tiles_x + gl_WorkGroupID.x;
  uint end = tile_offsets[t + 1u];
  for (uint j = tile_offsets[t] + lane; j < end; j += uint(kPixels)) {
    Splat s;
    if (!load_splat(tile_list[j], s)) continue;
    ivec2 lo, hi;
    splat_rect(s, lo, hi);
    lo = max(lo, origin);
    hi = min(hi, origin + kSurfaceTile - 1);
    for (int y = lo.y; y <= hi.y; ++y)
      for (int x = lo.x; x <= hi.x; ++x) {
        ivec2 p = ivec2(x, y);
        uint k = uint((y - origin.y) * kSurfaceTile + (x - origin.x));
        PixelSums sums = no_sums();
        splat_pixel(sums, s, pixel_ray(p), tile_scene[k]);
        if (sums.depth_bits == 0xFFFFFFFFu) continue;
        atomicMin(tile_depth_bits[k], sums.depth_bits);
        atomicAdd(tile_thickness[k], sums.thickness);
        if (sums.foam > 0u) atomicAdd(tile_foam[k], sums.foam);
        if (has_color == 1u) {
          atomicAdd(tile_color[3u * k], sums.color.r);
          atomicAdd(tile_color[3u * k + 1u], sums.color.g);
          atomicAdd(tile_color[3u * k + 2u], sums.color.b);
        }
      }
  }
  barrier();
  if (inside)
    store_sums(own, PixelSums(tile_depth_bits[lane], tile_thickness[lane],
                              uvec3(tile_color[3u * lane], tile_color[3u * lane + 1u], tile_color[3u * lane + 2u]),
                              tile_foam[lane]));
}

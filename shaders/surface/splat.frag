#version 460
// The raster splat's fragments: the ellipsoid traced along the fragment's ray; its entry depth
// and chord go into the same sums as the compute splat (fragment atomics), so the rest of the
// chain does not know which splat ran.
#include "render/frame_block.glsl"
#include "shared/surface.h"

layout(set = 0, binding = 1, std430) readonly buffer Words { uint words[]; };
layout(set = 0, binding = 2, std430) readonly buffer CountWords { uint count_words[]; };
layout(push_constant) uniform Push { LFX_SURFACE_SPLAT_PUSH };
#include "surface/splat_read.glsl"
#include "surface/splat_sums.glsl"

layout(location = 0) flat in vec4 centre_grown;
layout(location = 1) flat in vec4 axis_stretch;
layout(location = 2) flat in vec4 color_foam;

void main() {
  Splat s = Splat(centre_grown.xyz, axis_stretch.xyz, centre_grown.w, axis_stretch.w, color_foam);
  ivec2 p = ivec2(gl_FragCoord.xy);
  PixelSums sums = no_sums();
  // The pixel centre's ray, exactly as the compute splat traces it.
  splat_pixel(sums, s, pixel_ray(p), scene_depth_at(p));
  store_sums(p, sums);
}

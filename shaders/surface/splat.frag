#version 460
// The raster splat's fragments: the grown sphere traced along the pixel's ray; its front depth
// and chord go into the same sums as splat.comp (fragment atomics), so the rest of the chain
// does not know which splat ran.
#include "render/frame_block.glsl"
#include "shared/surface.h"

layout(set = 0, binding = 3, std430) buffer DepthBits { uint depth_bits[]; };
layout(set = 0, binding = 4, std430) buffer Thickness { uint thickness[]; };
layout(set = 0, binding = 5) uniform sampler2D scene_depth;  // linear view depth, full frame
layout(set = 0, binding = 10, std430) buffer ColorSums { uint color_sums[]; };
layout(set = 0, binding = 11, std430) buffer FoamSums { uint foam_sums[]; };
layout(push_constant) uniform Push { LFX_SURFACE_SPLAT_PUSH };

layout(location = 0) in vec3 view_centre;
layout(location = 1) in vec3 view_corner;
layout(location = 2) flat in vec4 color_foam;

void main() {
  float z = max(-view_centre.z, 1e-4);
  float grown = max(kSplatGrowth * radius, 1.5 * z / (abs(frame.proj[1][1]) * 0.5 * float(size.y)));
  vec3 dir = normalize(view_corner);
  float b = dot(dir, view_centre);
  float h = b * b - dot(view_centre, view_centre) + grown * grown;
  if (h <= 0.0) return;
  float half_chord = sqrt(h);
  float front = -(dir * (b - half_chord)).z;  // linear view depth of the entry point
  ivec2 p = ivec2(gl_FragCoord.xy);
  ivec2 full = textureSize(scene_depth, 0);
  ivec2 q = min(ivec2((vec2(p) + 0.5) / scale), full - 1);
  if (front > texelFetch(scene_depth, q, 0).r) return;
  uint k = uint(p.y * size.x + p.x);
  float volume_share = 6.0 / (3.14159265 * kSplatGrowth * kSplatGrowth * kSplatGrowth);
  uint through = uint(2.0 * half_chord * volume_share * kSurfaceThicknessScale + 0.5);
  atomicMin(depth_bits[k], floatBitsToUint(front));
  atomicAdd(thickness[k], through);
  if (color_foam.a > 0.0) atomicAdd(foam_sums[k], uint(color_foam.a * 255.0 + 0.5) * through);
  if (has_color == 1u) {
    uvec3 weighted = uvec3(color_foam.rgb * 255.0 + 0.5) * through;
    atomicAdd(color_sums[3u * k], weighted.r);
    atomicAdd(color_sums[3u * k + 1u], weighted.g);
    atomicAdd(color_sums[3u * k + 2u], weighted.b);
  }
}

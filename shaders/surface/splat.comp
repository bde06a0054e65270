#version 460
// Every particle's sphere into the surface targets: the nearest front depth (linear, metres;
// an atomic min of the float's bits, which order like the positive floats they are) and the
// thickness through it (an atomic sum in fixed point). Hidden parts - behind the opaque scene -
// are left out, so liquid behind geometry stays hidden.
#include "render/frame_block.glsl"
#include "shared/surface.h"
layout(local_size_x = 64) in;
layout(set = 0, binding = 1, std430) readonly buffer Words { uint words[]; };
layout(set = 0, binding = 2, std430) readonly buffer CountWords { uint count_words[]; };
layout(set = 0, binding = 3, std430) buffer DepthBits { uint depth_bits[]; };
layout(set = 0, binding = 4, std430) buffer Thickness { uint thickness[]; };
layout(set = 0, binding = 5) uniform sampler2D scene_depth;  // linear view depth, full frame
layout(set = 0, binding = 10, std430) buffer ColorSums { uint color_sums[]; };  // rgb x thickness, 3 a pixel
layout(set = 0, binding = 11, std430) buffer FoamSums { uint foam_sums[]; };    // foam x thickness
layout(push_constant) uniform Push { LFX_SURFACE_SPLAT_PUSH };

void main() {
  uint i = gl_GlobalInvocationID.x;
  uint live = use_buffer == 1u ? min(count_words[count_word], count) : count;
  if (i >= live) return;
  uint w = (i * stride + position_offset) / 4u;
  vec3 world = vec3(uintBitsToFloat(words[w]), uintBitsToFloat(words[w + 1u]), uintBitsToFloat(words[w + 2u]));
  vec3 liquid = vec3(0.0);
  if (has_color == 1u) {
    uint c = (i * stride + color_offset) / 4u;
    liquid = clamp(vec3(uintBitsToFloat(words[c]), uintBitsToFloat(words[c + 1u]), uintBitsToFloat(words[c + 2u])), 0.0, 1.0);
  }
  float foam = has_foam == 1u ? clamp(uintBitsToFloat(words[(i * stride + foam_offset) / 4u]), 0.0, 1.0) : 0.0;
  vec3 view = (frame.view * vec4(world, 1.0)).xyz;
  float z = -view.z;
  if (z <= frame.clip.x + kSplatGrowth * radius) return;
  vec4 clip = frame.proj * vec4(view, 1.0);
  vec2 centre = (clip.xy / clip.w * 0.5 + 0.5) * vec2(size);
  // Each sphere is splatted kSplatGrowth times its radius: touching spheres leave gaps between
  // them (a ray through a gap would see particles deeper down), 1.5 closes them on any lattice.
  // A far particle still covers a pixel and a half, so the liquid stays one sheet at any distance.
  float grown = kSplatGrowth * radius;
  // proj[1][1] is negative: Vulkan's y points down the image.
  float pixels = max(grown * abs(frame.proj[1][1]) * 0.5 * float(size.y) / z, 1.5);
  int reach = min(int(ceil(pixels)), kSurfaceMaxSplatPixels);
  ivec2 base = ivec2(floor(centre));
  ivec2 full = textureSize(scene_depth, 0);
  for (int y = -reach; y <= reach; ++y)
    for (int x = -reach; x <= reach; ++x) {
      ivec2 p = base + ivec2(x, y);
      if (any(lessThan(p, ivec2(0))) || any(greaterThanEqual(p, size))) continue;
      vec2 d = (vec2(p) + 0.5 - centre) / pixels;
      float r2 = dot(d, d);
      if (r2 >= 1.0) continue;
      float half_chord = grown * sqrt(1.0 - r2);
      float front = z - half_chord;
      ivec2 q = min(ivec2((vec2(p) + 0.5) / scale), full - 1);
      if (front > texelFetch(scene_depth, q, 0).r) continue;
      uint k = uint(p.y * size.x + p.x);
      atomicMin(depth_bits[k], floatBitsToUint(front));
      // A particle of radius r stands for a cube of liquid 2r wide (it touches its neighbours):
      // its grown sphere's chords count (2r)^3 / (4/3 pi (1.5 r)^3) times, so that the thickness
      // is the liquid's, not the spheres'.
      float volume_share = 6.0 / (3.14159265 * kSplatGrowth * kSplatGrowth * kSplatGrowth);
      uint through = uint(2.0 * half_chord * volume_share * kSurfaceThicknessScale + 0.5);
      atomicAdd(thickness[k], through);
      if (foam > 0.0) atomicAdd(foam_sums[k], uint(foam * 255.0 + 0.5) * through);
      if (has_color == 1u) {
        // The colour along the ray, weighted by how much liquid each particle puts on it.
        uvec3 weighted = uvec3(liquid * 255.0 + 0.5) * through;
        atomicAdd(color_sums[3u * k], weighted.r);
        atomicAdd(color_sums[3u * k + 1u], weighted.g);
        atomicAdd(color_sums[3u * k + 2u], weighted.b);
      }
    }
}

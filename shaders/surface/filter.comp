#version 460
// The narrow-range filter (Truong and Yuksel 2018), one axis a pass: neighbours' depths are
// clamped into a band around the centre's before a Gaussian average, so the particles fuse into
// one surface while silhouettes and overlaps stay crisp. The width follows the particles'
// projected size, capped on screen. The thickness is blurred plainly alongside.
// direction (0, 0) resolves the splat's sums into the first image instead.
#include "shared/surface.h"
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 3, std430) readonly buffer DepthBits { uint depth_bits[]; };
layout(set = 0, binding = 4, std430) readonly buffer Thickness { uint thickness[]; };
layout(set = 0, binding = 6, rg32f) uniform readonly image2D source;
layout(set = 0, binding = 7, rg32f) uniform writeonly image2D target;
layout(push_constant) uniform Push { LFX_SURFACE_FILTER_PUSH };

void main() {
  ivec2 p = ivec2(gl_GlobalInvocationID.xy);
  if (any(greaterThanEqual(p, size))) return;
  if (direction == ivec2(0)) {
    uint k = uint(p.y * size.x + p.x);
    uint bits = depth_bits[k];
    float depth = bits == 0xFFFFFFFFu ? 0.0 : uintBitsToFloat(bits);
    imageStore(target, p, vec4(depth, float(thickness[k]) / kSurfaceThicknessScale, 0.0, 0.0));
    return;
  }
  vec2 centre = imageLoad(source, p).xy;
  if (centre.x <= 0.0) {
    imageStore(target, p, vec4(centre, 0.0, 0.0));
    return;
  }
  // At least 3 texels: particles smaller than a texel would otherwise stay a noise of dots. The
  // depth band is at least two texels' width at this depth, for the same reason.
  int reach = clamp(int(world_radius * pixels_per_metre / centre.x), min(3, max_pixels), max_pixels);
  float sigma = max(0.5 * float(reach), 0.5);
  float band = max(range, 2.0 * centre.x / pixels_per_metre);
  float depth_sum = 0.0, depth_weight = 0.0, thickness_sum = 0.0, thickness_weight = 0.0;
  for (int i = -reach; i <= reach; ++i) {
    ivec2 q = clamp(p + i * direction, ivec2(0), size - 1);
    vec2 s = imageLoad(source, q).xy;
    float g = exp(-0.5 * float(i * i) / (sigma * sigma));
    thickness_sum += g * s.y;
    thickness_weight += g;
    if (s.x <= 0.0) continue;
    depth_sum += g * clamp(s.x, centre.x - band, centre.x + band);
    depth_weight += g;
  }
  imageStore(target, p, vec4(depth_sum / depth_weight, thickness_sum / thickness_weight, 0.0, 0.0));
}

#version 460
// The narrow-range filter's closing 2D pass (narrow_range.glsl) over a small 5 x 5
// neighbourhood: the separable passes leave faint axis-aligned ridges where the clamping
// differed between the x and the y pass; a true 2D average removes them.
#include "shared/surface.h"
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 6, rg32f) uniform readonly image2D source;
layout(set = 0, binding = 7, rg32f) uniform writeonly image2D target;
layout(push_constant) uniform Push { LFX_SURFACE_FILTER_PUSH };
#include "surface/narrow_range.glsl"

void main() {
  ivec2 p = ivec2(gl_GlobalInvocationID.xy);
  if (any(greaterThanEqual(p, size))) return;
  vec2 centre = imageLoad(source, p).xy;
  if (centre.x <= 0.0) {
    imageStore(target, p, vec4(centre, 0.0, 0.0));
    return;
  }
  float band = depth_band(centre.x);
  float depth_sum = 0.0, depth_weight = 0.0;
  for (int y = -2; y <= 2; ++y)
    for (int x = -2; x <= 2; ++x) {
      float s = imageLoad(source, clamp(p + ivec2(x, y), ivec2(0), size - 1)).x;
      if (s <= 0.0) continue;
      float g = exp(-0.5 * float(x * x + y * y));
      depth_sum += g * clamp(s, centre.x - band, centre.x + band);
      depth_weight += g;
    }
  imageStore(target, p, vec4(depth_sum / depth_weight, centre.y, 0.0, 0.0));
}

#version 460
// The splat's sums into the first filter image: the nearest depth (0 where no particle is) and
// the thickness in metres.
#include "shared/surface.h"
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 3, std430) readonly buffer DepthBits { uint depth_bits[]; };
layout(set = 0, binding = 4, std430) readonly buffer Thickness { uint thickness[]; };
layout(set = 0, binding = 7, rg32f) uniform writeonly image2D target;
layout(push_constant) uniform Push { LFX_SURFACE_FILTER_PUSH };

void main() {
  ivec2 p = ivec2(gl_GlobalInvocationID.xy);
  if (any(greaterThanEqual(p, size))) return;
  uint k = uint(p.y * size.x + p.x);
  uint bits = depth_bits[k];
  float depth = bits == 0xFFFFFFFFu ? 0.0 : uintBitsToFloat(bits);
  imageStore(target, p, vec4(depth, float(thickness[k]) / kSurfaceThicknessScale, 0.0, 0.0));
}

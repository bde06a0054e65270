#version 460
// The narrow-range filter along one axis (narrow_range.glsl), one workgroup a stretch of 128
// texels of a row or column: the stretch and its aprons are read into shared memory once and
// every thread averages from there. The thickness is blurred plainly alongside.
#include "shared/surface.h"
layout(local_size_x = 128) in;
layout(set = 0, binding = 6, rg32f) uniform readonly image2D source;
layout(set = 0, binding = 7, rg32f) uniform writeonly image2D target;
layout(push_constant) uniform Push { LFX_SURFACE_FILTER_PUSH };
#include "surface/narrow_range.glsl"

const int kStretch = 128;
const int kApron = 64;  // the knob max_filter_pixels' largest value
shared vec2 line[kStretch + 2 * kApron];

void main() {
  int lane = int(gl_LocalInvocationID.x);
  int start = int(gl_WorkGroupID.x) * kStretch;
  ivec2 across = ivec2(1) - direction;
  int length = direction.x == 1 ? size.x : size.y;
  ivec2 origin = int(gl_WorkGroupID.y) * across;
  int apron = min(max_pixels, kApron);
  for (int i = lane; i < kStretch + 2 * apron; i += kStretch) {
    int along = clamp(start - apron + i, 0, length - 1);
    line[kApron - apron + i] = imageLoad(source, origin + along * direction).xy;
  }
  barrier();
  int along = start + lane;
  if (along >= length) return;
  vec2 centre = line[kApron + lane];
  ivec2 p = origin + along * direction;
  if (centre.x <= 0.0) {
    imageStore(target, p, vec4(centre, 0.0, 0.0));
    return;
  }
  int reach = filter_reach(centre.x);
  float sigma = max(0.5 * float(reach), 0.5);
  float band = depth_band(centre.x);
  float depth_sum = 0.0, depth_weight = 0.0, thickness_sum = 0.0, thickness_weight = 0.0;
  for (int i = -reach; i <= reach; ++i) {
    vec2 s = line[kApron + lane + i];
    float g = exp(-0.5 * float(i * i) / (sigma * sigma));
    thickness_sum += g * s.y;
    thickness_weight += g;
    if (s.x <= 0.0) continue;
    depth_sum += g * clamp(s.x, centre.x - band, centre.x + band);
    depth_weight += g;
  }
  imageStore(target, p, vec4(depth_sum / depth_weight, thickness_sum / thickness_weight, 0.0, 0.0));
}

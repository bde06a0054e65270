#version 460
// Synthetic particles for testing and demonstrating the surface without a simulation: rest
// positions (a sphere, a box or a lake, laid out on the CPU), and for a lake, small waves - a
// few travelling sines of the time - that lift each particle by its share of the depth.
#include "shared/surface.h"
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std430) readonly buffer Rest { vec4 rest[]; };
layout(set = 0, binding = 1, std430) writeonly buffer Records { vec4 records[]; };
layout(push_constant) uniform Push { LFX_SURFACE_SYNTHETIC_PUSH };

float waves(vec2 p) {
  return 0.5 * sin(dot(p, vec2(9.0, 3.0)) - 2.1 * time) + 0.3 * sin(dot(p, vec2(-4.0, 11.0)) - 2.9 * time) +
         0.2 * sin(dot(p, vec2(13.0, -7.0)) - 3.7 * time);
}

void main() {
  uint i = gl_GlobalInvocationID.x;
  if (i >= count) return;
  vec4 p = rest[i];
  if (amplitude > 0.0) p.y += amplitude * waves(p.xz) * clamp((p.y - bottom) / depth, 0.0, 1.0);
  records[i] = p;
}

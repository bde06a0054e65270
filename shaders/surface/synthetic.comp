#version 460
// Synthetic particles for testing and demonstrating the surface without a simulation: rest
// positions (a sphere, a box or a lake, laid out on the CPU), and for a lake, small waves - a
// few travelling sines of the time - that lift each particle by its share of the depth. Each
// record is the position and then the velocity (the waves' time derivative).
#include "shared/surface.h"
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std430) readonly buffer Rest { vec4 rest[]; };
layout(set = 0, binding = 1, std430) writeonly buffer Records { vec4 records[]; };
layout(push_constant) uniform Push { LFX_SURFACE_SYNTHETIC_PUSH };

// The waves' height over the amplitude at p (x) and its rate of change (1/s, y).
vec2 waves(vec2 p) {
  const vec3 kWaves[3] = vec3[](vec3(9.0, 3.0, 2.1), vec3(-4.0, 11.0, 2.9), vec3(13.0, -7.0, 3.7));  // k, omega
  const float kWeights[3] = float[](0.5, 0.3, 0.2);
  vec2 sum = vec2(0.0);
  for (int i = 0; i < 3; ++i) {
    float phase = dot(p, kWaves[i].xy) - kWaves[i].z * time;
    sum += kWeights[i] * vec2(sin(phase), -kWaves[i].z * cos(phase));
  }
  return sum;
}

void main() {
  uint i = gl_GlobalInvocationID.x;
  if (i >= count) return;
  vec4 p = rest[i];
  vec2 lift = amplitude * waves(p.xz) * clamp((p.y - bottom) / depth, 0.0, 1.0);
  records[2u * i] = vec4(p.x, p.y + lift.x, p.z, p.w);
  records[2u * i + 1u] = vec4(0.0, lift.y, 0.0, 0.0);
}

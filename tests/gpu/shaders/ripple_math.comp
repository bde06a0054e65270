#version 460
// Evaluates one ripple of shaders/shared/ripples.h at many points for the CPU/GPU test.
#include "shared/ripples.h"

layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std430) readonly buffer Inputs {
  RippleGpu ripple;
  RippleParams params;
  vec4 points[];  // xy point, z caustic time
};
layout(set = 0, binding = 1, std430) writeonly buffer Outputs { vec4 outputs[]; };
layout(push_constant) uniform Push { uint count; };

void main() {
  uint i = gl_GlobalInvocationID.x;
  if (i >= count) return;
  RippleSample s = ripple_at(ripple, params, points[i].xy);
  outputs[2u * i] = vec4(s.push, s.gradient);
  outputs[2u * i + 1u] = vec4(s.visibility, ripple_caustics(points[i].xy, points[i].z), 0.0, 0.0);
}

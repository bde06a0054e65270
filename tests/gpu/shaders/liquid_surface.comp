#version 460
// Evaluates the shared liquid surface equation on the GPU for the CPU/GPU agreement test.
#include "shared/liquid_surface.h"

layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std430) readonly buffer Inputs {
  LiquidContainerGpu container;
  vec4 points[];
};
layout(set = 0, binding = 1, std430) writeonly buffer Outputs { vec4 outputs[]; };
layout(push_constant) uniform Push { uint count; };

void main() {
  uint i = gl_GlobalInvocationID.x;
  if (i >= count) return;
  vec3 p = points[i].xyz;
  outputs[i] = vec4(liquid_surface_distance(container, p), liquid_surface_normal(container, p));
}

#version 460
// Evaluates shaders/shared/color.h on the GPU for the CPU/GPU agreement test.
#include "shared/color.h"

layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std430) readonly buffer Inputs { vec4 inputs[]; };    // rgb HDR, w exposure
layout(set = 0, binding = 1, std430) writeonly buffer Outputs { vec4 outputs[]; };
layout(push_constant) uniform Push { uint count; };

void main() {
  uint i = gl_GlobalInvocationID.x;
  if (i >= count) return;
  outputs[i] = vec4(display_color(inputs[i].rgb, inputs[i].w), 0.0);
}

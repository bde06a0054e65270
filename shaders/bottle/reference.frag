#version 460
// The benchmark's reference: the same meshes as plain opaque, lit by the sun.
#include "bottle/bottle_common.glsl"

layout(location = 0) in vec3 world_position;
layout(location = 1) in vec3 world_normal;
layout(location = 0) out vec4 out_color;

void main() {
  vec3 n = normalize(world_normal);
  out_color = vec4(vec3(0.6) * (0.3 + max(dot(n, frame.sun_direction.xyz), 0.0)), 1.0);
}

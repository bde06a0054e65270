#version 460
// A container's mesh (liquid or glass), one instance per container: the instance index is the
// container's index in the containers buffer.
#include "bottle/bottle_common.glsl"

layout(location = 0) in vec3 in_position;
layout(location = 1) in vec3 in_normal;
layout(location = 0) out vec3 world_position;
layout(location = 1) out vec3 world_normal;
layout(location = 2) flat out uint container;

void main() {
  mat4 model = containers[gl_InstanceIndex].model;
  vec4 world = model * vec4(in_position, 1.0);
  world_position = world.xyz;
  world_normal = mat3(model) * in_normal;
  container = gl_InstanceIndex;
  gl_Position = frame.view_proj * world;
}

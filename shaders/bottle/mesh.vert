#version 460
// A container's mesh (liquid or glass) placed by its container's model matrix.
#include "bottle/bottle_common.glsl"
#include "shared/bottle.h"

layout(location = 0) in vec3 in_position;
layout(location = 1) in vec3 in_normal;
layout(push_constant) uniform Push { LFX_BOTTLE_MESH_PUSH };
layout(location = 0) out vec3 world_position;
layout(location = 1) out vec3 world_normal;

void main() {
  mat4 model = containers[container].model;
  vec4 world = model * vec4(in_position, 1.0);
  world_position = world.xyz;
  world_normal = mat3(model) * in_normal;
  gl_Position = frame.view_proj * world;
}

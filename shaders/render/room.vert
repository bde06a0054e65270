#version 460
// The backdrop room: floor, back wall and props, already in world space.
#include "render/frame_block.glsl"

layout(location = 0) in vec3 in_position;
layout(location = 1) in vec3 in_normal;
layout(location = 2) in vec4 in_albedo_surface;  // rgb albedo, w: 0 floor, 1 wall, 2 prop

layout(location = 0) out vec3 world_position;
layout(location = 1) out vec3 world_normal;
layout(location = 2) flat out vec4 albedo_surface;

void main() {
  world_position = in_position;
  world_normal = in_normal;
  albedo_surface = in_albedo_surface;
  gl_Position = frame.view_proj * vec4(in_position, 1.0);
}

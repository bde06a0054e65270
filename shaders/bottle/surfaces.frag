#version 460
// Where the view ray meets a container surface (the outer glass or the inner wall, front or back
// faces by the culling): its outward normal and its distance from the eye. The
// composite works out everything else per pixel (surface_encoding.glsl).
#include "bottle/bottle_common.glsl"
#include "bottle/surface_encoding.glsl"

layout(location = 0) in vec3 world_position;
layout(location = 1) in vec3 world_normal;
// The same to both attachments (glass, liquid): the pipeline's write mask picks its own.
layout(location = 0) out vec4 out_glass;
layout(location = 1) out vec4 out_liquid;

void main() {
  vec4 surface = encode_surface(world_normal, distance(frame.camera_position.xyz, world_position));
  out_glass = surface;
  out_liquid = surface;
}

#version 460
// Each particle of a source as a camera-facing square that spheres.frag turns into a sphere.
// The record is read as words at the source's stride and offsets (any layout, no copy).
#include "render/frame_block.glsl"
#include "shared/particles.h"

layout(set = 0, binding = 1, std430) readonly buffer Words { uint words[]; };
layout(push_constant) uniform Push { LFX_PARTICLES_DRAW_PUSH };

layout(location = 0) out vec3 view_centre;
layout(location = 1) out vec3 view_corner;
layout(location = 2) flat out vec4 color_foam;

vec3 read_vec3(uint byte_offset) {
  uint w = byte_offset / 4u;
  return vec3(uintBitsToFloat(words[w]), uintBitsToFloat(words[w + 1u]), uintBitsToFloat(words[w + 2u]));
}

void main() {
  const vec2 corners[6] = vec2[](vec2(-1, -1), vec2(1, -1), vec2(1, 1), vec2(-1, -1), vec2(1, 1), vec2(-1, 1));
  uint base = uint(gl_InstanceIndex) * stride;
  vec3 world = read_vec3(base + position_offset);
  vec3 color = has_color == 1u ? read_vec3(base + color_offset) : vec3(0.25, 0.5, 0.85);
  float foam = has_foam == 1u ? uintBitsToFloat(words[(base + foam_offset) / 4u]) : 0.0;
  color_foam = vec4(color, foam);
  view_centre = (frame.view * vec4(world, 1.0)).xyz;
  // The square sits a radius in front of the centre: its projection covers the sphere's
  // silhouette from any angle.
  vec3 toward_eye = view_to_eye(view_centre);
  vec3 right = normalize(cross(vec3(0.0, 1.0, 0.0), toward_eye));
  vec3 up = cross(toward_eye, right);
  vec2 c = corners[gl_VertexIndex];
  view_corner = view_centre + radius * (toward_eye + c.x * right + c.y * up);
  gl_Position = frame.proj * vec4(view_corner, 1.0);
}

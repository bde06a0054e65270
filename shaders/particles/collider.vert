#version 460
// A box or sphere collider's bounding box (36 vertices, no vertex buffer); collider.frag traces
// the exact shape inside it.
#include "render/frame_block.glsl"
#include "shared/particles.h"

layout(push_constant) uniform Push { LFX_PARTICLES_COLLIDER_DRAW_PUSH };
layout(location = 0) out vec3 world_position;

void main() {
  // Two triangles a face of the cube [-1, 1]^3.
  const int faces[36] = int[](0, 2, 3, 0, 3, 1, 4, 5, 7, 4, 7, 6, 0, 1, 5, 0, 5, 4, 2, 6, 7, 2, 7, 3, 0, 4, 6, 0, 6,
                              2, 1, 3, 7, 1, 7, 5);
  int corner = faces[gl_VertexIndex];
  vec3 unit = vec3((corner & 1) != 0 ? 1.0 : -1.0, (corner & 2) != 0 ? 1.0 : -1.0, (corner & 4) != 0 ? 1.0 : -1.0);
  bool sphere = floatBitsToUint(position_kind.w) == kColliderSphere;
  vec3 half_size = sphere ? vec3(size.x) : size.xyz;
  world_position = position_kind.xyz + quat_rotate(rotation, unit * half_size);
  gl_Position = frame.view_proj * vec4(world_position, 1.0);
}

#version 460
// The engine's own geometry: an axis-aligned box (the floor is a flat one), 36 vertices from the
// vertex index, no vertex buffer.
layout(push_constant) uniform Push {
  mat4 view_proj;
  vec4 centre;
  vec4 half_size;
  vec4 color;
};
layout(location = 0) out vec3 world;

void main() {
  const int faces[36] = int[](0, 2, 3, 0, 3, 1, 4, 5, 7, 4, 7, 6, 0, 1, 5, 0, 5, 4, 2, 6, 7, 2, 7, 3, 0, 4, 6, 0, 6,
                              2, 1, 3, 7, 1, 7, 5);
  int corner = faces[gl_VertexIndex];
  vec3 unit = vec3((corner & 1) != 0 ? 1.0 : -1.0, (corner & 2) != 0 ? 1.0 : -1.0, (corner & 4) != 0 ? 1.0 : -1.0);
  world = centre.xyz + unit * half_size.xyz;
  gl_Position = view_proj * vec4(world, 1.0);
}

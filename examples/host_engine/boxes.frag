#version 460
// Flat-shaded by a sun and a sky, the engine's way.
layout(push_constant) uniform Push {
  mat4 view_proj;
  vec4 centre;
  vec4 half_size;
  vec4 color;
};
layout(location = 0) in vec3 world;
layout(location = 0) out vec4 out_color;

void main() {
  vec3 n = normalize(cross(dFdx(world), dFdy(world)));
  if (n.y < -0.5) n = -n;
  vec3 sun = normalize(vec3(0.4, 0.8, 0.45));
  out_color = vec4(color.rgb * (0.35 + 0.9 * max(dot(n, sun), 0.0)), 1.0);
}

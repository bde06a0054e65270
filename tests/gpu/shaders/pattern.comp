#version 460
// Writes a known pattern, texel (x, y) = (x & 255, y & 255, (x ^ y) & 255, 255), for readback tests.
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0, rgba8) writeonly uniform image2D target;

void main() {
  ivec2 p = ivec2(gl_GlobalInvocationID.xy);
  if (any(greaterThanEqual(p, imageSize(target)))) return;
  uvec3 v = uvec3(p.x & 255, p.y & 255, (p.x ^ p.y) & 255);
  imageStore(target, p, vec4(vec3(v) / 255.0, 1.0));
}

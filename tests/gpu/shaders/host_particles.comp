#version 460
// A host engine's particle step, as its own compute pass: moves every record's position (32-byte
// records, the position first) by `offset`, just before liquidfx's frame reads the buffer.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std430) buffer Records { vec4 records[]; };
layout(push_constant) uniform Push {
  vec4 offset;  // xyz metres
  uint count;
  uint pad0;
  uint pad1;
  uint pad2;
};

void main() {
  uint i = gl_GlobalInvocationID.x;
  if (i >= count) return;
  records[2u * i].xyz += offset.xyz;
}

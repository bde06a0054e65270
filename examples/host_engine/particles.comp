#version 460
// The engine's own particle simulation: 32-byte records (position, velocity), a spray from a
// nozzle that bounces on the floor. Records from `spawned` to `count` are new this frame.
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std430) buffer Records { vec4 records[]; };
layout(push_constant) uniform Push {
  vec4 nozzle;  // xyz metres
  uint count;
  uint spawned;
  float dt;
  float radius;
};

float hash(uint n) {
  n = (n << 13u) ^ n;
  n = n * (n * n * 15731u + 789221u) + 1376312589u;
  return float(n & 0x7fffffffu) / float(0x7fffffff);
}

void main() {
  uint i = gl_GlobalInvocationID.x;
  if (i >= count) return;
  vec3 p = records[2u * i].xyz, v = records[2u * i + 1u].xyz;
  if (i >= spawned) {
    p = nozzle.xyz + 0.01 * vec3(hash(i * 3u) - 0.5, hash(i * 3u + 1u) - 0.5, hash(i * 3u + 2u) - 0.5);
    v = vec3(-0.6 + 0.2 * hash(i * 7u), 0.5 + 0.3 * hash(i * 7u + 1u), 0.15 * (hash(i * 7u + 2u) - 0.5));
  }
  v.y -= 9.81 * dt;
  p += v * dt;
  if (p.y < radius) {  // the floor
    p.y = radius;
    v.y *= -0.3;
    v.xz *= 0.8;
  }
  records[2u * i] = vec4(p, 1.0);
  records[2u * i + 1u] = vec4(v, 0.0);
}

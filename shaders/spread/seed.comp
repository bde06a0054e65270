#version 460
// The seed's semi-Lagrangian thickness update, kept to show its drift: each cell loses a share
// of its thickness that grows with the local speed and gains the same share of the thickness
// one step upstream (from h, pigment into h_out, pigment_out). Not conservative.
#include "spread/fields.glsl"
layout(local_size_x = 64) in;

const float kSeedRate = 0.3;  // the seed's share moved a frame

float strength(vec2 w) { return yield_speed > 0.0 ? spread_smoothstep(0.0, yield_speed, length(w)) : 1.0; }

void main() {
  int k = int(gl_GlobalInvocationID.x);
  if (k >= cell_count()) return;
  int i = k % thickness_grid.x, j = k / thickness_grid.x;
  vec2 p = (vec2(i, j) + 0.5) * dh;
  vec2 w = vec2(sample_face_x(p), sample_face_y(p));
  vec2 source = p - dt * w;
  float removed = kSeedRate * strength(w);
  float added = kSeedRate * strength(vec2(sample_face_x(source), sample_face_y(source)));
  h_out[k] = max(0.0, h[k] * (1.0 - removed) + added * sample_h(source));
  uint n = uint(cell_count());
  for (uint q = 0u; q < pigment_planes(); ++q)
    pigment_out[q * n + uint(k)] = max(0.0, pigment[q * n + uint(k)] * (1.0 - removed) + added * sample_pigment(q, source));
}

#version 460
// A sub-step: every cell's liquid and pigments after the limited fluxes through its four faces
// (pigments in their donor cell's proportion), from h, pigment into h_out, pigment_out - summed
// in the CPU reference's order.
#include "spread/fields.glsl"
layout(local_size_x = 64) in;

float scaled_x(int face, int left, int right) {
  float f = flux_x[face];
  return f * (f > 0.0 ? outflow_scale[left] : outflow_scale[right]);
}
float scaled_y(int face, int below, int above) {
  float f = flux_y[face];
  return f * (f > 0.0 ? outflow_scale[below] : outflow_scale[above]);
}
float share(uint plane, int cell) {
  float bulk = h[cell];
  return bulk > 0.0 ? min(pigment[plane * uint(cell_count()) + uint(cell)] / bulk, 1.0) : 0.0;
}

void main() {
  int k = int(gl_GlobalInvocationID.x);
  int mx = thickness_grid.x, my = thickness_grid.y;
  if (k >= cell_count()) return;
  uint n = uint(cell_count());
  int i = k % mx, j = k / mx;
  // The faces: x at i (from the left neighbour) and i + 1; y at j (from below) and j + 1.
  int left = i > 0 ? k - 1 : k, right = i + 1 < mx ? k + 1 : k;
  int below = j > 0 ? k - mx : k, above = j + 1 < my ? k + mx : k;
  float in_x = i > 0 ? scaled_x(j * (mx + 1) + i, left, k) : 0.0;
  float out_x = i + 1 < mx ? scaled_x(j * (mx + 1) + i + 1, k, right) : 0.0;
  float in_y = j > 0 ? scaled_y(j * mx + i, below, k) : 0.0;
  float out_y = j + 1 < my ? scaled_y((j + 1) * mx + i, k, above) : 0.0;
  for (uint p = 0u; p < pigment_planes(); ++p) {
    float q = pigment[p * n + uint(k)];
    q += in_x * (in_x > 0.0 ? share(p, left) : share(p, k));
    q -= out_x * (out_x > 0.0 ? share(p, k) : share(p, right));
    q += in_y * (in_y > 0.0 ? share(p, below) : share(p, k));
    q -= out_y * (out_y > 0.0 ? share(p, k) : share(p, above));
    pigment_out[p * n + uint(k)] = max(q, 0.0);
  }
  h_out[k] = max(h[k] + in_x - out_x + in_y - out_y, 0.0);
}

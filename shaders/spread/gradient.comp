#version 460
// The projection's last step: the pressure's gradient taken from the interior faces' velocity.
// Mode 1 (the swept thickness scheme) raises the bound on the transport speed from the flow it
// stores (transport_bound.glsl), a pass over the coarse faces fewer.
#include "spread/fields.glsl"
#include "spread/transport_bound.glsl"
#include "spread/mode.glsl"
layout(local_size_x = 64) in;

void main() {
  int k = int(gl_GlobalInvocationID.x);
  int nx = cells.x, ny = cells.y;
  float fastest_x = 0.0, fastest_y = 0.0;
  if (k < (nx + 1) * ny) {
    int i = k % (nx + 1), j = k / (nx + 1);
    float value = u[k];
    if (i > 0 && i < nx) value -= (LFX_TEXEL(pressure, j * nx + i) - LFX_TEXEL(pressure, j * nx + i - 1)) / dx;
    u[k] = value;
    fastest_x = abs(value);
  }
  if (k < nx * (ny + 1)) {
    int i = k % nx, j = k / nx;
    float value = v[k];
    if (j > 0 && j < ny) value -= (LFX_TEXEL(pressure, j * nx + i) - LFX_TEXEL(pressure, (j - 1) * nx + i)) / dx;
    v[k] = value;
    fastest_y = abs(value);
  }
  if (kMode == 1u) raise_transport_bound(k, fastest_x, fastest_y);
}

#version 460
// The projection's last step: the pressure's gradient taken from the interior faces' velocity.
#include "spread/fields.glsl"
layout(local_size_x = 64) in;

void main() {
  int k = int(gl_GlobalInvocationID.x);
  int nx = cells.x, ny = cells.y;
  if (k < (nx + 1) * ny) {
    int i = k % (nx + 1), j = k / (nx + 1);
    if (i > 0 && i < nx) u[k] -= (LFX_TEXEL(pressure, j * nx + i) - LFX_TEXEL(pressure, j * nx + i - 1)) / dx;
  }
  if (k < nx * (ny + 1)) {
    int i = k % nx, j = k / nx;
    if (j > 0 && j < ny) v[k] -= (LFX_TEXEL(pressure, j * nx + i) - LFX_TEXEL(pressure, (j - 1) * nx + i)) / dx;
  }
}

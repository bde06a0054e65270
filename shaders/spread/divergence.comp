#version 460
// The pressure equation's right side on the finest level: each cell's divergence times dx^2
// (sum over open neighbours of p_n - p = that, then u -= grad p leaves no divergence).
#include "spread/fields.glsl"
layout(local_size_x = 64) in;

void main() {
  int k = int(gl_GlobalInvocationID.x);
  int nx = cells.x, ny = cells.y;
  if (k >= nx * ny) return;
  int i = k % nx, j = k / nx;
  float d = (LFX_TEXEL(u, j * (nx + 1) + i + 1) - LFX_TEXEL(u, j * (nx + 1) + i) + LFX_TEXEL(v, (j + 1) * nx + i) -
             LFX_TEXEL(v, j * nx + i)) /
            dx;
  rhs[k] = d * dx * dx;
}

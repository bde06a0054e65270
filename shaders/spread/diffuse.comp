#version 460
// One explicit viscosity sub-step (nu dt / dx^2 = diffusion <= 1/4): each face value moves
// towards its neighbours' (those that exist), from u, v into u_out, v_out. The last sub-step (mode
// 1) damps the flow where dry and closes the walls as it stores (face_forces.glsl).
#include "spread/fields.glsl"
#include "spread/face_forces.glsl"
#include "spread/mode.glsl"
layout(local_size_x = 64) in;

void main() {
  int k = int(gl_GlobalInvocationID.x);
  int nx = cells.x, ny = cells.y;
  if (k < (nx + 1) * ny) {
    int w = nx + 1, i = k % w, j = k / w;
    float sum = 0.0, open = 0.0;
    if (i > 0) sum += LFX_TEXEL(u, k - 1), open += 1.0;
    if (i + 1 < w) sum += LFX_TEXEL(u, k + 1), open += 1.0;
    if (j > 0) sum += LFX_TEXEL(u, k - w), open += 1.0;
    if (j + 1 < ny) sum += LFX_TEXEL(u, k + w), open += 1.0;
    float centre = LFX_TEXEL(u, k);
    float value = centre + diffusion * (sum - open * centre);
    u_out[k] = kMode == 1u ? damped(value, vec2(float(i) * dx, (float(j) + 0.5) * dx), i == 0 || i == nx) : value;
  }
  if (k < nx * (ny + 1)) {
    int i = k % nx, j = k / nx;
    float sum = 0.0, open = 0.0;
    if (i > 0) sum += LFX_TEXEL(v, k - 1), open += 1.0;
    if (i + 1 < nx) sum += LFX_TEXEL(v, k + 1), open += 1.0;
    if (j > 0) sum += LFX_TEXEL(v, k - nx), open += 1.0;
    if (j + 1 < ny + 1) sum += LFX_TEXEL(v, k + nx), open += 1.0;
    float centre = LFX_TEXEL(v, k);
    float value = centre + diffusion * (sum - open * centre);
    v_out[k] = kMode == 1u ? damped(value, vec2((float(i) + 0.5) * dx, float(j) * dx), j == 0 || j == ny) : value;
  }
}

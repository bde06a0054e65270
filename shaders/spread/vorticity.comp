#version 460
// Vorticity confinement (SpreadSimulation::confine_vorticity). mode 0: the curl at each cell's
// centre; mode 1: every interior face pushed by the mean of its two cells' confinement forces.
#include "spread/fields.glsl"
#include "spread/mode.glsl"
layout(local_size_x = 64) in;
layout(set = 0, binding = 22, std430) buffer Curl { float curl[]; };

vec2 centre(int i, int j) {
  int nx = cells.x;
  i = clamp(i, 0, nx - 1);
  j = clamp(j, 0, cells.y - 1);
  return vec2(0.5 * (u[j * (nx + 1) + i] + u[j * (nx + 1) + i + 1]), 0.5 * (v[j * nx + i] + v[(j + 1) * nx + i]));
}

float curl_at(int i, int j) { return curl[clamp(j, 0, cells.y - 1) * cells.x + clamp(i, 0, cells.x - 1)]; }

vec2 force(int i, int j) {
  i = clamp(i, 0, cells.x - 1);
  j = clamp(j, 0, cells.y - 1);
  return spread_confinement(curl_at(i - 1, j), curl_at(i + 1, j), curl_at(i, j - 1), curl_at(i, j + 1), curl_at(i, j), dx,
                            vorticity);
}

void main() {
  int k = int(gl_GlobalInvocationID.x);
  int nx = cells.x, ny = cells.y;
  if (kMode == 0u) {
    if (k >= nx * ny) return;
    int i = k % nx, j = k / nx;
    curl[k] = spread_curl(centre(i - 1, j), centre(i + 1, j), centre(i, j - 1), centre(i, j + 1), dx);
    return;
  }
  if (k < (nx + 1) * ny) {
    int i = k % (nx + 1), j = k / (nx + 1);
    if (i > 0 && i < nx) u[k] += dt * 0.5 * (force(i - 1, j).x + force(i, j).x);
  }
  if (k < nx * (ny + 1)) {
    int i = k % nx, j = k / nx;
    if (j > 0 && j < ny) v[k] += dt * 0.5 * (force(i, j - 1).y + force(i, j).y);
  }
}

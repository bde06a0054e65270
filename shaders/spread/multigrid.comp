#version 460
// The pressure solve's multigrid steps on the level at level_offset (pressure_multigrid.cpp's
// V-cycle; the walls are Neumann: a missing neighbour is left out). mode 0 and 1: a red or
// black Gauss-Seidel sweep; 2: the residual; 3: the coarser level's right side (the residual
// summed 2 x 2) and a zero start, one thread a coarse cell; 4: the coarser level's solution
// added back, one thread a fine cell.
#include "spread/fields.glsl"
layout(local_size_x = 64) in;

float neighbour_sum(int i, int j, out float open) {
  int nx = level.x, ny = level.y;
  uint o = level_offset;
  float sum = 0.0;
  open = 0.0;
  if (i > 0) sum += pressure[o + uint(j * nx + i - 1)], open += 1.0;
  if (i + 1 < nx) sum += pressure[o + uint(j * nx + i + 1)], open += 1.0;
  if (j > 0) sum += pressure[o + uint((j - 1) * nx + i)], open += 1.0;
  if (j + 1 < ny) sum += pressure[o + uint((j + 1) * nx + i)], open += 1.0;
  return sum;
}

void main() {
  int k = int(gl_GlobalInvocationID.x);
  int nx = level.x, ny = level.y;
  ivec2 coarse = (level + 1) / 2;
  if (mode == 3u) {
    if (k >= coarse.x * coarse.y) return;
    int ci = k % coarse.x, cj = k / coarse.x;
    float sum = 0.0;
    for (int dj = 0; dj < 2; ++dj)
      for (int di = 0; di < 2; ++di) {
        int i = 2 * ci + di, j = 2 * cj + dj;
        if (i < nx && j < ny) sum += residual[level_offset + uint(j * nx + i)];
      }
    rhs[coarse_offset + uint(k)] = sum;
    pressure[coarse_offset + uint(k)] = 0.0;
    return;
  }
  if (k >= nx * ny) return;
  int i = k % nx, j = k / nx;
  uint at = level_offset + uint(k);
  if (mode == 4u) {
    pressure[at] += pressure[coarse_offset + uint((j / 2) * coarse.x + i / 2)];
    return;
  }
  float open;
  float sum = neighbour_sum(i, j, open);
  if (mode == 2u) {
    residual[at] = rhs[at] - (sum - open * pressure[at]);
  } else if (((i + j) & 1) == int(mode) && open > 0.0) {
    pressure[at] = (sum - rhs[at]) / open;
  }
}

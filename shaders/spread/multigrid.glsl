// The pressure solve's multigrid steps on one cell (pressure_multigrid.cpp's V-cycle; the walls
// are Neumann: a missing neighbour is left out): level l's cells start at o in the pressure,
// right-side and residual buffers, the next coarser level's at co.
#include "spread/fields.glsl"

// Cell k's neighbours' pressures summed on level l (at o), `open` of them inside the box.
float neighbour_sum(ivec2 l, uint o, int k, out float open) {
  int i = k % l.x, j = k / l.x;
  float sum = 0.0;
  open = 0.0;
  if (i > 0) sum += pressure[o + uint(k - 1)], open += 1.0;
  if (i + 1 < l.x) sum += pressure[o + uint(k + 1)], open += 1.0;
  if (j > 0) sum += pressure[o + uint(k - l.x)], open += 1.0;
  if (j + 1 < l.y) sum += pressure[o + uint(k + l.x)], open += 1.0;
  return sum;
}

void relax(ivec2 l, uint o, int k, uint colour) {
  if (((k % l.x + k / l.x) & 1) != int(colour)) return;
  float open;
  float sum = neighbour_sum(l, o, k, open);
  if (open > 0.0) pressure[o + uint(k)] = (sum - rhs[o + uint(k)]) / open;
}

void residual_at(ivec2 l, uint o, int k) {
  float open;
  float sum = neighbour_sum(l, o, k, open);
  residual[o + uint(k)] = rhs[o + uint(k)] - (sum - open * pressure[o + uint(k)]);
}

// Coarse cell ck of the level below l (at co): the residual's 2 x 2 sum, a zero start.
void restrict_at(ivec2 l, uint o, uint co, int ck) {
  int cx = (l.x + 1) / 2, ci = ck % cx, cj = ck / cx;
  float sum = 0.0;
  for (int dj = 0; dj < 2; ++dj)
    for (int di = 0; di < 2; ++di) {
      int i = 2 * ci + di, j = 2 * cj + dj;
      if (i < l.x && j < l.y) sum += residual[o + uint(j * l.x + i)];
    }
  rhs[co + uint(ck)] = sum;
  pressure[co + uint(ck)] = 0.0;
}

void prolong_at(ivec2 l, uint o, uint co, int k) {
  int i = k % l.x, j = k / l.x;
  pressure[o + uint(k)] += pressure[co + uint((j / 2) * ((l.x + 1) / 2) + i / 2)];
}

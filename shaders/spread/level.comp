#version 460
// Levelling along one axis (mode 0: x, a thread a row; 1: y, a thread a column), in place
// (spread_transport.cpp's level_piles): what lies above pile_height flows down its slope, an
// implicit step of spread_levelling's diffusion. Each line's tridiagonal system is solved exactly
// (the conductances kept in flux_x / flux_y, the upper diagonal's ratios in outflow_scale, each
// field's solution in h_out / pigment_out), then applied as fluxes between neighbours, so the
// volume is kept and no cell goes negative. Lines with nothing above the height are left alone.
#include "spread/fields.glsl"
layout(local_size_x = 64) in;

bool along_x;
int line;

int cell_at(int k) { return along_x ? line * thickness_grid.x + k : k * thickness_grid.x + line; }
int face_at(int f) { return along_x ? line * (thickness_grid.x + 1) + f : f * thickness_grid.x + line; }
float conductance(int f, int n) {
  if (f <= 0 || f >= n) return 0.0;  // walls
  return along_x ? flux_x[face_at(f)] : flux_y[face_at(f)];
}

// Field `plane` (-1: the bulk) along the line: read, and the solution's scratch.
float value(int plane, int k) {
  return plane < 0 ? h[cell_at(k)] : pigment[uint(plane) * uint(cell_count()) + uint(cell_at(k))];
}
void set_value(int plane, int k, float x) {
  if (plane < 0)
    h[cell_at(k)] = x;
  else
    pigment[uint(plane) * uint(cell_count()) + uint(cell_at(k))] = x;
}
float solution(int plane, int k) {
  return plane < 0 ? h_out[cell_at(k)] : pigment_out[uint(plane) * uint(cell_count()) + uint(cell_at(k))];
}
void set_solution(int plane, int k, float x) {
  if (plane < 0)
    h_out[cell_at(k)] = x;
  else
    pigment_out[uint(plane) * uint(cell_count()) + uint(cell_at(k))] = x;
}

float pivot(int k, int n) {
  float below = conductance(k, n), above = conductance(k + 1, n);
  return 1.0 + below + above + (k > 0 ? below * outflow_scale[cell_at(k - 1)] : 0.0);
}

void level_field(int plane, int n) {
  for (int k = 0; k < n; ++k)
    set_solution(plane, k, (value(plane, k) + (k > 0 ? conductance(k, n) * solution(plane, k - 1) : 0.0)) / pivot(k, n));
  for (int k = n - 2; k >= 0; --k)
    set_solution(plane, k, solution(plane, k) - outflow_scale[cell_at(k)] * solution(plane, k + 1));
  float in_flow = 0.0;  // through face k, from cell k - 1
  for (int k = 0; k < n; ++k) {
    float out_flow = k + 1 < n ? conductance(k + 1, n) * (solution(plane, k) - solution(plane, k + 1)) : 0.0;
    set_value(plane, k, max(value(plane, k) + in_flow - out_flow, 0.0));  // round-off below zero only
    in_flow = out_flow;
  }
}

void main() {
  along_x = mode == 0u;
  int n = along_x ? thickness_grid.x : thickness_grid.y, lines = along_x ? thickness_grid.y : thickness_grid.x;
  line = int(gl_GlobalInvocationID.x);
  if (line >= lines) return;
  float unit = kSpreadLevelling * dt / (dh * dh);
  bool moves = false;
  for (int f = 1; f < n; ++f) {
    float c = spread_levelling(value(-1, f - 1), value(-1, f), pile_height, unit);
    if (along_x)
      flux_x[face_at(f)] = c;
    else
      flux_y[face_at(f)] = c;
    moves = moves || c > 0.0;
  }
  if (!moves) return;
  for (int k = 0; k < n; ++k) outflow_scale[cell_at(k)] = -conductance(k + 1, n) / pivot(k, n);
  for (int p = 0; p < int(pigments); ++p) level_field(p, n);
  level_field(-1, n);
}

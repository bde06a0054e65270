#version 460
// The first half of the thickness faces' transport flow: the coarse flow's quadratic B-spline
// (spread_simulation.cpp's sample_smooth) taken along y at each row of thickness faces, for each
// coarse column; faces.comp takes it along x. Separable, a face reads 3 of these sums a component
// where the full B-spline read 9 samples. An invocation a (column, row) of flow_rows (fields.glsl)
// of one component: u's rows, or in the variant kV v's (a CPU driver runs both sides of a branch,
// so a row that could be either read both components).
#include "spread/fields.glsl"
layout(local_size_x = 16, local_size_y = 16) in;
layout(constant_id = LFX_SPREAD_V_CONSTANT) const bool kV = false;

void main() {
  int column = int(gl_GlobalInvocationID.x), row = int(gl_GlobalInvocationID.y), my = thickness_grid.y;
  // Which block the row is in: the x faces' rows (y = (j + 0.5) dh), then the y faces' (y = j dh).
  if (row >= 2 * my + 1) return;
  bool y_faces = row >= my;
  int j = y_faces ? row - my : row;
  int nx = kV ? cells.x : cells.x + 1, ny = kV ? cells.y + 1 : cells.y;
  if (column >= nx) return;
  float face_y = y_faces ? float(j) * dh : (float(j) + 0.5) * dh;
  float y = clamp(face_y / dx - (kV ? 0.0 : 0.5), 0.0, float(ny - 1));
  int centre = int(round(y));
  vec3 wy = spread_spline_weights(y - float(centre));
  float sum = 0.0;
  for (int b = 0; b < 3; ++b) {
    int at = clamp(centre + b - 1, 0, ny - 1) * nx + column;
    sum += wy[b] * (kV ? LFX_TEXEL(v, at) : LFX_TEXEL(u, at));
  }
  flow_rows[flow_row_start(y_faces, kV, j) + column] = sum;
}

#version 460
// The first half of the thickness faces' transport flow: the coarse flow's quadratic B-spline
// (spread_simulation.cpp's sample_smooth) taken along y at each row of thickness faces, for each
// coarse column; faces.comp takes it along x. Separable, a face reads 3 of these sums a component
// where the full B-spline read 9 samples. An invocation a (column, row) of flow_rows (fields.glsl).
#include "spread/fields.glsl"
layout(local_size_x = 8, local_size_y = 8) in;

void main() {
  int column = int(gl_GlobalInvocationID.x), row = int(gl_GlobalInvocationID.y), my = thickness_grid.y;
  if (row >= flow_row_count()) return;
  // Which block the row is in: the x faces' rows (y = (j + 0.5) dh), then the y faces' (y = j dh).
  bool y_faces = row >= 2 * my;
  int in_block = y_faces ? row - 2 * my : row, rows = y_faces ? my + 1 : my;
  bool is_v = in_block >= rows;
  int j = is_v ? in_block - rows : in_block;
  int nx = is_v ? cells.x : cells.x + 1, ny = is_v ? cells.y + 1 : cells.y;
  if (column >= nx) return;
  float face_y = y_faces ? float(j) * dh : (float(j) + 0.5) * dh;
  float y = clamp(face_y / dx - (is_v ? 0.0 : 0.5), 0.0, float(ny - 1));
  int centre = int(round(y));
  vec3 wy = spread_spline_weights(y - float(centre));
  float sum = 0.0;
  for (int b = 0; b < 3; ++b) {
    int at = clamp(centre + b - 1, 0, ny - 1) * nx + column;
    sum += wy[b] * (is_v ? v[at] : u[at]);
  }
  flow_rows[flow_row_start(y_faces, is_v, j) + column] = sum;
}

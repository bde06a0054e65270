#version 460
// The first half of the thickness faces' transport flow: the coarse flow's quadratic B-spline
// (spread_simulation.cpp's sample_smooth) taken along y at each row of thickness faces, for each
// coarse column; faces.comp takes it along x. Separable, a face reads 3 of these sums a component
// where the full B-spline read 9 samples. Of one component: u's rows, or in the variant kV v's (a
// CPU driver runs both sides of a branch, so a row that could be either read both components).
// An invocation a column and kSpreadFlowRowsAnInvocation of the rows of flow_rows (fields.glsl).
// In the variant kListedTiles (the swept scheme), only the sums the listed tiles' faces read: the
// rows and columns of the listed tiles' box (activate.comp's mode 4), most of the grid being dry
// skin no face of which is computed. The loop's bounds leave the other rows: on lavapipe, a
// thread a sum that returned early outside the box saved nothing, the loop saves two thirds.
#include "spread/fields.glsl"
layout(local_size_x = 16, local_size_y = 4) in;  // as SpreadSolver::record_thickness dispatches it
layout(constant_id = LFX_SPREAD_V_CONSTANT) const bool kV = false;
layout(constant_id = LFX_SPREAD_LISTED_FACES_CONSTANT) const bool kListedTiles = false;

// The sum for row `row` of flow_rows' rows (the x faces' rows, y = (j + 0.5) dh, then the y
// faces', y = j dh) at `column`.
void smooth_row(int column, int row) {
  int my = thickness_grid.y;
  bool y_faces = row >= my;
  int j = y_faces ? row - my : row;
  int nx = kV ? cells.x : cells.x + 1, ny = kV ? cells.y + 1 : cells.y;
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

// The sums of rows [first, end) that lie in [from, to).
void smooth_rows(int column, int first, int end, int from, int to) {
  for (int row = max(first, from); row < min(end, to); ++row) smooth_row(column, row);
}

void main() {
  int column = int(gl_GlobalInvocationID.x), my = thickness_grid.y;
  int first = int(gl_GlobalInvocationID.y) * kSpreadFlowRowsAnInvocation, end = first + kSpreadFlowRowsAnInvocation;
  int nx = kV ? cells.x : cells.x + 1;
  if (column >= nx) return;
  if (!kListedTiles) {
    smooth_rows(column, first, end, 0, 2 * my + 1);
    return;
  }
  // The listed tiles' faces: at x from the box's first cell's left side to its last cell's right
  // one, on rows j from the box's first to its last plus one (the y faces' top), each reading
  // three columns around x / dx (rounded; v's half a column over): a column spare each side.
  uint box_x = kSpreadFaceBoxFar - control[kSpreadControlFaceBox];
  uint box_y = kSpreadFaceBoxFar - control[kSpreadControlFaceBox + 1u];
  int end_x = int(control[kSpreadControlFaceBox + 2u]), end_y = int(control[kSpreadControlFaceBox + 3u]);
  int tile = kSpreadThicknessTile;
  float cells_a_column = dh / dx;
  int first_column = int(floor(float(int(box_x) * tile) * cells_a_column)) - 2;
  int end_column = int(ceil(float(end_x * tile + 1) * cells_a_column)) + 3;
  if (column < first_column || column >= end_column) return;
  int first_j = int(box_y) * tile, end_j = end_y * tile + 1;
  smooth_rows(column, first, end, first_j, min(end_j, my));  // the x faces' rows
  smooth_rows(column, first, end, my + first_j, my + min(end_j, my + 1));  // the y faces'
}

#version 460
// The thickness's transport velocity on its grid's interior faces: the flow plus the strokes'
// plow, slowed below the yield speed (spread_yield); the fastest goes into control[0] (the
// positive floats' bits order like them) for the sub-step count, the fastest along each axis into
// control[2] and control[3] for the tiles within reach of liquid. Mode 0: every face, an
// invocation a face of each axis. Mode 1 (the swept scheme): only the faces of the listed tiles,
// those the step may read (activate.comp's modes 3 and 4, from the transport's bound), a workgroup a
// tile and an invocation a cell (its left and lower faces, and at the tile's far sides the faces
// beyond); a face beside no listed tile keeps its old value, which nothing reads this step.
#include "spread/fields.glsl"
layout(local_size_x = 64) in;

// The second half of the coarse flow's B-spline (spread_simulation.cpp's sample_smooth): a row
// of flow_rows (its sums along y) taken along x at x, the row's sample i lying at (i + ox) dx.
float smooth_along_x(int start, int nx, float x_at, float ox) {
  float x = clamp(x_at / dx - ox, 0.0, float(nx - 1));
  int centre = int(round(x));
  vec3 wx = spread_spline_weights(x - float(centre));
  float sum = 0.0;
  for (int a = 0; a < 3; ++a) sum += wx[a] * flow_rows[start + clamp(centre + a - 1, 0, nx - 1)];
  return sum;
}

// The first stroke (nearly always the only one: a finger), read once an invocation for all its
// faces: a CPU driver reads a storage buffer lane by lane, even where every lane reads the same
// stroke, and those reads were a third of this pass.
SpreadStrokeGpu first_stroke;

// The flow at p with a stroke's plow.
vec2 plowed(vec2 flow, SpreadStrokeGpu st, vec2 p) {
  return flow + plow * spread_finger_weight(st.from, st.to, st.radius, p) * ((st.to - st.from) / dt - flow);
}

// At p, on row j of the x faces or of the y faces.
vec2 transport_at(vec2 p, bool y_faces, int j) {
  vec2 flow = vec2(smooth_along_x(flow_row_start(y_faces, false, j), cells.x + 1, p.x, 0.0),
                   smooth_along_x(flow_row_start(y_faces, true, j), cells.x, p.x, 0.5));
  if (stroke_count > 0u) flow = plowed(flow, first_stroke, p);
  for (uint s = 1u; s < stroke_count; ++s) flow = plowed(flow, strokes[s], p);
  return spread_yield(flow, yield_speed);
}

// The face left of cell (i, j) (i in [0, mx]), written; its speed is returned. The walls' faces
// are still.
float compute_face_x(int i, int j) {
  int mx = thickness_grid.x;
  float w = i > 0 && i < mx ? transport_at(vec2(float(i) * dh, (float(j) + 0.5) * dh), false, j).x : 0.0;
  face_x[j * (mx + 1) + i] = w;
  return abs(w);
}

// The face below cell (i, j) (j in [0, my]).
float compute_face_y(int i, int j) {
  int my = thickness_grid.y;
  float w = j > 0 && j < my ? transport_at(vec2((float(i) + 0.5) * dh, float(j) * dh), true, j).y : 0.0;
  face_y[j * thickness_grid.x + i] = w;
  return abs(w);
}

void main() {
  int mx = thickness_grid.x, my = thickness_grid.y;
  float fastest_x = 0.0, fastest_y = 0.0;
  if (stroke_count > 0u) first_stroke = strokes[0];
  if (mode == 0u) {
    int k = int(gl_GlobalInvocationID.x);
    if (k < (mx + 1) * my) fastest_x = compute_face_x(k % (mx + 1), k / (mx + 1));
    if (k < mx * (my + 1)) fastest_y = compute_face_y(k % mx, k / mx);
  } else {
    ivec2 cell;
    int tile;
    if (!listed_cell(cell, tile)) return;
    const int last = kSpreadThicknessTile - 1;
    fastest_x = compute_face_x(cell.x, cell.y);
    if ((cell.x & last) == last || cell.x == mx - 1) fastest_x = max(fastest_x, compute_face_x(cell.x + 1, cell.y));
    fastest_y = compute_face_y(cell.x, cell.y);
    if ((cell.y & last) == last || cell.y == my - 1) fastest_y = max(fastest_y, compute_face_y(cell.x, cell.y + 1));
  }
  raise_control(2u, floatBitsToUint(fastest_x));
  raise_control(3u, floatBitsToUint(fastest_y));
  raise_control(0u, floatBitsToUint(max(fastest_x, fastest_y)));
}

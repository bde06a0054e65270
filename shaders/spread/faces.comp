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

vec2 transport_at(vec2 p) {
  vec2 flow = vec2(smooth_u(p), smooth_v(p));
  for (uint s = 0u; s < stroke_count; ++s) {
    SpreadStrokeGpu st = strokes[s];
    flow += plow * spread_finger_weight(st.from, st.to, st.radius, p) * ((st.to - st.from) / dt - flow);
  }
  return spread_yield(flow, yield_speed);
}

// The face left of cell (i, j) (i in [0, mx]), written; its speed is returned. The walls' faces
// are still.
float compute_face_x(int i, int j) {
  int mx = thickness_grid.x;
  float w = i > 0 && i < mx ? transport_at(vec2(float(i) * dh, (float(j) + 0.5) * dh)).x : 0.0;
  face_x[j * (mx + 1) + i] = w;
  return abs(w);
}

// The face below cell (i, j) (j in [0, my]).
float compute_face_y(int i, int j) {
  int my = thickness_grid.y;
  float w = j > 0 && j < my ? transport_at(vec2((float(i) + 0.5) * dh, float(j) * dh)).y : 0.0;
  face_y[j * thickness_grid.x + i] = w;
  return abs(w);
}

void main() {
  int mx = thickness_grid.x, my = thickness_grid.y;
  float fastest_x = 0.0, fastest_y = 0.0;
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

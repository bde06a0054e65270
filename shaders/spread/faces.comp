#version 460
// The thickness's transport velocity on its grid's interior faces: the flow plus the strokes'
// plow, slowed below the yield speed (spread_yield); the fastest goes into control[0] (the
// positive floats' bits order like them) for the sub-step count, the fastest along each axis into
// control[2] and control[3] for the tiles within reach of liquid. An invocation an x face and a
// y face: every face; or, in the variant kListedTiles (the swept scheme), only the faces of the
// listed tiles, those the step may read (activate.comp's modes 3 and 4, from the transport's
// bound), kSpreadTilesPerGroup tiles a workgroup, one after the other: a tile's cells' left faces
// and the ones beyond its right side (9 a row), with their lower faces and the ones above its top
// (8 a row). A face beside no listed tile keeps its old value, which nothing reads this step.
// Each invocation takes one face of each axis, so neither the axis nor the store's buffer is a
// branch (a CPU driver runs both sides of one), and the invocation's own costs (its tile) are
// paid once for two faces; the maxima's atomics once for all its faces.
#include "spread/fields.glsl"
layout(local_size_x = kSpreadTileFacePairs) in;
// A specialisation constant, not a branch on the push's mode: a CPU driver runs both sides of a
// branch, and each side evaluates the transport.
layout(constant_id = LFX_SPREAD_LISTED_FACES_CONSTANT) const bool kListedTiles = false;

// The second half of the coarse flow's B-spline (spread_simulation.cpp's sample_smooth): a row
// of flow_rows (its sums along y) taken along x at x, the row's sample i lying at (i + ox) dx.
float smooth_along_x(int start, int nx, float x_at, float ox) {
  float x = clamp(x_at / dx - ox, 0.0, float(nx - 1));
  int centre = int(round(x));
  vec3 wx = spread_spline_weights(x - float(centre));
  float sum = 0.0;
  for (int a = 0; a < 3; ++a) sum += wx[a] * LFX_TEXEL(flow_row, start + clamp(centre + a - 1, 0, nx - 1));
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

// The face left of cell `face` (x faces: face.x in [0, mx]) or below it (y faces: face.y in [0, my]),
// written; its speed is returned. The walls' faces are still. Without branches on the axis: a CPU
// driver runs both sides of a branch.
float compute_face(ivec2 face, bool y_face) {
  int mx = thickness_grid.x, my = thickness_grid.y;
  vec2 p = y_face ? vec2((float(face.x) + 0.5) * dh, float(face.y) * dh)
                  : vec2(float(face.x) * dh, (float(face.y) + 0.5) * dh);
  vec2 transport = transport_at(p, y_face, face.y);
  bool inside = y_face ? face.y > 0 && face.y < my : face.x > 0 && face.x < mx;
  float w = inside ? (y_face ? transport.y : transport.x) : 0.0;
  if (y_face)
    face_y[face.y * mx + face.x] = w;
  else
    face_x[face.y * (mx + 1) + face.x] = w;
  return abs(w);
}

// An x face and a y face, each computed unless past the grid's last face of its axis (x faces:
// x in [0, mx], y in [0, my); y faces: x in [0, mx), y in [0, my]); the fastest of each axis so
// far raised by the pair's.
void compute_pair(ivec2 x_face, ivec2 y_face, inout vec2 fastest) {
  int mx = thickness_grid.x, my = thickness_grid.y;
  float x = x_face.x <= mx && x_face.y < my ? compute_face(x_face, false) : 0.0;
  float y = y_face.x < mx && y_face.y <= my ? compute_face(y_face, true) : 0.0;
  fastest = max(fastest, vec2(x, y));
}

// The invocation's fastest into the control, once for all its faces: a CPU driver runs each
// atomic (and the load before it) a lane at a time.
void raise_fastest(vec2 fastest) {
  raise_control(2u, floatBitsToUint(fastest.x));
  raise_control(3u, floatBitsToUint(fastest.y));
  raise_control(0u, floatBitsToUint(max(fastest.x, fastest.y)));
}

void main() {
  int mx = thickness_grid.x;
  if (stroke_count > 0u) first_stroke = strokes[0];
  vec2 fastest = vec2(0.0);
  if (!kListedTiles) {
    int k = int(gl_GlobalInvocationID.x);
    compute_pair(ivec2(k % (mx + 1), k / (mx + 1)), ivec2(k % mx, k / mx), fastest);
    raise_fastest(fastest);
    return;
  }
  // The listed tiles' x faces 9 a row, their y faces 8 a row (divisions by constants: no
  // per-lane division), the workgroup's tiles one after the other.
  int f = int(gl_LocalInvocationID.x);
  const int side = kSpreadThicknessTile, across = kSpreadThicknessTile + 1;
  for (uint slot = 0u; slot < kSpreadTilesPerGroup; ++slot) {
    uint at = listed_slot(slot);
    if (at >= listed_count) break;
    ivec2 first = ivec2(listed[at] & 0xffffu, listed[at] >> 16) * kSpreadThicknessTile;
    compute_pair(first + ivec2(f % across, f / across), first + ivec2(f % side, f / side), fastest);
  }
  raise_fastest(fastest);
}

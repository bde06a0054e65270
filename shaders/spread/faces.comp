#version 460
// The thickness's transport velocity on its grid's interior faces: the flow plus the strokes'
// plow, slowed below the yield speed (spread_yield); the fastest goes into control[0] (the
// positive floats' bits order like them) for the sub-step count, the fastest along each axis into
// control[2] and control[3] for the tiles within reach of liquid. Two variants:
// - every face (the sub-stepped and semi-Lagrangian schemes): an invocation an x face and a y
//   face, so neither the axis nor the store's buffer is a branch (a CPU driver runs both sides of
//   one);
// - kListedTiles (the swept scheme): only the faces of the listed tiles, those the step may read
//   (activate.comp's modes 3 and 4, from the transport's bound; each tile's x faces, its y faces
//   or both), kSpreadTilesPerGroup tiles a workgroup, an invocation a row of a tile: its x faces
//   (the cells' left faces and the one beyond the right side, 9) and its y faces (the cells'
//   lower faces, 8; a ninth row takes the ones above the tile's top). Walking a row in order of
//   x, the flow's B-spline keeps its three column sums along y of each component and sums one
//   more only when the centre moves on: about five column sums for a row's faces where each
//   face took three, and no pass of its own making the sums for every row of faces. A face
//   beside no listed tile keeps its old value, which nothing reads this step.
//   The strokes' plow reaches a few tiles around the finger, and a CPU driver runs a branch's
//   code for every lane, so the plow is a variant of its own (kPlowedTiles): the listed tiles'
//   faces without it first, then those of the listed tiles the plow may reach again with it, on
//   a box of tiles around the strokes (push.level: its first tile; SpreadSolver::plowed_tiles).
//   The first leaves those tiles out of the maxima, the second raises them.
// The invocation's own costs are paid once for all its faces: the maxima's atomics, the stroke.
#include "spread/fields.glsl"
layout(local_size_x = kSpreadTileFacePairs) in;  // kSpreadTilesPerGroup tiles of 9 rows (listed)
// A specialisation constant, not a branch on the push's mode: a CPU driver runs both sides of a
// branch, and each side evaluates the transport.
layout(constant_id = LFX_SPREAD_LISTED_FACES_CONSTANT) const bool kListedTiles = false;
layout(constant_id = LFX_SPREAD_PLOWED_FACES_CONSTANT) const bool kPlowedTiles = false;
// Whether this variant's faces take the strokes' plow: every face, or the plowed tiles'.
const bool kPlows = !kListedTiles || kPlowedTiles;

// The coarse flow's B-spline (spread_simulation.cpp's sample_smooth) along a row of faces at
// height y_at, walked along x: of one component (u, or v where is_v), its sums along y at the
// row's height (the three coarse rows around it, weighted by wy) taken along x, the sum at
// column i lying at (i + ox) dx. The three sums around the centre of the last x asked are kept
// (a0, a1, a2: at centre - 1, centre, centre + 1, clamped to the row), so a walk along x sums
// each column once.
struct FlowRowWalk {
  bool is_v;
  int n;
  float ox;
  int row0, row1, row2;  // the three coarse rows' first samples
  vec3 wy;
  int centre;
  float a0, a1, a2;
};
float coarse_flow(bool is_v, int at) { return is_v ? LFX_TEXEL(v, at) : LFX_TEXEL(u, at); }
// The sum along y at column i (clamped to the row), in sample_smooth's order.
float flow_sample(FlowRowWalk r, int i) {
  int column = clamp(i, 0, r.n - 1);
  float sum = 0.0;
  sum += r.wy[0] * coarse_flow(r.is_v, r.row0 + column);
  sum += r.wy[1] * coarse_flow(r.is_v, r.row1 + column);
  sum += r.wy[2] * coarse_flow(r.is_v, r.row2 + column);
  return sum;
}
// The sample position of x on the row, and its nearest sample (the B-spline's centre).
float flow_position(FlowRowWalk r, float x_at) { return clamp(x_at / dx - r.ox, 0.0, float(r.n - 1)); }
FlowRowWalk flow_row_at(bool is_v, float y_at, float x_at) {
  FlowRowWalk r;
  r.is_v = is_v;
  r.n = is_v ? cells.x : cells.x + 1;
  r.ox = is_v ? 0.5 : 0.0;
  int ny = is_v ? cells.y + 1 : cells.y;
  float y = clamp(y_at / dx - (is_v ? 0.0 : 0.5), 0.0, float(ny - 1));
  int centre_y = int(round(y));
  r.wy = spread_spline_weights(y - float(centre_y));
  r.row0 = clamp(centre_y - 1, 0, ny - 1) * r.n;
  r.row1 = centre_y * r.n;
  r.row2 = clamp(centre_y + 1, 0, ny - 1) * r.n;
  r.centre = int(round(flow_position(r, x_at)));
  r.a0 = flow_sample(r, r.centre - 1);
  r.a1 = flow_sample(r, r.centre);
  r.a2 = flow_sample(r, r.centre + 1);
  return r;
}
// The B-spline at x_at, no further left than the last x asked.
float smooth_along_x(inout FlowRowWalk r, float x_at) {
  float x = flow_position(r, x_at);
  int centre = int(round(x));
  while (r.centre < centre) {  // a loop: a CPU driver leaves it once no lane moves on
    r.a0 = r.a1;
    r.a1 = r.a2;
    r.centre += 1;
    r.a2 = flow_sample(r, r.centre + 1);
  }
  vec3 wx = spread_spline_weights(x - float(centre));
  float sum = 0.0;
  sum += wx[0] * r.a0;
  sum += wx[1] * r.a1;
  sum += wx[2] * r.a2;
  return sum;
}
// The flow's two components at x on the row of faces at y_at.
struct FlowWalk {
  FlowRowWalk u, v;
};
FlowWalk flow_walk_at(float y_at, float x_at) {
  return FlowWalk(flow_row_at(false, y_at, x_at), flow_row_at(true, y_at, x_at));
}
vec2 flow_at(inout FlowWalk rows, float x_at) {
  return vec2(smooth_along_x(rows.u, x_at), smooth_along_x(rows.v, x_at));
}

// The first stroke (nearly always the only one: a finger), read once an invocation for all its
// faces: a CPU driver reads a storage buffer lane by lane, even where every lane reads the same
// stroke, and those reads were a third of this pass.
SpreadStrokeGpu first_stroke;

// The flow at p with a stroke's plow.
vec2 plowed(vec2 flow, SpreadStrokeGpu st, vec2 p) {
  return flow + plow * spread_finger_weight(st.from, st.to, st.radius, p) * ((st.to - st.from) / dt - flow);
}

// The transport at p from the flow there.
vec2 transport_from(vec2 flow, vec2 p) {
  if (kPlows && stroke_count > 0u) flow = plowed(flow, first_stroke, p);
  for (uint s = 1u; kPlows && s < stroke_count; ++s) flow = plowed(flow, stroke(s), p);
  return spread_yield(flow, yield_speed);
}

// Whether a stroke's plow may reach a face of `tile`: its finger weight is 0 from a radius off
// its path on, and the tile's faces lie within half its diagonal of its centre (a cell spare, so
// that no rounding leaves a weight out). Both listed variants ask it of the same tile alike.
bool stroke_reaches(SpreadStrokeGpu st, vec2 centre, float spare) {
  vec2 d = st.to - st.from;
  float len2 = dot(d, d);
  float t = len2 > 0.0 ? clamp(dot(centre - st.from, d) / len2, 0.0, 1.0) : 0.0;
  return length(centre - (st.from + t * d)) < st.radius + spare;
}
bool plow_reaches(ivec2 tile) {
  const float side = float(kSpreadThicknessTile);
  vec2 centre = (vec2(tile) + 0.5) * side * dh;
  float spare = (0.5 * sqrt(2.0) * side + 1.0) * dh;
  bool reaches = stroke_count > 0u && stroke_reaches(first_stroke, centre, spare);
  for (uint s = 1u; s < stroke_count; ++s) reaches = reaches || stroke_reaches(stroke(s), centre, spare);
  return reaches;
}

// The position of the face left of cell `face` (x faces) or below it (y faces).
vec2 face_position(ivec2 face, bool y_face) {
  return y_face ? vec2((float(face.x) + 0.5) * dh, float(face.y) * dh)
                : vec2(float(face.x) * dh, (float(face.y) + 0.5) * dh);
}

// The face left of cell `face` (x faces: face.x in [0, mx]) or below it (y faces: face.y in [0, my]),
// written from the transport there; its speed is returned. The walls' faces are still.
float store_face(ivec2 face, bool y_face, vec2 transport) {
  int mx = thickness_grid.x, my = thickness_grid.y;
  bool inside = y_face ? face.y > 0 && face.y < my : face.x > 0 && face.x < mx;
  float w = inside ? (y_face ? transport.y : transport.x) : 0.0;
  if (y_face)
    face_y[face.y * mx + face.x] = w;
  else
    face_x[face.y * (mx + 1) + face.x] = w;
  return abs(w);
}

// The face, its flow sampled afresh (every face, in no order).
float compute_face(ivec2 face, bool y_face) {
  vec2 p = face_position(face, y_face);
  FlowWalk rows = flow_walk_at(p.y, p.x);
  return store_face(face, y_face, transport_from(flow_at(rows, p.x), p));
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
  if (stroke_count > 0u) first_stroke = stroke(0u);
  vec2 fastest = vec2(0.0);
  if (!kListedTiles) {
    int k = int(gl_GlobalInvocationID.x);
    compute_pair(ivec2(k % (mx + 1), k / (mx + 1)), ivec2(k % mx, k / mx), fastest);
    raise_fastest(fastest);
    return;
  }
  // The listed tile's row of faces this invocation walks (divisions by constants: no per-lane
  // division): x faces on rows 0 to 7, y faces on rows 0 to 8.
  const int side = kSpreadThicknessTile, rows = kSpreadThicknessTile + 1;
  int f = int(gl_LocalInvocationID.x);
  ivec2 tile;
  bool computed;  // whether this variant computes the tile's faces (and raises its maxima)
  bvec2 read;  // which of the tile's faces (x, y) the step reads (fields.glsl's faces_read)
  if (kPlowedTiles) {
    // The box's tiles kSpreadTilesPerGroup a workgroup along x, a row of them a workgroup row.
    tile = level + ivec2(gl_WorkGroupID.x * kSpreadTilesPerGroup + uint(f / rows), gl_WorkGroupID.y);
    ivec2 inside = min(tile, thickness_tiles() - 1);  // a tile past the grid's edge reads none beyond it
    read = faces_read(inside);
    computed = all(equal(tile, inside)) && any(read) && plow_reaches(inside);
  } else {
    uint at = listed_slot(uint(f / rows));
    if (at >= listed_count_texel()) return;
    tile = listed_tile(at);
    uint marks = listed_texel(uint(tile_count()) + at);
    read = bvec2((marks & 1u) != 0u, (marks & 2u) != 0u);
    computed = !plow_reaches(tile);  // its faces are computed, but those the plow reaches again
  }
  int my = thickness_grid.y;
  ivec2 first = tile * kSpreadThicknessTile;
  int j = first.y + f % rows;
  // Loop bounds, not branches, leave the faces past the grid's edge (and the ninth row's x faces),
  // and in the plowed variant the tiles it does not compute.
  bool walks = computed || !kPlowedTiles;
  int x_faces = walks && read.x && j < min(first.y + side, my) ? min(side + 1, mx + 1 - first.x) : 0;
  int y_faces = walks && read.y && j <= my ? min(side, mx - first.x) : 0;
  // (A row with no faces of an axis still starts its walk, on a row that exists.)
  FlowWalk along =
      flow_walk_at(face_position(ivec2(first.x, min(j, my - 1)), false).y, face_position(first, false).x);
  for (int i = 0; i < x_faces; ++i) {
    ivec2 face = ivec2(first.x + i, j);
    vec2 p = face_position(face, false);
    fastest.x = max(fastest.x, store_face(face, false, transport_from(flow_at(along, p.x), p)));
  }
  along = flow_walk_at(face_position(ivec2(first.x, min(j, my)), true).y, face_position(first, true).x);
  for (int i = 0; i < y_faces; ++i) {
    ivec2 face = ivec2(first.x + i, j);
    vec2 p = face_position(face, true);
    fastest.y = max(fastest.y, store_face(face, true, transport_from(flow_at(along, p.x), p)));
  }
  raise_fastest(computed ? fastest : vec2(0.0));
}

#version 460
// What stays where the liquid passed, in place. Film traces: moving liquid lays down a film up to
// `film` thick, taken from itself with its pigments (bulk + film is kept). Either way the
// history keeps the largest coverage seen. A workgroup kSpreadTilesPerGroup listed tiles
// (activate.comp; elsewhere no liquid lies, so nothing changes), a thread a row of a tile's cells,
// each tile marked as holding liquid if a cell does, and as stained (for the shading) where film
// or traces show: once a row (a CPU driver stores a lane at a time, even a store no lane takes).
#include "spread/fields.glsl"
layout(local_size_x = kSpreadThicknessTile * kSpreadTilesPerGroup) in;
// Film traces (the push's options bit 0) as the variant: a CPU driver runs both sides of a
// branch, so the seed's traces paid for laying the film.
layout(constant_id = LFX_SPREAD_FILM_TRACES_CONSTANT) const bool kFilmTraces = false;
// Whether any film may lie (SpreadSolver::film_laid: always with film traces): without, the film
// holds nothing and the seed's traces leave out its load.
layout(constant_id = LFX_SPREAD_FILM_CONSTANT) const bool kAnyFilm = false;

// The cell's traces; whether it holds liquid (x) and whether it shows a stain (y).
bvec2 trace(ivec2 cell) {
  int mx = thickness_grid.x, i = cell.x, j = cell.y, k = j * mx + i;
  uint n = uint(cell_count());
  if (kFilmTraces) {
    float speed = 0.5 * (abs(face_x[j * (mx + 1) + i]) + abs(face_x[j * (mx + 1) + i + 1]) + abs(face_y[j * mx + i]) +
                         abs(face_y[(j + 1) * mx + i]));
    if (speed > 0.0 && h[k] > 0.0) {
      float laid = min(h[k], max(film - film_thickness[k], 0.0) * film_laid);
      float share = laid / h[k];
      for (uint q = 0u; q < pigment_planes(); ++q) {
        float colour = share * pigment[q * n + uint(k)];
        pigment[q * n + uint(k)] -= colour;
        film_pigment[q * n + uint(k)] += colour;
      }
      h[k] -= laid;
      film_thickness[k] += laid;
    }
  }
  // The seed's traces read the fields as texels (they write neither); film traces just wrote them.
  float bulk = kFilmTraces ? h[k] : LFX_TEXEL(h, k);
  float laid_film = kFilmTraces ? film_thickness[k] : kAnyFilm ? LFX_TEXEL(film_thickness, k) : 0.0;
  // The history's read as a texel: only this invocation writes the cell, after reading it.
  float seen = max(LFX_TEXEL(history, k), spread_smoothstep(0.0, max(film, 1e-6), bulk + laid_film));
  history[k] = seen;
  return bvec2(bulk > 0.0, laid_film > 0.0 || seen > kSpreadTraceShown);
}

void main() {
  const int side = kSpreadThicknessTile;
  uint at = listed_slot(gl_LocalInvocationID.x / uint(side));
  if (at >= listed_count_texel()) return;
  ivec2 tile = listed_tile(at);
  ivec2 first = tile * side + ivec2(0, int(gl_LocalInvocationID.x % uint(side)));
  // Loop bounds, not branches, leave the cells past the grid's edge.
  int cells = first.y < thickness_grid.y ? min(side, thickness_grid.x - first.x) : 0;
  bvec2 marks = bvec2(false);
  for (int i = 0; i < cells; ++i) {
    bvec2 cell = trace(first + ivec2(i, 0));
    marks = bvec2(marks.x || cell.x, marks.y || cell.y);
  }
  if (marks.x) mark_wet(tile_at(tile));
  if (marks.y) mark_stained(tile_at(tile));
}

#version 460
// What stays where the liquid passed, in place. Film traces: moving liquid lays down a film up to
// `film` thick, taken from itself with its pigments (bulk + film is kept). Either way the
// history keeps the largest coverage seen. A workgroup kSpreadTilesPerGroup listed tiles, one
// after the other (activate.comp; elsewhere no liquid lies, so nothing changes), each marked as
// holding liquid if a cell does, and as stained (for the shading) where film or traces show.
#include "spread/fields.glsl"
layout(local_size_x = kSpreadThicknessTile * kSpreadThicknessTile) in;
// Film traces (the push's options bit 0) as the variant: a CPU driver runs both sides of a
// branch, so the seed's traces paid for laying the film.
layout(constant_id = LFX_SPREAD_FILM_TRACES_CONSTANT) const bool kFilmTraces = false;

void trace(ivec2 cell, int tile) {
  int mx = thickness_grid.x, i = cell.x, j = cell.y, k = j * mx + i;
  uint n = uint(cell_count());
  if (kFilmTraces) {
    float speed = 0.5 * (abs(face_x[j * (mx + 1) + i]) + abs(face_x[j * (mx + 1) + i + 1]) + abs(face_y[j * mx + i]) +
                         abs(face_y[(j + 1) * mx + i]));
    if (speed > 0.0 && h[k] > 0.0) {
      float laid = min(h[k], max(film - film_thickness[k], 0.0) * film_laid);
      float share = laid / h[k];
      for (uint q = 0u; q < pigments; ++q) {
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
  float laid_film = kFilmTraces ? film_thickness[k] : LFX_TEXEL(film_thickness, k);
  float seen = max(history[k], spread_smoothstep(0.0, max(film, 1e-6), bulk + laid_film));
  history[k] = seen;
  if (bulk > 0.0) mark_wet(tile);
  if (laid_film > 0.0 || seen > kSpreadTraceShown) mark_stained(tile);
}

void main() {
  for (uint slot = 0u; slot < kSpreadTilesPerGroup; ++slot) {
    uint at = listed_slot(slot);
    if (at >= listed_count) break;
    ivec2 cell;
    int tile;
    if (listed_cell(at, cell, tile)) trace(cell, tile);
  }
}

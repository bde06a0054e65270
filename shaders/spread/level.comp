#version 460
// Levelling along one axis (mode 0: x, a thread a row; 1: y, a thread a column), in place
// (spread_transport.cpp's level_piles): what lies above pile_height flows down its slope, an
// implicit step of spread_levelling's diffusion. Each line's tridiagonal system is solved exactly
// (the conductances kept in flux_x / flux_y, the upper diagonal's ratios in outflow_scale, each
// field's solution in h_out / pigment_out), then applied as fluxes between neighbours, so the
// volume is kept and no cell goes negative. Lines with nothing above the height are left alone.
// Only the runs of tiles that run this step (activate.comp) are levelled, each as a line of its
// own: the tiles at a run's ends are dry (liquid lies a tile or more inside), so no liquid
// crosses them, and the run's system is the line's where it lies. With the swept scheme (options
// bit 2) only the runs of tiles that hold a cell above the height are levelled, a cell past each
// end: the y sweep marked those tiles, and the levelling along x marks those it raises above it.
#include "spread/fields.glsl"
#include "spread/mode.glsl"
layout(local_size_x = 64) in;
#include "spread/scattered_lines.glsl"

bool along_x;
int line;
int first, last;  // the run of cells levelled: [first, last)

ivec2 tile_of(int k) { return (along_x ? ivec2(k, line) : ivec2(line, k)) / kSpreadThicknessTile; }
int cell_at(int k) { return along_x ? line * thickness_grid.x + k : k * thickness_grid.x + line; }
int face_at(int f) { return along_x ? line * (thickness_grid.x + 1) + f : f * thickness_grid.x + line; }
float conductance(int f) {
  if (f <= first || f >= last) return 0.0;  // the run's ends
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

float pivot(int k) {
  float below = conductance(k), above = conductance(k + 1);
  return 1.0 + below + above + (k > first ? below * outflow_scale[cell_at(k - 1)] : 0.0);
}

void level_field(int plane) {
  for (int k = first; k < last; ++k)
    set_solution(plane, k, (value(plane, k) + (k > first ? conductance(k) * solution(plane, k - 1) : 0.0)) / pivot(k));
  for (int k = last - 2; k >= first; --k)
    set_solution(plane, k, solution(plane, k) - outflow_scale[cell_at(k)] * solution(plane, k + 1));
  float in_flow = 0.0;  // through face k, from cell k - 1
  for (int k = first; k < last; ++k) {
    float out_flow = k + 1 < last ? conductance(k + 1) * (solution(plane, k) - solution(plane, k + 1)) : 0.0;
    float levelled = max(value(plane, k) + in_flow - out_flow, 0.0);  // round-off below zero only
    set_value(plane, k, levelled);
    if (plane < 0 && along_x && levelled > pile_height) mark_piled(tile_of(k));
    in_flow = out_flow;
  }
}

void level_run(float unit) {
  bool moves = false;
  for (int f = first + 1; f < last; ++f) {
    float c = spread_levelling(value(-1, f - 1), value(-1, f), pile_height, unit);
    if (along_x)
      flux_x[face_at(f)] = c;
    else
      flux_y[face_at(f)] = c;
    moves = moves || c > 0.0;
  }
  if (!moves) return;
  for (int k = first; k < last; ++k) outflow_scale[cell_at(k)] = -conductance(k + 1) / pivot(k);
  for (int p = 0; p < int(pigment_planes()); ++p) level_field(p);
  level_field(-1);
}

// The tile `t` along this line: whether it is levelled (it runs this step and, with the piles
// marked, holds a cell above the height).
bool levelled_tile(int t, int across, bool piles_marked) {
  int tile = tile_at(along_x ? ivec2(t, across) : ivec2(across, t));
  return tile_runs(tile) && (!piles_marked || tile_piled(tile));
}

// The first levelled tile from t on, before `end` (end if none).
int next_levelled(int t, int end, int across, bool piles_marked) {
  while (t < end && !levelled_tile(t, across, piles_marked)) ++t;
  return t;
}

void main() {
  along_x = kMode == 0u;
  int n = along_x ? thickness_grid.x : thickness_grid.y, lines = along_x ? thickness_grid.y : thickness_grid.x;
  line = scattered_line();
  if (line >= lines) return;
  float unit = kSpreadLevelling * dt / (dh * dh);
  int across = line / kSpreadThicknessTile, tiles = (n + kSpreadThicknessTile - 1) / kSpreadThicknessTile;
  bool piles_marked = (options & 4u) != 0u;
  // Each run of levelled tiles, and a cell to each side (which liquid above the height can flow
  // into): the face beyond that cell joins two cells of an unpiled tile, so nothing crosses it.
  // Without marked piles the runs are the running tiles', whose end tiles are dry.
  int extra = piles_marked ? 1 : 0;
  // A line of tiles with no pile has nothing to level: its scan is skipped.
  if (piles_marked && !line_marked(!along_x, across)) return;
  // Only the line's running tiles can be levelled. A loop a run, the search for the next run a
  // loop of its own: a CPU driver runs a loop's body for every batch until no lane is left in
  // it (and a `continue`'s code anyway), so a loop a tile ran the run's levelling once a tile.
  // The tile after a run is not levelled when the run starts (its levelling may mark it).
  ivec2 running = running_tiles(!along_x, across);
  int end = min(running.y + 1, tiles);
  for (int t = next_levelled(max(running.x, 0), end, across, piles_marked); t < end;) {
    int run_end = t + 1;
    while (run_end < tiles && levelled_tile(run_end, across, piles_marked)) ++run_end;
    first = max(t * kSpreadThicknessTile - extra, 0);
    last = min(run_end * kSpreadThicknessTile + extra, n);
    level_run(unit);
    t = next_levelled(run_end + 1, end, across, piles_marked);
  }
}

#version 460
// The swept scheme's sweeps with their departure points in order (spread_transport.cpp's
// ordered_sweeps), from the faces' velocities into flux_x, flux_y (cells a step, signed): face f
// of a line departs from f - sweep; where neighbouring departures cross (a finger's plow turning
// tightly) the cells between would give more than they hold, so each departure becomes the mean
// of the latest one at or before it and the earliest at or after it.
//
// An invocation a line (the x lines, or in the variant kAlongY the y lines: a CPU driver runs both
// sides of a branch, so a line that could be either read both axes' faces), in two scans along it:
// the latest departure so far forwards, the earliest backwards. Each keeps the face it came from,
// so every departure is computed from its face as ordered_sweeps does (float(g - f) - sweep, one
// rounding), and a line costs two reads a face whatever the fastest sweep. Only the faces of tiles
// that run this step (activate.comp) are read by the sweeps; a face further than twice the fastest
// sweep from one of them cannot hold its latest or earliest departure, so the scans skip the tiles
// further than that from any that runs and start afresh after the gap; a line with no tile that
// runs is not read at all, and is passed over.
//
// Departures cross only where the flow squeezes hard along the line (a finger's plow), so a
// first scan stores each face's own departure and checks, pair by pair, what the two ordering
// scans would: where each face's departure is at or after the one before it (the forward scan's
// test) and the one before it is at or before its own (the backward scan's), the two scans keep
// every face's own departure, and their result is that one, to the bit. Only a line where some
// pair fails runs them, over the values stored: a face read once, not twice, with one store.
#include "spread/fields.glsl"
layout(local_size_x = 64) in;
#include "spread/scattered_lines.glsl"
layout(constant_id = LFX_SPREAD_ALONG_Y_CONSTANT) const bool kAlongY = false;

const bool along_x = !kAlongY;
int line, n;

// Face g's sweep along the line (walls: the outer faces carry nothing).
float sweep_of(int g) {
  if (g <= 0 || g >= n) return 0.0;
  float w = along_x ? LFX_TEXEL(face_x, line * (thickness_grid.x + 1) + g)
                    : LFX_TEXEL(face_y, g * thickness_grid.x + line);
  return w * dt / dh;
}

void store(int f, float value) {
  if (along_x)
    flux_x[line * (thickness_grid.x + 1) + f] = value;
  else
    flux_y[f * thickness_grid.x + line] = value;
}

float stored(int f) { return along_x ? flux_x[line * (thickness_grid.x + 1) + f] : flux_y[f * thickness_grid.x + line]; }

// Whether the tile `t` along this line runs this step.
bool runs(int t) {
  int across = line / kSpreadThicknessTile;
  return flag_texel(tile_at(along_x ? ivec2(t, across) : ivec2(across, t))) != 0u;  // tile_runs, as a texel
}

// Whether tile t of a walk forwards along the line lies within `margin` tiles of a running one:
// `nearest` is the furthest running tile up to t + margin so far (the walk starts at tile `first`
// with none further back than any margin).
bool reached_forwards(int t, int first, int margin, int tiles, inout int nearest) {
  for (int u = t == first ? first : t + margin; u <= min(t + margin, tiles - 1); ++u)
    if (runs(u)) nearest = u;
  return nearest >= t - margin;
}

void main() {
  int mx = thickness_grid.x, my = thickness_grid.y;
  line = scattered_line();
  n = along_x ? mx : my;
  if (line >= (along_x ? my : mx)) return;
  int tiles = (n + kSpreadThicknessTile - 1) / kSpreadThicknessTile;
  // Tiles within which a running tile's faces may take their departures from (twice the fastest
  // sweep along this axis, a cell spare).
  float fastest = uintBitsToFloat(control[along_x ? 2 : 3]) * dt / dh;
  int margin = int(ceil((2.0 * fastest + 2.0) / float(kSpreadThicknessTile)));
  // The tiles scanned: from a margin before the line's first running tile to a margin after its
  // last (none where no tile runs, and no sweep reads the line). Loop bounds, not a branch: a
  // CPU driver runs a branch's code whatever its lanes take, but a loop only as long as a lane
  // is in it (the lanes of a batch are the lines of one line of tiles, with the same bounds).
  ivec2 running = running_tiles(!along_x, line / kSpreadThicknessTile);
  int scan_first = max(running.x - margin, 0), scan_last = min(running.y + margin, tiles - 1);
  if (running.y < running.x) return;
  store(0, 0.0);
  store(n, 0.0);
  // Each face's own departure, and whether every pair of neighbours is in order.
  int nearest_running = -1 - margin;  // the furthest running tile up to t + margin (none yet)
  bool afresh = true, ordered = true;
  float sweep_before = 0.0;
  for (int t = scan_first; t <= scan_last; ++t) {
    if (!reached_forwards(t, scan_first, margin, tiles, nearest_running)) {
      afresh = true;
      continue;
    }
    for (int f = max(t * kSpreadThicknessTile, 1); f < min((t + 1) * kSpreadThicknessTile, n); ++f) {
      float sweep = sweep_of(f);
      // The scans below, as they test face f after f - 1 (forwards) and f - 1 after f (backwards).
      ordered = ordered && (afresh || (-sweep >= -1.0 - sweep_before && -sweep_before <= 1.0 - sweep));
      afresh = false;
      sweep_before = sweep;
      // What they store for a face that keeps its own departure, -0.5 (d + d) with
      // d = clamp(0 - sweep, -f, n - f): its zero negative.
      store(f, sweep == 0.0 ? -0.0 : -clamp(-sweep, -float(f), float(n - f)));
    }
  }
  // The ordering scans, on a line whose departures cross (loop bounds: none on the others).
  scan_last = ordered ? scan_first - 1 : scan_last;
  // Forwards: the face whose departure is the latest at or before f (its sweep kept beside it);
  // the latest departure relative to f, kept inside the line, is stored for the way back.
  // The furthest running tile up to t + margin; none yet is further back than any margin, so the
  // line's first tiles are scanned only with a running tile within reach (their faces are not
  // computed otherwise: their old values would join the scan).
  int latest = 0;
  float latest_sweep = 0.0;
  nearest_running = -1 - margin;
  afresh = true;
  for (int t = scan_first; t <= scan_last; ++t) {
    if (!reached_forwards(t, scan_first, margin, tiles, nearest_running)) {
      afresh = true;
      continue;
    }
    for (int f = max(t * kSpreadThicknessTile, 1); f < min((t + 1) * kSpreadThicknessTile, n); ++f) {
      float sweep = sweep_of(f);
      if (afresh || -sweep >= float(latest - f) - latest_sweep) {
        latest = f;
        latest_sweep = sweep;
        afresh = false;
      }
      store(f, clamp(float(latest - f) - latest_sweep, -float(f), float(n - f)));
    }
  }
  // Backwards: the earliest departure at or after f, then the ordered sweep.
  int earliest = n;
  float earliest_sweep = 0.0;
  nearest_running = tiles + margin;  // the nearest running tile down to t - margin (none yet)
  afresh = true;
  for (int t = scan_last; t >= scan_first; --t) {
    for (int u = t == scan_last ? scan_last : t - margin; u >= max(t - margin, 0); --u)
      if (runs(u)) nearest_running = u;
    if (nearest_running > t + margin) {
      afresh = true;
      continue;
    }
    for (int f = min((t + 1) * kSpreadThicknessTile, n) - 1; f >= max(t * kSpreadThicknessTile, 1); --f) {
      float sweep = sweep_of(f);
      if (afresh || -sweep <= float(earliest - f) - earliest_sweep) {
        earliest = f;
        earliest_sweep = sweep;
        afresh = false;
      }
      float earliest_after = clamp(float(earliest - f) - earliest_sweep, -float(f), float(n - f));
      store(f, -0.5 * (stored(f) + earliest_after));
    }
  }
}

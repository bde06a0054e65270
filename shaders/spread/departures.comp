#version 460
// The swept scheme's sweeps with their departure points in order (spread_transport.cpp's
// ordered_sweeps), from the faces' velocities into flux_x, flux_y (cells a step, signed): face f
// of a line departs from f - sweep; where neighbouring departures cross (a finger's plow turning
// tightly) the cells between would give more than they hold, so each departure becomes the mean
// of the latest one at or before it and the earliest at or after it.
//
// An invocation a line (the x lines, then the y lines), in two scans along it: the latest
// departure so far forwards, the earliest backwards. Each keeps the face it came from, so every
// departure is computed from its face as ordered_sweeps does (float(g - f) - sweep, one rounding),
// and a line costs two reads a face whatever the fastest sweep.
#include "spread/fields.glsl"
layout(local_size_x = 64) in;

// Face g's sweep along the line (walls: the outer faces carry nothing).
float sweep_of(bool along_x, int line, int g, int n) {
  if (g <= 0 || g >= n) return 0.0;
  float w = along_x ? face_x[line * (thickness_grid.x + 1) + g] : face_y[g * thickness_grid.x + line];
  return w * dt / dh;
}

void store(bool along_x, int line, int f, float value) {
  if (along_x)
    flux_x[line * (thickness_grid.x + 1) + f] = value;
  else
    flux_y[f * thickness_grid.x + line] = value;
}

float stored(bool along_x, int line, int f) {
  return along_x ? flux_x[line * (thickness_grid.x + 1) + f] : flux_y[f * thickness_grid.x + line];
}

void main() {
  int index = int(gl_GlobalInvocationID.x);
  int mx = thickness_grid.x, my = thickness_grid.y;
  if (index >= mx + my) return;
  bool along_x = index < my;
  int line = along_x ? index : index - my, n = along_x ? mx : my;
  // Forwards: the face whose departure is the latest at or before f (its sweep kept beside it);
  // the latest departure relative to f, kept inside the line, is stored for the way back.
  int latest = 0;
  float latest_sweep = 0.0;
  store(along_x, line, 0, 0.0);
  for (int f = 1; f < n; ++f) {
    float sweep = sweep_of(along_x, line, f, n);
    if (-sweep >= float(latest - f) - latest_sweep) {
      latest = f;
      latest_sweep = sweep;
    }
    store(along_x, line, f, clamp(float(latest - f) - latest_sweep, -float(f), float(n - f)));
  }
  store(along_x, line, n, 0.0);
  // Backwards: the earliest departure at or after f, then the ordered sweep.
  int earliest = n;
  float earliest_sweep = 0.0;
  for (int f = n - 1; f > 0; --f) {
    float sweep = sweep_of(along_x, line, f, n);
    if (-sweep <= float(earliest - f) - earliest_sweep) {
      earliest = f;
      earliest_sweep = sweep;
    }
    float earliest_after = clamp(float(earliest - f) - earliest_sweep, -float(f), float(n - f));
    store(along_x, line, f, -0.5 * (stored(along_x, line, f) + earliest_after));
  }
}

#version 460
// The swept scheme's sweeps with their departure points in order (spread_transport.cpp's
// ordered_sweeps), from the faces' velocities into flux_x, flux_y (cells a step, signed): face f
// of a line departs from f - sweep; where neighbouring departures cross (a finger's plow turning
// tightly) the cells between would give more than they hold, so each departure becomes the mean
// of the latest one at or before it and the earliest at or after it. Only faces within twice the
// fastest sweep can cross, so the search stops there.
#include "spread/fields.glsl"
layout(local_size_x = 64) in;

// Face g's sweep along the line (walls: the outer faces carry nothing).
float sweep_of(bool along_x, int line, int g, int n) {
  if (g <= 0 || g >= n) return 0.0;
  float w = along_x ? face_x[line * (thickness_grid.x + 1) + g] : face_y[g * thickness_grid.x + line];
  return w * dt / dh;
}

float ordered_sweep(bool along_x, int line, int f, int n, int window) {
  if (f <= 0 || f >= n) return 0.0;
  // Departures relative to face f, kept inside the line.
  float latest_before = clamp(-sweep_of(along_x, line, f, n), -float(f), float(n - f));
  float earliest_after = latest_before;
  for (int g = max(f - window, 0); g < f; ++g)
    latest_before = max(latest_before, clamp(float(g - f) - sweep_of(along_x, line, g, n), -float(f), float(n - f)));
  for (int g = f + 1; g <= min(f + window, n); ++g)
    earliest_after = min(earliest_after, clamp(float(g - f) - sweep_of(along_x, line, g, n), -float(f), float(n - f)));
  return -0.5 * (latest_before + earliest_after);
}

void main() {
  int k = int(gl_GlobalInvocationID.x);
  int mx = thickness_grid.x, my = thickness_grid.y;
  int window = int(ceil(2.0 * uintBitsToFloat(control[0]) * dt / dh)) + 1;
  if (k < (mx + 1) * my) flux_x[k] = ordered_sweep(true, k / (mx + 1), k % (mx + 1), mx, window);
  if (k < mx * (my + 1)) flux_y[k] = ordered_sweep(false, k % mx, k / mx, my, window);
}

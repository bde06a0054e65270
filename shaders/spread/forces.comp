#version 460
// The velocity in place. mode 0: the strokes' drag (the liquid around a finger takes on `drag`
// of its motion; strokes in order, as the CPU applies them). mode 1: the flow dies where the
// liquid is thinner than dry_threshold, and the walls are closed.
#include "spread/fields.glsl"
#include "spread/mode.glsl"
layout(local_size_x = 64) in;

void main() {
  int k = int(gl_GlobalInvocationID.x);
  int nx = cells.x, ny = cells.y;
  if (k < (nx + 1) * ny) {
    int i = k % (nx + 1), j = k / (nx + 1);
    vec2 p = vec2(float(i) * dx, (float(j) + 0.5) * dx);
    bool wall = i == 0 || i == nx;
    float value = u[k];
    if (kMode == 0u && !wall) {
      for (uint s = 0u; s < stroke_count; ++s) {
        SpreadStrokeGpu st = stroke(s);
        value += drag * spread_finger_weight(st.from, st.to, st.radius, p) * ((st.to.x - st.from.x) / dt - value);
      }
    } else if (kMode == 1u) {
      if (sample_h(p) < dry_threshold) value *= keep;
      if (wall) value = 0.0;
    }
    u[k] = value;
  }
  if (k < nx * (ny + 1)) {
    int i = k % nx, j = k / nx;
    vec2 p = vec2((float(i) + 0.5) * dx, float(j) * dx);
    bool wall = j == 0 || j == ny;
    float value = v[k];
    if (kMode == 0u && !wall) {
      for (uint s = 0u; s < stroke_count; ++s) {
        SpreadStrokeGpu st = stroke(s);
        value += drag * spread_finger_weight(st.from, st.to, st.radius, p) * ((st.to.y - st.from.y) / dt - value);
      }
    } else if (kMode == 1u) {
      if (sample_h(p) < dry_threshold) value *= keep;
      if (wall) value = 0.0;
    }
    v[k] = value;
  }
}

#version 460
// The thickness's transport velocity on its grid's interior faces: the flow plus the strokes'
// plow, slowed below the yield speed (spread_yield); the fastest goes into control[0] (the
// positive floats' bits order like them) for the sub-step count, the fastest along each axis into
// control[2] and control[3] for the tiles within reach of liquid. Mode 1 (the swept scheme) only
// on the faces of the tiles the step may read (activate.comp's sixth flag, from the transport's
// bound): a face beside no such tile keeps its old value, which nothing reads this step.
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

// Whether the face between cells a and b is computed this step.
bool needed(ivec2 a, ivec2 b) {
  if (mode == 0u) return true;
  ivec2 last = thickness_grid - 1;
  int n = tile_count();
  return tile_flags[5 * n + tile_at(clamp(a, ivec2(0), last) / kSpreadThicknessTile)] != 0u ||
         tile_flags[5 * n + tile_at(clamp(b, ivec2(0), last) / kSpreadThicknessTile)] != 0u;
}

void main() {
  int k = int(gl_GlobalInvocationID.x);
  int mx = thickness_grid.x, my = thickness_grid.y;
  float fastest_x = 0.0, fastest_y = 0.0;
  if (k < (mx + 1) * my) {
    int i = k % (mx + 1), j = k / (mx + 1);
    if (needed(ivec2(i - 1, j), ivec2(i, j))) {
      float w = i > 0 && i < mx ? transport_at(vec2(float(i) * dh, (float(j) + 0.5) * dh)).x : 0.0;
      face_x[k] = w;
      fastest_x = abs(w);
    }
  }
  if (k < mx * (my + 1)) {
    int i = k % mx, j = k / mx;
    if (needed(ivec2(i, j - 1), ivec2(i, j))) {
      float w = j > 0 && j < my ? transport_at(vec2((float(i) + 0.5) * dh, float(j) * dh)).y : 0.0;
      face_y[k] = w;
      fastest_y = abs(w);
    }
  }
  raise_control(2u, floatBitsToUint(fastest_x));
  raise_control(3u, floatBitsToUint(fastest_y));
  raise_control(0u, floatBitsToUint(max(fastest_x, fastest_y)));
}

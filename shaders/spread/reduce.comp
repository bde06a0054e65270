#version 460
// The statistics, a workgroup's partial at a time (summed on the CPU in doubles): mode 0 the
// volume (bulk + film), 1 the thinnest and 2 the thickest cell, 3 the velocity's squared
// divergence after the projection, 4 before it (from the pressure equation's right side).
#include "spread/fields.glsl"
layout(local_size_x = 256) in;
layout(set = 0, binding = 21, std430) writeonly buffer Partials { float partials[]; };

shared float part[256];

float value_of(int k) {
  int nx = cells.x;
  if (mode == 0u) return k < cell_count() ? h[k] + film_thickness[k] : 0.0;
  if (mode == 1u) return k < cell_count() ? h[k] : 3.4e38;
  if (mode == 2u) return k < cell_count() ? h[k] : 0.0;
  if (k >= cells.x * cells.y) return 0.0;
  float d;
  if (mode == 3u) {
    int i = k % nx, j = k / nx;
    d = (u[j * (nx + 1) + i + 1] - u[j * (nx + 1) + i] + v[(j + 1) * nx + i] - v[j * nx + i]) / dx;
  } else {
    d = rhs[k] / (dx * dx);
  }
  return d * d;
}

void main() {
  uint lane = gl_LocalInvocationID.x;
  part[lane] = value_of(int(gl_GlobalInvocationID.x));
  barrier();
  for (uint step = 128u; step > 0u; step >>= 1u) {
    if (lane < step) {
      float a = part[lane], b = part[lane + step];
      part[lane] = mode == 1u ? min(a, b) : (mode == 2u ? max(a, b) : a + b);
    }
    barrier();
  }
  if (lane == 0u) partials[mode * partial_stride + gl_WorkGroupID.x] = part[0];
}

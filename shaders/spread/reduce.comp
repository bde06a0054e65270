#version 460
// The statistics in one pass, a workgroup's partials at a time (summed on the CPU in doubles):
// 0 the volume (bulk + film), 1 the thinnest and 2 the thickest cell, 3 the velocity's squared
// divergence after the projection, 4 before it (from the pressure equation's right side).
#include "spread/fields.glsl"
layout(local_size_x = 256) in;
layout(set = 0, binding = 21, std430) writeonly buffer Partials { float partials[]; };

shared float part[5][256];

void main() {
  uint lane = gl_LocalInvocationID.x;
  int k = int(gl_GlobalInvocationID.x);
  bool liquid = k < cell_count();
  part[0][lane] = liquid ? h[k] + film_thickness[k] : 0.0;
  part[1][lane] = liquid ? h[k] : 3.4e38;
  part[2][lane] = liquid ? h[k] : 0.0;
  float after = 0.0, before = 0.0;
  int nx = cells.x;
  if (k < cells.x * cells.y) {
    int i = k % nx, j = k / nx;
    float d = (u[j * (nx + 1) + i + 1] - u[j * (nx + 1) + i] + v[(j + 1) * nx + i] - v[j * nx + i]) / dx;
    float b = rhs[k] / (dx * dx);
    after = d * d;
    before = b * b;
  }
  part[3][lane] = after;
  part[4][lane] = before;
  barrier();
  for (uint step = 128u; step > 0u; step >>= 1u) {
    if (lane < step) {
      part[0][lane] += part[0][lane + step];
      part[1][lane] = min(part[1][lane], part[1][lane + step]);
      part[2][lane] = max(part[2][lane], part[2][lane + step]);
      part[3][lane] += part[3][lane + step];
      part[4][lane] += part[4][lane + step];
    }
    barrier();
  }
  if (lane < 5u) partials[lane * partial_stride + gl_WorkGroupID.x] = part[lane][0];
}

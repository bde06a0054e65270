#version 460
// A sub-step: no cell gives more than it holds - the share of its
// outgoing fluxes it can pay; apply.comp scales each face's flux by its donor's share, so what
// one side loses the other still gains.
#include "spread/fields.glsl"
layout(local_size_x = 64) in;

void main() {
  int k = int(gl_GlobalInvocationID.x);
  int mx = thickness_grid.x;
  if (k >= cell_count()) return;
  int i = k % mx, j = k / mx;
  float out_flow = max(flux_x[j * (mx + 1) + i + 1], 0.0) + max(-flux_x[j * (mx + 1) + i], 0.0) +
                   max(flux_y[(j + 1) * mx + i], 0.0) + max(-flux_y[j * mx + i], 0.0);
  outflow_scale[k] = out_flow > h[k] ? h[k] / out_flow : 1.0;
}

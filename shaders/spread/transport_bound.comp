#version 460
// The bound on the thickness's transport speed (transport_bound.glsl) from the flow as it stands:
// where the projection did not run this step (the flow still), which otherwise raises it.
#include "spread/fields.glsl"
#include "spread/transport_bound.glsl"
layout(local_size_x = 64) in;

void main() {
  int k = int(gl_GlobalInvocationID.x);
  float fastest_x = 0.0, fastest_y = 0.0;
  if (k < (cells.x + 1) * cells.y) fastest_x = abs(u[k]);
  if (k < cells.x * (cells.y + 1)) fastest_y = abs(v[k]);
  raise_transport_bound(k, fastest_x, fastest_y);
}

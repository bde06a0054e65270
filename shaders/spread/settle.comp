#version 460
// After an odd number of thickness sub-steps the result is in the other buffer: copied back
// (from h, pigment into h_out, pigment_out, bound the other way round), so that the solver's
// fields stay where the renderer reads them.
#include "spread/fields.glsl"
layout(local_size_x = 64) in;

void main() {
  int k = int(gl_GlobalInvocationID.x);
  if (k >= cell_count()) return;
  uint n = uint(cell_count());
  h_out[k] = h[k];
  for (uint p = 0u; p < pigment_planes(); ++p) pigment_out[p * n + uint(k)] = pigment[p * n + uint(k)];
}

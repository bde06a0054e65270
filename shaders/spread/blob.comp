#version 460
// A blob added to the running liquid (SpreadSimulation::add_blob): the seed's dome, into the
// thickness and pigment plane `mode`, in place; its tiles are marked as holding liquid.
#include "spread/fields.glsl"
layout(local_size_x = 64) in;

void main() {
  int k = int(gl_GlobalInvocationID.x);
  if (k >= cell_count()) return;
  vec2 p = (vec2(k % thickness_grid.x, k / thickness_grid.x) + 0.5) * dh;
  float added = blob_amount * spread_blob_profile(p, blob_centre, blob_radius);
  h[k] += added;
  if (mode < pigments) pigment[mode * uint(cell_count()) + uint(k)] += added;  // one colour: no planes
  if (added > 0.0) mark_wet(tile_at(ivec2(k % thickness_grid.x, k / thickness_grid.x) / kSpreadThicknessTile));
}

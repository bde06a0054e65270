#version 460
// A sub-step of the thickness (control[1] of them run): the volume crossing each interior
// face from its upwind cell (spread_face_flux), first or second order.
#include "spread/fields.glsl"
layout(local_size_x = 64) in;

float bulk(int i, int j) { return h[clamp(j, 0, thickness_grid.y - 1) * thickness_grid.x + clamp(i, 0, thickness_grid.x - 1)]; }

void main() {
  uint substeps = control[1];
  float courant_per_speed = dt / float(substeps) / dh;
  bool muscl = (options & 2u) != 0u;
  int k = int(gl_GlobalInvocationID.x);
  int mx = thickness_grid.x, my = thickness_grid.y;
  if (k < (mx + 1) * my) {
    int i = k % (mx + 1), j = k / (mx + 1);
    float w = face_x[k], f = 0.0;
    if (i > 0 && i < mx)
      f = w > 0.0 ? spread_face_flux(abs(w) * courant_per_speed, bulk(i - 2, j), bulk(i - 1, j), bulk(i, j), muscl)
                  : -spread_face_flux(abs(w) * courant_per_speed, bulk(i + 1, j), bulk(i, j), bulk(i - 1, j), muscl);
    flux_x[k] = f;
  }
  if (k < mx * (my + 1)) {
    int i = k % mx, j = k / mx;
    float w = face_y[k], f = 0.0;
    if (j > 0 && j < my)
      f = w > 0.0 ? spread_face_flux(abs(w) * courant_per_speed, bulk(i, j - 2), bulk(i, j - 1), bulk(i, j), muscl)
                  : -spread_face_flux(abs(w) * courant_per_speed, bulk(i, j + 1), bulk(i, j), bulk(i, j - 1), muscl);
    flux_y[k] = f;
  }
}

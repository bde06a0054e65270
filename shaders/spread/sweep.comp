#version 460
// The swept thickness scheme along one axis (mode 0: x, 1: y), from h, pigment into h_out,
// pigment_out (spread_transport.cpp's swept_transport): each face's flux is the liquid in the
// cells it sweeps upstream in dt (flux_x, flux_y: departures.comp's ordered sweeps) - whole
// cells, then the fraction of the next - so one pass moves the liquid at any Courant number,
// conserving it exactly and keeping every cell non-negative.
#include "spread/fields.glsl"
layout(local_size_x = 64) in;

// The cell `k` along the axis on this line, as an index into the thickness grid.
int cell_at(bool along_x, int line, int k) { return along_x ? line * thickness_grid.x + k : k * thickness_grid.x + line; }

// Face f's flux of plane `plane` (-1: the bulk) along the line.
float face_flux(bool along_x, int line, int f, int n, int plane) {
  if (f <= 0 || f >= n) return 0.0;  // walls
  float cells = along_x ? flux_x[line * (thickness_grid.x + 1) + f] : flux_y[f * thickness_grid.x + line];
  int step = cells > 0.0 ? -1 : 1;  // towards upstream
  int k = cells > 0.0 ? f - 1 : f;
  float left = abs(cells), swept = 0.0;
  uint planes = uint(cell_count());
  while (left > 0.0 && k >= 0 && k < n) {
    int c = cell_at(along_x, line, k);
    float value = plane < 0 ? h[c] : pigment[uint(plane) * planes + uint(c)];
    swept += min(left, 1.0) * value;
    left -= 1.0;
    k += step;
  }
  return cells > 0.0 ? swept : -swept;
}

void main() {
  int index = int(gl_GlobalInvocationID.x);
  if (index >= cell_count()) return;
  bool along_x = mode == 0u;
  int n = along_x ? thickness_grid.x : thickness_grid.y;
  int line = along_x ? index / thickness_grid.x : index % thickness_grid.x;
  int k = along_x ? index % thickness_grid.x : index / thickness_grid.x;
  uint planes = uint(cell_count());
  for (int p = 0; p < int(pigments); ++p) {
    uint at = uint(p) * planes + uint(index);
    pigment_out[at] = max(pigment[at] + face_flux(along_x, line, k, n, p) - face_flux(along_x, line, k + 1, n, p), 0.0);
  }
  h_out[index] = max(h[index] + face_flux(along_x, line, k, n, -1) - face_flux(along_x, line, k + 1, n, -1), 0.0);
}

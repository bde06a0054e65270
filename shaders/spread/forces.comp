#version 460
// The velocity in place where no diffusion sub-step runs (viscosity 0): the flow dies where the
// liquid is thinner than dry_threshold, and the walls are closed (face_forces.glsl's damped;
// with diffusion the last sub-step applies it).
#include "spread/fields.glsl"
#include "spread/face_forces.glsl"
layout(local_size_x = 64) in;

void main() {
  int k = int(gl_GlobalInvocationID.x);
  int nx = cells.x, ny = cells.y;
  if (k < (nx + 1) * ny) {
    int i = k % (nx + 1), j = k / (nx + 1);
    u[k] = damped(u[k], vec2(float(i) * dx, (float(j) + 0.5) * dx), i == 0 || i == nx);
  }
  if (k < nx * (ny + 1)) {
    int i = k % nx, j = k / nx;
    v[k] = damped(v[k], vec2((float(i) + 0.5) * dx, float(j) * dx), j == 0 || j == ny);
  }
}

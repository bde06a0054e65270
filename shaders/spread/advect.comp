#version 460
// Velocity advection (semi-Lagrangian): every interior face takes the velocity found one step
// upstream; wall faces keep theirs. One thread does a u face and a v face.
#include "spread/fields.glsl"
layout(local_size_x = 64) in;

void main() {
  int k = int(gl_GlobalInvocationID.x);
  int nx = cells.x, ny = cells.y;
  if (k < (nx + 1) * ny) {
    int i = k % (nx + 1), j = k / (nx + 1);
    vec2 p = vec2(float(i) * dx, (float(j) + 0.5) * dx);
    u_out[k] = i > 0 && i < nx ? velocity_at(p - dt * velocity_at(p)).x : u[k];
  }
  if (k < nx * (ny + 1)) {
    int i = k % nx, j = k / nx;
    vec2 p = vec2((float(i) + 0.5) * dx, float(j) * dx);
    v_out[k] = j > 0 && j < ny ? velocity_at(p - dt * velocity_at(p)).y : v[k];
  }
}

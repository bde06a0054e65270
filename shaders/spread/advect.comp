#version 460
// Velocity advection (SpreadSimulation::advect_velocity): every interior face takes the velocity
// found one step upstream; wall faces keep theirs. One thread does a u face and a v face.
// mode 0: that step (u, v -> u_out, v_out); MacCormack adds mode 1: the result carried a step
// downstream (-> u_back, v_back), and mode 2: half the round trip's miss taken back, clamped to
// the four values the departure point blends (in u_out, v_out). The advection's last step (mode 0
// for the semi-Lagrangian advection, there as the variant mode 3; mode 2) applies the strokes'
// drag to the value it stores (face_forces.glsl).
#include "spread/fields.glsl"
#include "spread/face_forces.glsl"
#include "spread/mode.glsl"
layout(local_size_x = 64) in;

LFX_SPREAD_SAMPLER(sample_u_out, LFX_BUFFER_LOAD, u_out, cells.x + 1, cells.y, dx, 0.0, 0.5)
LFX_SPREAD_SAMPLER(sample_v_out, LFX_BUFFER_LOAD, v_out, cells.x, cells.y + 1, dx, 0.5, 0.0)

// The smallest and largest of the four samples of a field the bilinear sample at p blends.
#define LFX_SPREAD_RANGE(NAME, FIELD, NX, NY, OX, OY)                                              \
  vec2 NAME(vec2 p) {                                                                              \
    int nx = NX, ny = NY;                                                                          \
    float x = clamp(p.x / dx - OX, 0.0, float(nx - 1)), y = clamp(p.y / dx - OY, 0.0, float(ny - 1)); \
    int i = min(int(x), max(nx - 2, 0)), j = min(int(y), max(ny - 2, 0));                          \
    int i1 = min(i + 1, nx - 1), j1 = min(j + 1, ny - 1);                                          \
    float a = LFX_TEXEL(FIELD, j * nx + i), b = LFX_TEXEL(FIELD, j * nx + i1), c = LFX_TEXEL(FIELD, j1 * nx + i), \
          d = LFX_TEXEL(FIELD, j1 * nx + i1);                                                      \
    return vec2(min(min(a, b), min(c, d)), max(max(a, b), max(c, d)));                             \
  }
LFX_SPREAD_RANGE(range_u, u, cells.x + 1, cells.y, 0.0, 0.5)
LFX_SPREAD_RANGE(range_v, v, cells.x, cells.y + 1, 0.5, 0.0)

// The step back along the flow with the drag after it.
const uint kStepBackDragged = 3u;

void main() {
  int k = int(gl_GlobalInvocationID.x);
  int nx = cells.x, ny = cells.y;
  bool step_back = kMode == 0u || kMode == kStepBackDragged;
  bool drags = kMode == 2u || kMode == kStepBackDragged;
  if (k < (nx + 1) * ny) {
    int i = k % (nx + 1), j = k / (nx + 1);
    vec2 p = vec2(float(i) * dx, (float(j) + 0.5) * dx);
    bool interior = i > 0 && i < nx;
    if (step_back) {
      float value = interior ? velocity_at(p - dt * velocity_at(p)).x : u[k];
      u_out[k] = drags && interior ? dragged(value, p, 0) : value;
    } else if (kMode == 1u) {
      u_back[k] = interior ? sample_u_out(p + dt * velocity_at(p)) : u_out[k];
    } else if (interior) {
      vec2 range = range_u(p - dt * velocity_at(p));
      u_out[k] = dragged(clamp(u_out[k] + 0.5 * (u[k] - u_back[k]), range.x, range.y), p, 0);
    }
  }
  if (k < nx * (ny + 1)) {
    int i = k % nx, j = k / nx;
    vec2 p = vec2((float(i) + 0.5) * dx, float(j) * dx);
    bool interior = j > 0 && j < ny;
    if (step_back) {
      float value = interior ? velocity_at(p - dt * velocity_at(p)).y : v[k];
      v_out[k] = drags && interior ? dragged(value, p, 1) : value;
    } else if (kMode == 1u) {
      v_back[k] = interior ? sample_v_out(p + dt * velocity_at(p)) : v_out[k];
    } else if (interior) {
      vec2 range = range_v(p - dt * velocity_at(p));
      v_out[k] = dragged(clamp(v_out[k] + 0.5 * (v[k] - v_back[k]), range.x, range.y), p, 1);
    }
  }
}

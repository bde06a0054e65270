// The wave equation on a grid, shared by the CPU reference and the GPU pass: one symplectic
// Euler step per cell, h_tt = c^2 laplacian(h) - damping h_t, and the shape of a disturbance.
#ifndef LFX_SHARED_WAVES_H
#define LFX_SHARED_WAVES_H

#include "prelude.h"

LFX_SHARED_BEGIN

LFX_CONST float kWaveCourant = 0.5f;  // c dt / dx per sub-step; the 2D stability limit is 1/sqrt(2)

// A disturbance (raindrop, a finger, a dragged stick) of the surface (std430).
struct WaveSource {
  vec4 center_radius;  // xy centre (short-side units), z radius (short-side units), w depth (short-side units)
};

// Grid-scale smoothing of the velocity per sub-step (a viscosity in cell units). It removes the
// waves a few cells long that the grid cannot carry at the right speed (they would trail behind
// every drop and wake as a fine shimmer) and leaves waves of ten cells and more almost untouched;
// with more cells it fades, so a finer grid converges to the undamped equation.
LFX_CONST float kWaveSmoothing = 0.004f;

// k = (c dt / dx)^2 / dt: the Laplacian's weight in the velocity change over one sub-step.
LFX_FN float wave_laplacian_weight(float speed, float dt, float cell) {
  return speed * speed * dt / (cell * cell);
}

// The new (height, velocity) of a cell from its own and the sum of its four neighbours'.
LFX_FN vec2 wave_step(vec2 cell, vec2 neighbours, float k, float damping, float dt) {
  vec2 laplacian = neighbours - 4.0f * cell;
  float velocity = (cell.y + k * laplacian.x + kWaveSmoothing * laplacian.y) /
                   (1.0f + damping * dt);  // damping implicit: never unstable
  return vec2(cell.x + dt * velocity, velocity);
}

// Extra damping near the field's edges that swallows outgoing waves (absorbing edges): within 8%
// of the short side from an edge it ramps up quadratically to 60 / s. p and extent in short sides.
LFX_FN float wave_sponge_damping(vec2 p, vec2 extent) {
  float band = 0.08f * min(extent.x, extent.y);
  float inside = min(min(p.x, extent.x - p.x), min(p.y, extent.y - p.y));
  float t = clamp(1.0f - inside / band, 0.0f, 1.0f);
  return 60.0f * t * t;
}

// How much a source lowers the surface at p: a smooth bump, 0 beyond its radius.
LFX_FN float wave_source_depth(WaveSource s, vec2 p) {
  vec2 offset = p - vec2(s.center_radius.x, s.center_radius.y);
  float r = s.center_radius.z;
  float t = clamp(1.0f - dot(offset, offset) / (r * r), 0.0f, 1.0f);
  return s.center_radius.w * t * t;
}

// A held source (a stick pressed into the water) keeps the surface under it down at its depth.
// stepped: the cell's (height, velocity) after the step from height `before`. Where the source
// pushes the surface down, the velocity becomes the height's actual change over the step, so a
// cell that the stick lets go of rises smoothly instead of releasing the velocity the waves
// piled into it while it was held (which would ring at the grid's own frequency).
LFX_FN vec2 wave_hold(vec2 stepped, float before, WaveSource s, vec2 p, float dt) {
  float depth = wave_source_depth(s, p);
  if (depth <= 0.0f || stepped.x <= -depth) return stepped;
  return vec2(-depth, (-depth - before) / dt);
}

LFX_SHARED_END

#ifdef __cplusplus
static_assert(sizeof(lfx::shared::WaveSource) == 16, "WaveSource must match std430");
#endif

#endif

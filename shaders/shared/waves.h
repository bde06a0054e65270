// The wave equation on a grid, shared by the CPU reference and the GPU pass: one symplectic
// Euler step per cell, h_tt = c^2 laplacian(h) - damping h_t, and the shape of a disturbance.
#ifndef LFX_SHARED_WAVES_H
#define LFX_SHARED_WAVES_H

#include "shared/prelude.h"

LFX_SHARED_BEGIN

LFX_CONST float kWaveCourant = 0.5f;  // c dt / dx per sub-step; the 2D stability limit is 1/sqrt(2)

// A disturbance (raindrop, a finger, a dragged stick) of the surface (std430).
struct WaveSource {
  vec4 center_radius;  // xy centre (short-side units), z radius (short-side units), w depth (short-side units)
};

// The new (height, velocity) of a cell from its own and its four neighbours' heights.
// k = (c dt / dx)^2 / dt: the Laplacian's weight in the velocity change.
LFX_FN vec2 wave_step(float h, float v, float left, float right, float down, float up, float k, float damping,
                      float dt) {
  float laplacian = left + right + down + up - 4.0f * h;
  float velocity = (v + k * laplacian) / (1.0f + damping * dt);  // damping taken implicitly: never unstable
  return vec2(h + dt * velocity, velocity);
}

// How much a source lowers the surface at p: a smooth bump, 0 beyond its radius.
LFX_FN float wave_source_depth(WaveSource s, vec2 p) {
  vec2 offset = p - vec2(s.center_radius.x, s.center_radius.y);
  float r = s.center_radius.z;
  float t = clamp(1.0f - dot(offset, offset) / (r * r), 0.0f, 1.0f);
  return s.center_radius.w * t * t;
}

// A held source (a stick pressed into the water) keeps the surface under it down at its depth.
LFX_FN float wave_hold(float h, WaveSource s, vec2 p) {
  float depth = wave_source_depth(s, p);
  return depth > 0.0f ? min(h, -depth) : h;
}

LFX_SHARED_END

#ifdef __cplusplus
static_assert(sizeof(lfx::shared::WaveSource) == 16, "WaveSource must match std430");
#endif

#endif

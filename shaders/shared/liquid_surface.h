// The one liquid surface equation, shared by the CPU (bubbles, tests) and every shader that
// draws or clips liquid, and the per-container data it reads (std430).
//
// The free surface is the plane dot(n, p) = offset, displaced along n by a directional wave (two
// sines, the second at exactly twice the phase rate) and three octaves of gradient noise scaled
// by agitation, both in the plane's horizontal coordinates relative to the surface centre.
#ifndef LFX_SHARED_LIQUID_SURFACE_H
#define LFX_SHARED_LIQUID_SURFACE_H

#include "noise.h"
#include "prelude.h"

LFX_SHARED_BEGIN

LFX_CONST float kLiquidStyleRefractive = 0.0f;
LFX_CONST float kLiquidStyleOpaque = 1.0f;

struct LiquidContainerGpu {
  mat4 model;           // container (mesh) coordinates -> world
  mat4 world_to_local;  // world -> container coordinates
  vec4 plane;           // xyz: world unit normal of the free surface; w: offset, dot(n, p) = w
  vec4 center;          // xyz: world centre of the free surface; w: fill fraction (0 empty .. 1 full)
  vec4 wave_state;      // x: direction angle (rad, world xz); y: amplitude (m); z: energy; w: phase (rad)
  vec4 wave_shape;      // x: spatial scale (rad/m); y: harmonic weight; z: noise warp; w: refraction influence
  vec4 noise;           // x: agitation (0..1); y: noise height (m); z: noise clock; w: noise scale (1/m)
  vec4 film;            // wet-film line above the surface centre on the +x, -x, +z, -z walls (m)
  vec4 surface;         // x: meniscus width (m); y: foam width (m); z, w: waterline world heights (min, max)
  vec4 body_color;      // rgb: liquid colour (linear); w: opacity
  vec4 top_color;       // rgb: top colour (opaque style); w: style (kLiquidStyleRefractive / Opaque)
  vec4 absorption;      // rgb: Beer-Lambert absorption (1/m); w: refraction strength
  vec4 optics;          // x: blur (mip level); y: index of refraction; z: equivalent radius (m); w: layer side
  vec4 layer;           // rgb: colour of a poured-in immiscible layer; w: offset of its interface plane
};

// A layer of immiscible liquid poured in lies above (side +1, it floats) or below (side -1, it
// sinks) the interface dot(n, p) = layer.w, n the free surface's normal; side 0: no layer.
LFX_CONST float kLiquidLayerFloats = 1.0f;
LFX_CONST float kLiquidLayerSinks = -1.0f;

// Whether p (in the liquid) lies in the poured-in layer.
LFX_FN bool liquid_in_layer(LiquidContainerGpu c, vec3 p) {
  return c.optics.w * (dot(vec3(c.plane.x, c.plane.y, c.plane.z), p) - c.layer.w) > 0.0f;
}

// The horizontal coordinates the surface pattern is drawn in: world x and z relative to the
// surface centre (the normal stays within the clamp of vertical, so they never degenerate).
LFX_FN vec2 liquid_surface_coords(LiquidContainerGpu c, vec3 p) {
  return vec2(p.x - c.center.x, p.z - c.center.z);
}

// Three octaves of noise over the surface, periodic in the clock. x: value; y, z: d/dq.
LFX_FN vec3 liquid_ripple(LiquidContainerGpu c, vec2 q) {
  vec3 sum = vec3(0.0f);
  float amplitude = 0.5f;
  float frequency = c.noise.w;
  for (int octave = 0; octave < 3; ++octave) {
    vec4 n = gradient_noise(vec3(q.x * frequency + float(octave) * 19.1f, q.y * frequency, c.noise.z));
    sum += amplitude * vec3(n.x, n.y * frequency, n.z * frequency);
    amplitude *= 0.5f;
    frequency *= 2.03f;
  }
  return sum;
}

// The directional wave along the wave direction; the noise warps its phase. x: value in about
// [-1, 1]; y, z: d/dq (with the ripple's gradient through the warp).
LFX_FN vec3 liquid_wave(LiquidContainerGpu c, vec2 q, vec3 ripple) {
  vec2 direction = vec2(cos(c.wave_state.x), sin(c.wave_state.x));
  float warp = c.wave_shape.z * c.wave_state.z;
  float coordinate = dot(q, direction) * c.wave_shape.x + ripple.x * warp;
  vec2 d_coordinate = direction * c.wave_shape.x + vec2(ripple.y, ripple.z) * warp;
  float harmonic = max(c.wave_shape.y, 0.0f);
  // The second sine runs at exactly twice the phase rate, so nothing ticks when the phase wraps.
  float phase1 = coordinate + c.wave_state.w;
  float phase2 = coordinate * 1.83f + c.wave_state.w * 2.0f + 1.7f;
  float value = (sin(phase1) + harmonic * sin(phase2)) / (1.0f + harmonic);
  float slope = (cos(phase1) + harmonic * 1.83f * cos(phase2)) / (1.0f + harmonic);
  return vec3(value, slope * d_coordinate.x, slope * d_coordinate.y);
}

// How far the surface is raised above its plane at p, along the normal (m). x: height; y, z:
// its gradient over the horizontal coordinates.
LFX_FN vec3 liquid_surface_height(LiquidContainerGpu c, vec3 p) {
  vec2 q = liquid_surface_coords(c, p);
  vec3 ripple = vec3(0.0f);
  if (c.noise.x > 1e-4f) ripple = liquid_ripple(c, q) * c.noise.x;
  vec3 wave = vec3(0.0f);
  if (c.wave_state.z > 1e-4f) wave = liquid_wave(c, q, ripple);
  return ripple * c.noise.y + wave * c.wave_state.y;
}

// The most the surface rises above (or falls below) its plane (m): the wave's value and the
// noise are at most about 1 in size.
LFX_FN float liquid_surface_reach(LiquidContainerGpu c) {
  return abs(c.wave_state.y) + abs(c.noise.y * c.noise.x) + 1e-3f;
}

// Signed distance from p to the liquid surface (m, world): negative below the surface (in the
// liquid, if also inside the liquid mesh), positive above. An empty container has no liquid.
LFX_FN float liquid_surface_distance(LiquidContainerGpu c, vec3 p) {
  if (c.center.w <= 0.0f) return 1e6f;
  return dot(vec3(c.plane.x, c.plane.y, c.plane.z), p) - c.plane.w - liquid_surface_height(c, p).x;
}

// Unit normal of the wavy surface at p (world), from the analytic gradient of the height.
LFX_FN vec3 liquid_surface_normal(LiquidContainerGpu c, vec3 p) {
  vec3 h = liquid_surface_height(c, p);
  vec3 n = vec3(c.plane.x, c.plane.y, c.plane.z);
  return normalize(n - vec3(h.y, 0.0f, h.z));
}

LFX_SHARED_END

#ifdef __cplusplus
static_assert(sizeof(lfx::shared::LiquidContainerGpu) == 2 * 64 + 12 * 16, "LiquidContainerGpu must match std430");
#endif

#endif

// Ripple rings and procedural caustics, shared by the CPU and the ripple passes, and the
// ripple passes' push constants.
// Positions are in "short-side units": pixel / min(width, height), so a ring stays round on any
// aspect ratio and any resolution.
#ifndef LFX_SHARED_RIPPLES_H
#define LFX_SHARED_RIPPLES_H

#include "prelude.h"

LFX_SHARED_BEGIN

// Ripples are binned into square screen tiles of this many pixels.
LFX_CONST int kRippleTileSize = 16;

// One live ripple as the ripple pass reads it (std430).
struct RippleGpu {
  vec4 center_radius;  // xy centre (short-side units), z current radius of the primary ring, w amplitude
};

// The ring parameters of a ripple set (std430).
struct RippleParams {
  vec4 ring;    // x width, y distortion strength, z maximum radius, w highlight strength
  vec4 extent;  // x inner edge of the rings behind the primary (radius - extent.x), y outer (radius + extent.y)
};

// Smoothstep bump: 1 at x = 0, 0 for |x| >= width; y: its derivative.
LFX_FN vec2 ring_bump(float x, float width) {
  float t = clamp(1.0f - abs(x) / width, 0.0f, 1.0f);
  float value = t * t * (3.0f - 2.0f * t);
  float slope = 6.0f * t * (1.0f - t) / width * (x > 0.0f ? -1.0f : 1.0f);
  return vec2(value, t > 0.0f && t < 1.0f ? slope : 0.0f);
}

// The three rings of one ripple at distance d from its centre: the primary at the radius, a
// second 2.5 widths behind (0.4, 0.7 width), a third 5 widths behind (0.2, 0.5 width).
// x: ring strength; y: its derivative along d.
LFX_FN vec2 ripple_profile(float d, float radius, float width) {
  vec2 sum = ring_bump(d - radius, width);
  if (radius - 2.5f * width > 0.0f) sum += 0.4f * ring_bump(d - (radius - 2.5f * width), 0.7f * width);
  if (radius - 5.0f * width > 0.0f) sum += 0.2f * ring_bump(d - (radius - 5.0f * width), 0.5f * width);
  return sum;
}

// The annulus outside which a ripple's rings are zero: x inner radius (the third ring's inner
// edge), y outer radius (the primary ring's outer edge). Binning and shading both use it.
LFX_FN vec2 ripple_annulus(RippleGpu r, RippleParams params) {
  return vec2(max(r.center_radius.z - params.extent.x, 0.0f), r.center_radius.z + params.extent.y);
}

// What one ripple does at a point.
struct RippleSample {
  vec2 push;         // displacement of the image (short-side units)
  vec2 gradient;     // gradient of the wavy height the rings make (for the light on the crests)
  float visibility;  // ring strength times amplitude
};

// One ripple's contribution at p (short-side units).
LFX_FN RippleSample ripple_at(RippleGpu r, RippleParams params, vec2 p) {
  RippleSample result;
  result.push = vec2(0.0f);
  result.gradient = vec2(0.0f);
  result.visibility = 0.0f;
  vec2 offset = p - vec2(r.center_radius.x, r.center_radius.y);
  float d2 = dot(offset, offset);
  vec2 annulus = ripple_annulus(r, params);
  if (d2 > annulus.y * annulus.y || d2 < annulus.x * annulus.x) return result;
  float d = sqrt(d2);
  vec2 direction = offset / max(d, 1e-5f);
  float width = params.ring.x;
  vec2 ring = ripple_profile(d, r.center_radius.z, width);
  // Leading edges push outwards, trailing edges pull in: the sine of the phase across the ring.
  float phase = (d - r.center_radius.z) / width * 3.14159265f;
  float s = sin(phase);
  float amplitude = r.center_radius.w;
  result.push = direction * (ring.x * s * amplitude * params.ring.y);
  result.gradient = direction * ((ring.y * s + ring.x * cos(phase) * 3.14159265f / width) * amplitude);
  result.visibility = ring.x * amplitude;
  return result;
}

// Procedural caustics: three layered sines at 1, 1.3 and 0.7, sharpened. [0, 1].
LFX_FN float ripple_caustics(vec2 p, float time) {
  float x = p.x * 8.0f;
  float y = p.y * 8.0f;
  float c1 = sin(x + time) * sin(y + time * 0.7f);
  float c2 = sin(x * 1.3f - time * 0.8f) * sin(y * 0.9f + time * 1.1f);
  float c3 = sin((x + y) * 0.7f + time * 0.5f);
  float c = (c1 + c2 + c3) / 3.0f * 0.5f + 0.5f;
  return c * c;
}

// Tile binning and the rings (ripples/bin_common.glsl: bin_fill, bin_scan, rings).
#define LFX_RIPPLES_BIN_PUSH                             \
  RippleParams params;                                   \
  ivec2 image_size;                                      \
  ivec2 tiles; /* tiles across, down */                  \
  uint ripple_count;                                     \
  uint pass;             /* bin_fill: 0 count, 1 fill */ \
  LFX_ALIGN16 vec4 look; /* rings: x caustic strength, y caustic time, z highlight, w 1: no binning */
// The procedural picture (ripples/picture.comp).
#define LFX_RIPPLES_PICTURE_PUSH uint kind; /* gpu::Picture */
// The picture cut into a puzzle board (ripples/board.comp).
#define LFX_RIPPLES_BOARD_PUSH                                  \
  vec4 rect;    /* board origin and size, pixels */             \
  ivec2 cells;  /* columns, rows */                             \
  vec2 spacing; /* x padding between cells, y margin, pixels */ \
  float bevel;  /* width of the tiles' bevel, pixels (0: none) */
// One wave-equation sub-step or a drop (ripples/wave_step.comp).
#define LFX_RIPPLES_WAVE_STEP_PUSH          \
  float k;       /* (c dt / dx)^2 / dt */   \
  float damping; /* 1/s */                  \
  float dt;      /* s */                    \
  float cell;    /* short sides per cell */ \
  uint held_count;                          \
  uint reflecting;                          \
  uint disturb; /* 1: instead of a step, lower the surface by every source (drops) */
// The frame seen through the height field (ripples/waves_shade.comp).
#define LFX_RIPPLES_WAVE_SHADE_PUSH                                               \
  vec4 look;  /* x refraction, y highlight, z caustic strength, w caustic time */ \
  float cell; /* short sides per field cell */

#ifdef __cplusplus
struct RipplesBinPush {
  LFX_RIPPLES_BIN_PUSH
};
struct RipplesPicturePush {
  LFX_RIPPLES_PICTURE_PUSH
};
struct RipplesBoardPush {
  LFX_RIPPLES_BOARD_PUSH
};
struct RipplesWaveStepPush {
  LFX_RIPPLES_WAVE_STEP_PUSH
};
struct RipplesWaveShadePush {
  LFX_RIPPLES_WAVE_SHADE_PUSH
};
static_assert(sizeof(RipplesBinPush) == 80 && offsetof(RipplesBinPush, image_size) == sizeof(RippleParams) &&
              offsetof(RipplesBinPush, look) == 64);
static_assert(sizeof(RipplesBoardPush) == 36 && offsetof(RipplesBoardPush, cells) == 16 &&
              offsetof(RipplesBoardPush, spacing) == 24 && offsetof(RipplesBoardPush, bevel) == 32);
static_assert(sizeof(RipplesWaveStepPush) == 28 && offsetof(RipplesWaveStepPush, disturb) == 24);
static_assert(sizeof(RipplesWaveShadePush) == 20 && offsetof(RipplesWaveShadePush, cell) == 16);
static_assert(sizeof(RipplesPicturePush) == 4);
#endif

LFX_SHARED_END

#ifdef __cplusplus
static_assert(sizeof(lfx::shared::RippleGpu) == 16, "RippleGpu must match std430");
static_assert(sizeof(lfx::shared::RippleParams) == 32, "RippleParams must match std430");
#endif

#endif

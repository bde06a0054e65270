// The surface chain (splat -> narrow-range filter -> composite): push constants shared by the
// C++ side and the shaders.
#ifndef LFX_SHARED_SURFACE_H
#define LFX_SHARED_SURFACE_H

#include "prelude.h"

LFX_SHARED_BEGIN

// Thickness is summed in fixed point: tenths of a millimetre.
LFX_CONST float kSurfaceThicknessScale = 10000.0f;
// Spheres are splatted this many times the particles' radius (closing the gaps between touching
// spheres).
LFX_CONST float kSplatGrowth = 1.5f;
// The splat covers at most this radius in surface pixels around a particle.
LFX_CONST int kSurfaceMaxSplatPixels = 32;

// Splats are lengthened along their velocity at most this many times.
LFX_CONST float kSplatMaxStretch = 4.0f;
// The compute splat bins particles into square tiles of this many surface pixels a side; a
// particle spanning more than kSurfaceTilesPerSplat of them is scattered with per-pixel atomics.
LFX_CONST int kSurfaceTile = 16;
LFX_CONST int kSurfaceTilesPerSplat = 4;
// A full-foam sprite adds this much to its centre pixel's foam layer (fixed point).
LFX_CONST float kSurfaceFoamScale = 1024.0f;

// Splat: every particle's ellipsoid into the surface's depth (nearest), thickness (sum), colour
// and foam layers.
#define LFX_SURFACE_SPLAT_PUSH                                                                   \
  ivec2 size;           /* surface targets (pixels) */                                           \
  float radius;         /* particle radius (m) */                                                \
  float scale;          /* surface pixels per frame pixel */                                     \
  uint stride;          /* bytes from one record to the next */                                  \
  uint position_offset; /* bytes */                                                              \
  uint count_word;      /* index of the live count among the count buffer's uints */             \
  uint count;           /* the records, or the most the buffer's count may say */                \
  uint use_buffer;                                                                               \
  uint velocity_offset; /* bytes */                                                              \
  uint color_offset;    /* bytes, when has_color is 1 */                                         \
  uint has_color;                                                                                \
  uint foam_offset; /* bytes, when has_foam is 1 */                                              \
  uint has_foam;                                                                                 \
  float stretch;        /* s: a splat is lengthened by the distance its particle covers in it */ \
  uint tiles_x;         /* tiles across the surface (compute splat) */                           \
  uint phase;           /* splat_bin.comp: 0 count, 1 fill the tile lists */                     \
  uint tiles_per_splat; /* most tile lists a particle joins (0: none, all scatter) */            \
  uint pad1;                                                                                     \
  uint pad2;

// Resolve and filter: depth (m, 0 = no liquid) and thickness (m), one axis a pass.
#define LFX_SURFACE_FILTER_PUSH                                                          \
  ivec2 size;             /* surface targets (pixels) */                                 \
  ivec2 direction;        /* (1, 0) or (0, 1) (filter.comp) */                           \
  float world_radius;     /* filter radius (m) */                                        \
  float pixels_per_metre; /* at clip w = 1, in surface pixels */                         \
  float range;            /* neighbours are clamped to the centre's depth +- this (m) */ \
  int max_pixels;         /* the filter radius on screen is capped here */               \
  vec2 clip_w;            /* clip w at view depth z is clip_w.x + clip_w.y * z */        \
  uint pad0;                                                                             \
  uint pad1;

// Composite: the liquid over the frame.
#define LFX_SURFACE_COMPOSITE_PUSH                                                           \
  ivec2 size;  /* surface targets (pixels) */                                                \
  float scale; /* surface pixels per frame pixel */                                          \
  float specular;                                                                            \
  vec4 absorption;   /* rgb Beer-Lambert (1/m); w refraction (screen fraction) */            \
  vec4 plain_color;  /* rgb the liquid's colour when the records carry none; w 1: they do */ \
  float foam_whiten; /* how white full foam makes the liquid; 0: the records carry none */   \
  uint stage;        /* what is shown: 0 the liquid, 1 depth, 2 thickness, 3 normals */      \
  uint pad1;                                                                                 \
  uint pad2;

// Depth out: the surface's field into the frame's depth (knob write_depth).
#define LFX_SURFACE_DEPTH_OUT_PUSH                  \
  ivec2 size;  /* surface targets (pixels) */       \
  float scale; /* surface pixels per frame pixel */ \
  uint pad0;

// Synthetic particles: rest positions moved by a lake's waves (amplitude 0: still).
#define LFX_SURFACE_SYNTHETIC_PUSH                                    \
  uint count;                                                         \
  float time;      /* s */                                            \
  float amplitude; /* m, at the surface; fading to 0 at the bottom */ \
  float bottom;    /* y of the lake's bottom (m) */                   \
  float depth;     /* of the lake (m) */                              \
  uint pad0;                                                          \
  uint pad1;                                                          \
  uint pad2;

#ifdef __cplusplus
struct SurfaceSyntheticPush {
  LFX_SURFACE_SYNTHETIC_PUSH
};
struct SurfaceSplatPush {
  LFX_SURFACE_SPLAT_PUSH
};
struct SurfaceFilterPush {
  LFX_SURFACE_FILTER_PUSH
};
struct SurfaceCompositePush {
  LFX_SURFACE_COMPOSITE_PUSH
};
struct SurfaceDepthOutPush {
  LFX_SURFACE_DEPTH_OUT_PUSH
};
static_assert(sizeof(SurfaceSyntheticPush) == 32 && sizeof(SurfaceSplatPush) == 80 && sizeof(SurfaceFilterPush) == 48);
static_assert(sizeof(SurfaceCompositePush) == 64 && offsetof(SurfaceCompositePush, absorption) == 16);
static_assert(sizeof(SurfaceDepthOutPush) == 16);
#endif

LFX_SHARED_END

#endif

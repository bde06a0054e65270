// The bottle passes' push constants (the containers' data itself is LiquidContainerGpu, in
// shared/liquid_surface.h).
#ifndef LFX_SHARED_BOTTLE_H
#define LFX_SHARED_BOTTLE_H

#include "shared/prelude.h"

LFX_SHARED_BEGIN

// A container's mesh (bottle/mesh.vert with liquid_front, liquid_back or reference.frag).
#define LFX_BOTTLE_MESH_PUSH uint container; /* index into the containers buffer */
// The glass walls (bottle/mesh.vert + bottle/glass.frag).
#define LFX_BOTTLE_GLASS_PUSH                                                     \
  uint container;                                                                 \
  uint front;        /* 1: front faces (refract and replace); 0: back faces (blend over) */ \
  vec2 unused;                                                                    \
  vec4 tint_opacity; /* rgb tint, a opacity at normal incidence */                \
  vec4 look;         /* x refraction, y film opacity */
// The liquid over one container's screen rectangle (bottle/composite.comp).
#define LFX_BOTTLE_COMPOSITE_PUSH                       \
  uint container;                                       \
  uint bubble_offset;                                   \
  uint bubble_count;                                    \
  uint debug; /* 1: write entry and bubble points */    \
  ivec4 rect; /* x, y, width, height, pixels */

#ifdef __cplusplus
struct BottleMeshPush {
  LFX_BOTTLE_MESH_PUSH
};
struct BottleGlassPush {
  LFX_BOTTLE_GLASS_PUSH
};
struct BottleCompositePush {
  LFX_BOTTLE_COMPOSITE_PUSH
};
static_assert(sizeof(BottleMeshPush) == 4);
static_assert(sizeof(BottleGlassPush) == 48 && offsetof(BottleGlassPush, unused) == 8 &&
              offsetof(BottleGlassPush, tint_opacity) == 16 && offsetof(BottleGlassPush, look) == 32);
static_assert(sizeof(BottleCompositePush) == 32 && offsetof(BottleCompositePush, rect) == 16);
#endif

LFX_SHARED_END

#endif

// The bottle passes' per-container drawing data, push constants and limits (the containers'
// liquid data itself is LiquidContainerGpu, in shared/liquid_surface.h).
#ifndef LFX_SHARED_BOTTLE_H
#define LFX_SHARED_BOTTLE_H

#include "prelude.h"

LFX_SHARED_BEGIN

// How fast a shadow's penumbra widens with distance from its caster (radians: the sun's radius).
LFX_CONST float kBottleSunRadius = 0.02f;
// The most samples of a sun ray's march through a container's distance grids (shadows.comp),
// one a cell: the grids' diagonal, at most 29 samples along each axis (24 and the margins).
LFX_CONST int kBottleShadowMaxSteps = 52;

// The composite and the shadows work on 8 x 8 pixel tiles, named in tile lists as one uint.
LFX_CONST uint kBottleTile = 8u;
// Workgroup sizes that the host or another shader counts dispatches by: the composite's (64 listed
// pixels; sort_pixels.comp counts its indirect dispatches), the compute rasteriser's (64
// triangles) and the pixel sort's (64 rows of tiles).
LFX_CONST uint kBottleCompositeGroup = 64u;
LFX_CONST uint kBottleRasterGroup = 64u;
LFX_CONST uint kBottleSortGroup = 64u;

LFX_FN uint bottle_tile_pack(uint column, uint row) {
  return column | (row << 16u);
}

// The tile's first pixel (column, row times kBottleTile).
LFX_FN ivec2 bottle_tile_origin(uint packed) {
  return ivec2(int(packed & 0xffffu), int(packed >> 16u)) * int(kBottleTile);
}

// The surfaces pass keeps, for every pixel of a container's rectangle, the nearest outer-glass
// front and back faces and inner-wall (liquid mesh) front and back faces, in this order
// (surface_encoding.glsl).
LFX_CONST uint kBottleSurfaceLayers = 4u;

// The glass's tint and opacity are what one wall of this thickness does at normal incidence.
LFX_CONST float kBottleReferenceWall = 0.004f;

// How one container is drawn this frame (std430), indexed like the containers buffer.
struct BottleDrawGpu {
  vec4 glass_absorption;  // rgb: Beer-Lambert absorption of the glass (1/m); w: share of glass refraction
  vec4 look;              // x: film opacity; y: shadow strength; z: bounding radius about the axis (m); w: unused
  ivec4 rect;             // x, y, width, height: the screen pixels the container can touch
  // x: first bubble, y: bubble count; z: the first of its surface texels in the surfaces buffer
  // (kBottleSurfaceLayers a pixel of its rectangle, row by row); w: unused
  uvec4 ranges;
  // The shape's signed distance grids (container and liquid, a pair per sample; container
  // coordinates, negative inside) in the volumes buffer: xyz of the first sample, w cell size (m)...
  vec4 volume_origin;
  uvec4 volume_size;  // ... samples along x, y, z; w: the first sample's index
  // Within what the shadows look for it (world): the segment from axis_low to axis_high (xyz; the
  // container's vertical axis through its grids' box) and axis_low.w about it (m: the container's
  // radius, and two cells for the penumbra's floor and the grids' interpolation), widening by the
  // sun's radius with the distance from the lit point.
  vec4 axis_low;
  vec4 axis_high;  // w: unused
};

// One entry of a tile list (uvec4): x = bottle_tile_pack(column, row); y = container (composite);
// z = first index into the caster list, w = caster count (shadows).
#define LFX_BOTTLE_COMPOSITE_PUSH                                                    \
  uint debug;        /* 1: write entry and bubble points */                          \
  uint write_depth;  /* 1: keep each pixel's nearest liquid depth in liquid_depth */ \
  uint64_t surfaces; /* the surfaces buffer's address (surface_encoding.glsl) */
#define LFX_BOTTLE_SURFACES_PUSH                                                               \
  uint first_layer;      /* the front faces' layer: 0 the glass, 2 the liquid mesh */          \
  uint first_container;  /* rasterised in compute: the instances' first container */           \
  uint triangles;        /* rasterised in compute: the mesh's triangles */                     \
  uint first_triangle;   /* rasterised in compute: this dispatch's first */                    \
  uint container_stride; /* rasterised in compute: the instances' order (workgroup_order.h) */ \
  uint chunk_stride;     /* rasterised in compute: the order of the runs of triangles */       \
  uint64_t surfaces;     /* the surfaces buffer's address (surface_encoding.glsl) */
#define LFX_BOTTLE_SHADOW_TILES_PUSH                                  \
  uint first_tile; /* this dispatch's first entry of the tile list */ \
  uint unused0;                                                       \
  uint unused1;                                                       \
  uint unused2;
#define LFX_BOTTLE_PIXEL_SORT_PUSH                                                   \
  uint count;        /* entries in the tile list */                                  \
  uint keep_all;     /* 1: every pixel to the liquid list (tests: nothing sorted) */ \
  uint64_t surfaces; /* the surfaces buffer's address (surface_encoding.glsl) */

#ifdef __cplusplus
struct BottleCompositePush {
  LFX_BOTTLE_COMPOSITE_PUSH
};
struct BottlePixelSortPush {
  LFX_BOTTLE_PIXEL_SORT_PUSH
};
struct BottleSurfacesPush {
  LFX_BOTTLE_SURFACES_PUSH
};
struct BottleShadowTilesPush {
  LFX_BOTTLE_SHADOW_TILES_PUSH
};
#endif

LFX_SHARED_END

#ifdef __cplusplus
static_assert(sizeof(lfx::shared::BottleDrawGpu) == 128, "BottleDrawGpu must match std430");
static_assert(sizeof(lfx::shared::BottleCompositePush) == 16);
static_assert(sizeof(lfx::shared::BottlePixelSortPush) == 16);
static_assert(sizeof(lfx::shared::BottleSurfacesPush) == 32);
static_assert(sizeof(lfx::shared::BottleShadowTilesPush) == 16);
#endif

#endif

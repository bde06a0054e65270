// What the spread's two shading passes share (classify.comp, shade.comp): the fields, the frame,
// the picture under the liquid, and where a pixel is covered.
#include "shared/spread.h"
// The solver's fields as texels (SpreadSolver's *_texels: the same memory, 32-bit words): a CPU
// driver loads a texel buffer with one gather, a storage buffer a lane at a time (the shading
// took 1.4x as long so).
layout(set = 0, binding = 0, r32ui) uniform readonly uimageBuffer h_texels;
layout(set = 0, binding = 1, r32ui) uniform readonly uimageBuffer pigment_texels;
layout(set = 0, binding = 2, r32ui) uniform readonly uimageBuffer film_thickness_texels;
layout(set = 0, binding = 3, r32ui) uniform readonly uimageBuffer film_pigment_texels;
layout(set = 0, binding = 4, r32ui) uniform readonly uimageBuffer history_texels;
#define LFX_TEXEL(FIELD, INDEX) uintBitsToFloat(imageLoad(FIELD##_texels, int(INDEX)).r)
layout(set = 0, binding = 5, rgba16f) uniform image2D color;
// The picture under the liquid at the frame's size (the skin, or the user's picture resampled),
// made once for each size by background.comp: a storage image, read by a plain load (a sampler's
// fetch of the same texel cost llvmpipe about ten times as much).
layout(set = 0, binding = 6, rgba16f) readonly uniform image2D under_image;
layout(set = 0, binding = 7) uniform sampler2D matcap;  // a sphere's picture: light by normal
// The 8 x 8 tiles of the frame where some pixel is covered (classify.comp lists them, shade.comp
// runs a workgroup on each), and the indirect dispatch's arguments (tile_args.comp).
layout(set = 0, binding = 8, std430) buffer Tiles {
  uint tile_count;
  uint dispatch_args[3];
  uint tiles[];  // x | y << 16; then, over a background of its own, every tile's state
};
// The solver's thickness tiles' flags (fields.glsl): wet, and stained by film or traces.
layout(set = 0, binding = 9, std430) readonly buffer TileFlags { uint tile_flags[]; };
// The shading of the covered tiles kept for a liquid at rest (push constant `kept`; the frame's own
// image where the background is the frame, and it is not used).
layout(set = 0, binding = 10, rgba16f) uniform image2D kept_image;
layout(push_constant) uniform Push { LFX_SPREAD_SHADE_PUSH };

// What lay.comp writes on an 8 x 8 tile of the frame over a background of its own (classify.comp
// decides): the picture under the liquid, nothing (shade.comp shades it), or the kept shading.
const uint kTilePicture = 0u, kTileShaded = 1u, kTileKept = 2u;
// The frame's 8 x 8 tiles, across and down.
uvec2 frame_tiles() { return (uvec2(frame_size) + 7u) / 8u; }
// Where the state of the frame's tile `tile` is kept: after room for every tile on the list.
uint tile_state_at(uvec2 tile) {
  uvec2 n = frame_tiles();
  return n.x * n.y + tile.y * n.x + tile.x;
}

// The push's background == 1, use_matcap == 1, traces == 1 and kept == 1, as the pipeline's
// variant (the push keeps them for the renderer's test of a frame's inputs).
layout(constant_id = LFX_SPREAD_OVER_FRAME_CONSTANT) const bool kOverFrame = false;
layout(constant_id = LFX_SPREAD_MATCAP_CONSTANT) const bool kMatcap = false;
layout(constant_id = LFX_SPREAD_FILM_TRACES_CONSTANT) const bool kFilmTraces = false;
layout(constant_id = LFX_SPREAD_KEEP_CONSTANT) const bool kKeepShading = false;
// Whether any film may lie (SpreadSolver::film_laid): without, the film's two fields are not read,
// a third of the shading's loads.
layout(constant_id = LFX_SPREAD_FILM_CONSTANT) const bool kAnyFilm = false;
// Whether the liquid is of one colour (the push's pigments 0: no planes, and no loop over them).
layout(constant_id = LFX_SPREAD_ONE_COLOUR_CONSTANT) const bool kOneColour = false;
// The push's banding_top > 0 (the seed's 8-bit heights), so that the shading without it carries
// none of its divisions.
layout(constant_id = LFX_SPREAD_BANDING_CONSTANT) const bool kBanding = false;

// Bilinear weights and corners of the thickness cells around p (short sides).
struct Corners {
  int k00, k10, k01, k11;
  ivec2 cell;  // the corner k00
  vec2 f;
};
Corners corners_at(vec2 p) {
  int nx = thickness_grid.x, ny = thickness_grid.y;
  vec2 x = clamp(p / dh - 0.5, vec2(0.0), vec2(nx - 1, ny - 1));
  ivec2 c = min(ivec2(x), max(thickness_grid - 2, ivec2(0)));
  ivec2 c1 = min(c + 1, thickness_grid - 1);
  return Corners(c.y * nx + c.x, c.y * nx + c1.x, c1.y * nx + c.x, c1.y * nx + c1.x, c, x - vec2(c));
}
#define LFX_BILINEAR(FIELD, OFFSET, C)                                                                  \
  mix(mix(LFX_TEXEL(FIELD, (OFFSET) + uint(C.k00)), LFX_TEXEL(FIELD, (OFFSET) + uint(C.k10)), C.f.x), \
      mix(LFX_TEXEL(FIELD, (OFFSET) + uint(C.k01)), LFX_TEXEL(FIELD, (OFFSET) + uint(C.k11)), C.f.x), C.f.y)

// The liquid's thickness (bulk and film) in one cell, cells beyond the grid's edge as the edge's.
float cell_total(ivec2 q) {
  q = clamp(q, ivec2(0), thickness_grid - 1);
  uint k = uint(q.y * thickness_grid.x + q.x);
  return kAnyFilm ? LFX_TEXEL(h, k) + LFX_TEXEL(film_thickness, k) : LFX_TEXEL(h, k);
}
// The seed's 8-bit height target: 256 levels over the range, and the steps they shade.
float banded(float t) {
  return kBanding ? floor(t / banding_top * 255.0 + 0.5) / 255.0 * banding_top : t;
}
float bilinear(float t00, float t10, float t01, float t11, vec2 f) {
  return banded(mix(mix(t00, t10, f.x), mix(t01, t11, f.x), f.y));
}

// The picture under the liquid at a pixel.
vec3 under_at(ivec2 pixel) {
  return kOverFrame ? imageLoad(color, pixel).rgb : imageLoad(under_image, pixel).rgb;
}

// How much a pixel is covered: by the liquid's thickness, and by its traces.
struct Cover {
  Corners c;
  float t11, t21, t12, t22;  // the four cells around the pixel, bulk plus film
  float alpha;               // how much the liquid (or its trace) covers the pixel
};
Cover cover_at(ivec2 pixel) {
  vec2 p = (vec2(pixel) + 0.5) / short_side;
  Cover v;
  v.c = corners_at(p);
  v.t11 = cell_total(v.c.cell);
  v.t21 = cell_total(v.c.cell + ivec2(1, 0));
  v.t12 = cell_total(v.c.cell + ivec2(0, 1));
  v.t22 = cell_total(v.c.cell + ivec2(1, 1));
  float coverage = spread_smoothstep(0.0, max(film, 1e-6), bilinear(v.t11, v.t21, v.t12, v.t22, v.c.f));
  v.alpha = coverage;
  if (!kFilmTraces) {
    // The seed's traces: half the largest coverage seen, half the current; faint traces drop
    // out (smoothly, not at a hard step, so their edge is not stepped).
    float a = 0.5 * (LFX_BILINEAR(history, 0u, v.c) + coverage);
    v.alpha = a * spread_smoothstep(kSpreadTraceShown, kSpreadTraceShown + 0.08, a);
  }
  return v;
}

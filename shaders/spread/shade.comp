#version 460
// The liquid over the frame: its thickness (bulk and film, bilinear: smooth edges at any
// resolution) gives a surface whose normals are shaded like a matcap - a soft studio light
// from the top left, a highlight, the edges darkened where the surface tilts - in the
// thickness-weighted mix of its pigments' colours, laid over the background with the traces'
// coverage: the seed's history (the largest coverage seen, blended with the current) or the
// film the liquid left.
#include "shared/spread.h"
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0, std430) readonly buffer Bulk { float h[]; };
layout(set = 0, binding = 1, std430) readonly buffer Pigments { float pigment[]; };
layout(set = 0, binding = 2, std430) readonly buffer Film { float film_thickness[]; };
layout(set = 0, binding = 3, std430) readonly buffer FilmPigments { float film_pigment[]; };
layout(set = 0, binding = 4, std430) readonly buffer History { float history[]; };
layout(set = 0, binding = 5, rgba16f) uniform image2D color;
// The picture under the liquid at the frame's size (the skin, or the user's picture resampled),
// made once for each size by background.comp: a storage image, read by a plain load (a sampler's
// fetch costs a CPU driver some fifteen times as much).
layout(set = 0, binding = 6, rgba16f) readonly uniform image2D under_image;
layout(set = 0, binding = 7) uniform sampler2D matcap;  // a sphere's picture: light by normal
layout(push_constant) uniform Push { LFX_SPREAD_SHADE_PUSH };

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
#define LFX_BILINEAR(FIELD, OFFSET, C)                                                  \
  mix(mix(FIELD[(OFFSET) + uint(C.k00)], FIELD[(OFFSET) + uint(C.k10)], C.f.x),          \
      mix(FIELD[(OFFSET) + uint(C.k01)], FIELD[(OFFSET) + uint(C.k11)], C.f.x), C.f.y)

// The liquid's thickness (bulk and film) in one cell, cells beyond the grid's edge as the edge's.
float cell_total(ivec2 q) {
  q = clamp(q, ivec2(0), thickness_grid - 1);
  uint k = uint(q.y * thickness_grid.x + q.x);
  return h[k] + film_thickness[k];
}
// The seed's 8-bit height target: 256 levels over the range, and the steps they shade.
float banded(float t) {
  return banding_top > 0.0 ? floor(t / banding_top * 255.0 + 0.5) / 255.0 * banding_top : t;
}
float bilinear(float t00, float t10, float t01, float t11, vec2 f) {
  return banded(mix(mix(t00, t10, f.x), mix(t01, t11, f.x), f.y));
}

void main() {
  ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
  if (any(greaterThanEqual(pixel, frame_size))) return;
  vec2 p = (vec2(pixel) + 0.5) / short_side;
  vec3 under = background == 1u ? imageLoad(color, pixel).rgb : imageLoad(under_image, pixel).rgb;

  // The four cells around p, then (only under liquid) the eight around them: the thickness one
  // cell to each side has the same bilinear weights over cells one over, which gives the slope
  // from twelve cells read once.
  Corners c = corners_at(p);
  float t11 = cell_total(c.cell), t21 = cell_total(c.cell + ivec2(1, 0));
  float t12 = cell_total(c.cell + ivec2(0, 1)), t22 = cell_total(c.cell + ivec2(1, 1));
  float total = bilinear(t11, t21, t12, t22, c.f);
  float coverage = spread_smoothstep(0.0, max(film, 1e-6), total);
  float alpha = coverage;
  if (traces == 0u) {
    // The seed's traces: half the largest coverage seen, half the current; faint traces drop
    // out (smoothly, not at a hard step, so their edge is not stepped).
    float a = 0.5 * (LFX_BILINEAR(history, 0u, c) + coverage);
    alpha = a * spread_smoothstep(0.06, 0.14, a);
  }
  if (alpha <= 0.0) {
    imageStore(color, pixel, vec4(under, 1.0));
    return;
  }
  // The liquid's colour: its pigments mixed by amount (bulk and film).
  vec3 liquid = vec3(0.0);
  float amount = 0.0;
  uint n = uint(thickness_grid.x * thickness_grid.y);
  for (uint k = 0u; k < pigments; ++k) {
    float a = LFX_BILINEAR(pigment, k * n, c) + LFX_BILINEAR(film_pigment, k * n, c);
    liquid += a * colors[k].rgb;
    amount += a;
  }
  liquid = amount > 0.0 ? liquid / amount : colors[0].rgb;
  // The surface's normal from the thickness's slope (a height field over the picture), over two
  // cells' width.
  // tXY: the cell at (X - 1, Y - 1) from the corner c.cell.
  ivec2 b = c.cell;
  float t10 = cell_total(b + ivec2(0, -1)), t20 = cell_total(b + ivec2(1, -1));
  float t01 = cell_total(b + ivec2(-1, 0)), t31 = cell_total(b + ivec2(2, 0));
  float t02 = cell_total(b + ivec2(-1, 1)), t32 = cell_total(b + ivec2(2, 1));
  float t13 = cell_total(b + ivec2(0, 2)), t23 = cell_total(b + ivec2(1, 2));
  float right = bilinear(t21, t31, t22, t32, c.f), left = bilinear(t01, t11, t02, t12, c.f);
  float below = bilinear(t12, t22, t13, t23, c.f), above = bilinear(t10, t20, t11, t21, c.f);
  vec2 slope = vec2(right - left, below - above) / (2.0 * dh);
  vec3 normal = normalize(vec3(-slope * relief * 4.0, 1.0));
  // A matcap-like studio light: from the top left and in front, its mirror highlight, a soft
  // fill; the colour darkens where the surface tilts away and lifts on the light side.
  vec3 light = normalize(vec3(-0.45, -0.55, 0.7));
  float tilt = 1.0 - normal.z;
  float diffuse = 0.72 + 0.35 * dot(normal, light);
  float highlight = pow(max(reflect(-light, normal).z, 0.0), 48.0) * shine;
  vec3 shaded = liquid * diffuse * mix(1.0, 0.78, clamp(tilt * 3.0, 0.0, 1.0)) + vec3(highlight) + 0.03;
  // A matcap of the user's: the sphere's picture at the normal's place lights the liquid's colour
  // (a grey matcap keeps the pigments' hues; the image's y runs down, as the normal's).
  if (use_matcap == 1u) shaded = liquid * textureLod(matcap, normal.xy * 0.5 + 0.5, 0.0).rgb * 1.25;
  imageStore(color, pixel, vec4(mix(under, shaded, clamp(alpha, 0.0, 1.0)), 1.0));
}

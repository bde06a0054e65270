#version 460
// The liquid over the frame, on the tiles classify.comp listed: its thickness (bulk and film,
// bilinear: smooth edges at any resolution) gives a surface whose normals are shaded like a
// matcap - a soft studio light from the top left, a highlight, the edges darkened where the
// surface tilts - in the thickness-weighted mix of its pigments' colours, laid over the
// background with the traces' coverage: the seed's history (the largest coverage seen, blended
// with the current) or the film the liquid left.
#include "shared/spread.h"
#include "spread/shade_common.glsl"
layout(local_size_x = 8, local_size_y = 8) in;

// A pixel's shading into the frame, and kept for the frames at rest to come (kept 1).
void store(ivec2 pixel, vec4 shading) {
  imageStore(color, pixel, shading);
  if (kKeepShading) imageStore(kept_image, pixel, shading);
}

void main() {
  uint index = gl_WorkGroupID.y * kSpreadTilesPerRow + gl_WorkGroupID.x;
  if (index >= tile_count) return;
  ivec2 pixel = ivec2(tiles[index] & 0xffffu, tiles[index] >> 16) * 8 + ivec2(gl_LocalInvocationID.xy);
  if (any(greaterThanEqual(pixel, frame_size))) return;
  Cover v = cover_at(pixel);
  if (v.alpha <= 0.0) {  // a pixel of a covered tile that nothing covers: the picture under it
    if (!kOverFrame) store(pixel, vec4(under_at(pixel), 1.0));
    return;
  }
  // The liquid's colour: its pigments mixed by amount (bulk and film); a liquid of one colour
  // has no planes (SpreadSolver::pigment_planes), and is colors[0].
  vec3 liquid = vec3(0.0);
  float amount = 0.0;
  uint n = uint(thickness_grid.x * thickness_grid.y);
  for (uint k = 0u; k < (kOneColour ? 0u : pigments); ++k) {
    float a = LFX_BILINEAR(pigment, k * n, v.c);
    if (kAnyFilm) a += LFX_BILINEAR(film_pigment, k * n, v.c);
    liquid += a * colors[k].rgb;
    amount += a;
  }
  liquid = !kOneColour && amount > 0.0 ? liquid / amount : colors[0].rgb;
  // The surface's normal from the thickness's slope (a height field over the picture), over two
  // cells' width: the thickness one cell to each side has the same bilinear weights over the
  // cells one over, so the eight cells around the four give it. tXY: the cell at (X - 1, Y - 1)
  // from the corner v.c.cell.
  ivec2 b = v.c.cell;
  float t10 = cell_total(b + ivec2(0, -1)), t20 = cell_total(b + ivec2(1, -1));
  float t01 = cell_total(b + ivec2(-1, 0)), t31 = cell_total(b + ivec2(2, 0));
  float t02 = cell_total(b + ivec2(-1, 1)), t32 = cell_total(b + ivec2(2, 1));
  float t13 = cell_total(b + ivec2(0, 2)), t23 = cell_total(b + ivec2(1, 2));
  vec2 f = v.c.f;
  float right = bilinear(v.t21, t31, v.t22, t32, f), left = bilinear(t01, v.t11, t02, v.t12, f);
  float below = bilinear(v.t12, v.t22, t13, t23, f), above = bilinear(t10, t20, v.t11, v.t21, f);
  vec2 slope = vec2(right - left, below - above) / (2.0 * dh);
  vec3 normal = normalize(vec3(-slope * relief * 4.0, 1.0));
  // A matcap-like studio light: from the top left and in front, its mirror highlight, a soft
  // fill; the colour darkens where the surface tilts away and lifts on the light side.
  vec3 light = normalize(vec3(-0.45, -0.55, 0.7));
  float tilt = 1.0 - normal.z;
  float diffuse = 0.72 + 0.35 * dot(normal, light);
  float mirror = max(reflect(-light, normal).z, 0.0), m2 = mirror * mirror, m4 = m2 * m2, m8 = m4 * m4;
  float highlight = m8 * m8 * (m8 * m8) * (m8 * m8) * shine;  // mirror^48, without pow's exp2 and log2
  vec3 shaded = liquid * diffuse * mix(1.0, 0.78, clamp(tilt * 3.0, 0.0, 1.0)) + vec3(highlight) + 0.03;
  // A matcap of the user's: the sphere's picture at the normal's place lights the liquid's colour
  // (a grey matcap keeps the pigments' hues; the image's y runs down, as the normal's).
  if (kMatcap) shaded = liquid * textureLod(matcap, normal.xy * 0.5 + 0.5, 0.0).rgb * 1.25;
  // Where the liquid covers the pixel fully the picture under it is not read (nor blended in).
  store(pixel, vec4(v.alpha >= 1.0 ? shaded : mix(under_at(pixel), shaded, max(v.alpha, 0.0)), 1.0));
}

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
layout(set = 0, binding = 6) uniform sampler2D picture;
layout(set = 0, binding = 7) uniform sampler2D matcap;  // a sphere's picture: light by normal
layout(push_constant) uniform Push { LFX_SPREAD_SHADE_PUSH };

// Bilinear weights and corners of the thickness cells around p (short sides).
struct Corners {
  int k00, k10, k01, k11;
  vec2 f;
};
Corners corners_at(vec2 p) {
  int nx = thickness_grid.x, ny = thickness_grid.y;
  vec2 x = clamp(p / dh - 0.5, vec2(0.0), vec2(nx - 1, ny - 1));
  ivec2 c = min(ivec2(x), max(thickness_grid - 2, ivec2(0)));
  ivec2 c1 = min(c + 1, thickness_grid - 1);
  return Corners(c.y * nx + c.x, c.y * nx + c1.x, c1.y * nx + c.x, c1.y * nx + c1.x, x - vec2(c));
}
#define LFX_BILINEAR(FIELD, OFFSET, C)                                                  \
  mix(mix(FIELD[(OFFSET) + uint(C.k00)], FIELD[(OFFSET) + uint(C.k10)], C.f.x),          \
      mix(FIELD[(OFFSET) + uint(C.k01)], FIELD[(OFFSET) + uint(C.k11)], C.f.x), C.f.y)

float total_at(vec2 p) {
  Corners c = corners_at(p);
  float t = LFX_BILINEAR(h, 0u, c) + LFX_BILINEAR(film_thickness, 0u, c);
  // The seed's 8-bit height target: 256 levels over the range, and the steps they shade.
  return banding_top > 0.0 ? floor(t / banding_top * 255.0 + 0.5) / 255.0 * banding_top : t;
}

// A lattice point's random value in [0, 1): integer mixing (cheaper than a sine on every device).
float hash(ivec2 i) {
  uint h = uint(i.x) * 0x8da6b343u ^ uint(i.y) * 0xd8163841u;
  h ^= h >> 16;
  h *= 0x7feb352du;
  h ^= h >> 15;
  h *= 0x846ca68bu;
  h ^= h >> 16;
  return float(h >> 8) * (1.0 / 16777216.0);
}
float value_noise(vec2 p) {
  ivec2 i = ivec2(floor(p));
  vec2 f = fract(p);
  vec2 s = f * f * (3.0 - 2.0 * f);
  return mix(mix(hash(i), hash(i + ivec2(1, 0)), s.x), mix(hash(i + ivec2(0, 1)), hash(i + ivec2(1, 1)), s.x), s.y);
}

// A skin-toned picture: a warm base, broad blotches and fine pores.
vec3 skin(vec2 p) {
  vec3 base = vec3(0.86, 0.66, 0.55);
  float broad = value_noise(p * 4.0) * 0.6 + value_noise(p * 9.0) * 0.4;
  float pores = value_noise(p * 160.0);
  return base * (0.93 + 0.1 * broad) - vec3(0.05, 0.06, 0.05) * smoothstep(0.75, 0.95, pores);
}

void main() {
  ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
  if (any(greaterThanEqual(pixel, frame_size))) return;
  vec2 p = (vec2(pixel) + 0.5) / short_side;
  vec3 under;
  if (background == 0u) under = skin(p);
  else if (background == 1u) under = imageLoad(color, pixel).rgb;
  else under = textureLod(picture, (vec2(pixel) + 0.5) / vec2(frame_size), 0.0).rgb;

  Corners c = corners_at(p);
  float total = total_at(p);
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
  // The surface's normal from the thickness's slope (a height field over the picture).
  vec2 e = vec2(dh, 0.0);
  vec2 slope = vec2(total_at(p + e.xy) - total_at(p - e.xy), total_at(p + e.yx) - total_at(p - e.yx)) / (2.0 * dh);
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

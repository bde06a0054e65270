#version 460
// Procedural pictures for ripples to play over: 0 a sunset over hills and sea, bright and full
// of edges (the tile puzzle's picture); 1 a pond's bottom of pebbles (for rain).
#include "shared/ripples.h"
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0, rgba16f) writeonly uniform image2D picture;
layout(push_constant) uniform Push { LFX_RIPPLES_PICTURE_PUSH };

float hash(vec2 p) { return fract(sin(dot(p, vec2(127.1, 311.7))) * 43758.5453); }

// Integral of the square wave step(0.5, fract(x)), so that a box filter of it is exact.
float square_wave_integral(float x) { return floor(x) * 0.5 + max(fract(x) - 0.5, 0.0); }

// The square wave step(0.5, fract(x)) averaged over [x - w/2, x + w/2]: stripes without stairs.
float filtered_stripes(float x, float w) { return (square_wave_integral(x + 0.5 * w) - square_wave_integral(x - 0.5 * w)) / w; }

vec3 sunset(vec2 p, float aspect, float pixel) {
  // p: x in [0, aspect], y in [0, 1] from the top; pixel: one pixel's size in the same units.
  vec3 sky = mix(vec3(1.0, 0.55, 0.25), vec3(0.25, 0.12, 0.45), smoothstep(0.6, 0.0, p.y));
  vec2 sun = vec2(0.62 * aspect, 0.42);
  float d = length(p - sun);
  vec3 color = sky + vec3(1.2, 0.9, 0.4) * smoothstep(0.13, 0.11, d) + vec3(0.6, 0.3, 0.1) * exp(-d * 6.0) * 0.6;
  // Three ranges of hills, nearer ones darker.
  for (int i = 0; i < 3; ++i) {
    float fi = float(i);
    float ridge = 0.5 + 0.06 * fi + 0.05 * sin(p.x * (5.0 + 3.0 * fi) + fi * 2.1) + 0.025 * sin(p.x * (17.0 + fi * 5.0));
    vec3 hill = mix(vec3(0.55, 0.25, 0.45), vec3(0.12, 0.25, 0.3), fi / 2.0);
    color = mix(color, hill, smoothstep(ridge, ridge + 0.004, p.y));
  }
  // The sea with the sun's glitter.
  if (p.y > 0.72) {
    // The stripes' phase changes by about 40 per unit of y: 40 pixels' worth of phase per unit.
    float stripe = filtered_stripes((p.y - 0.72) * 40.0 + 0.3 * sin(p.x * 9.0), 40.0 * pixel);
    vec3 sea = mix(vec3(0.1, 0.3, 0.5), vec3(0.2, 0.45, 0.65), stripe);
    sea += vec3(1.0, 0.7, 0.3) * stripe * exp(-abs(p.x - sun.x) * 8.0) * 0.8;
    color = sea;
  }
  // Balloons.
  for (int i = 0; i < 5; ++i) {
    vec2 c = vec2((0.15 + 0.17 * float(i)) * aspect, 0.18 + 0.08 * sin(float(i) * 2.3));
    vec3 tint = vec3(0.5 + 0.5 * sin(float(i) * 1.7), 0.5 + 0.5 * sin(float(i) * 2.9 + 1.0), 0.5 + 0.5 * sin(float(i) * 4.1 + 2.0));
    color = mix(color, tint, smoothstep(0.042, 0.038, length(p - c)));
  }
  return color;
}

vec3 pebbles(vec2 p) {
  // Voronoi cells as stones on sand.
  vec2 g = p * 14.0;
  vec2 cell = floor(g);
  float nearest = 10.0, second = 10.0;
  vec2 id = vec2(0.0);
  for (int y = -1; y <= 1; ++y)
    for (int x = -1; x <= 1; ++x) {
      vec2 c = cell + vec2(x, y);
      vec2 point = c + 0.2 + 0.6 * vec2(hash(c), hash(c + 17.0));
      float d = length(g - point);
      if (d < nearest) {
        second = nearest;
        nearest = d;
        id = c;
      } else if (d < second) {
        second = d;
      }
    }
  vec3 stone = mix(vec3(0.45, 0.42, 0.38), vec3(0.75, 0.68, 0.58), hash(id)) * mix(0.8, 1.1, hash(id + 3.0));
  vec3 sand = vec3(0.85, 0.78, 0.6);
  float edge = smoothstep(0.02, 0.12, second - nearest);
  return mix(sand * 0.8, stone * (0.75 + 0.25 * (1.0 - nearest)), edge);
}

void main() {
  ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
  ivec2 size = imageSize(picture);
  if (any(greaterThanEqual(pixel, size))) return;
  float short_side = float(min(size.x, size.y));
  vec2 p = (vec2(pixel) + 0.5) / short_side;
  vec3 color = kind == 0u ? sunset(p, float(size.x) / float(size.y), 1.0 / short_side) : pebbles(p);
  imageStore(picture, pixel, vec4(color, 1.0));
}

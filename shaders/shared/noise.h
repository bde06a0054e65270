// Gradient noise with analytic derivatives, identical on the CPU and the GPU (integer hashing,
// quintic fade). Periodic in z with period kNoisePeriod, so a clock driving z can wrap without a
// jump.
#ifndef LFX_SHARED_NOISE_H
#define LFX_SHARED_NOISE_H

#include "prelude.h"

LFX_SHARED_BEGIN

LFX_CONST int kNoisePeriod = 64;

LFX_FN uint noise_hash(int x, int y, int z) {
  uint h = (uint(x) * 0x8da6b343u) ^ (uint(y) * 0xd8163841u) ^ (uint(z) * 0xcb1ab31fu);
  h ^= h >> 16u;
  h *= 0x7feb352du;
  h ^= h >> 15u;
  h *= 0x846ca68bu;
  h ^= h >> 16u;
  return h;
}

// A pseudo-random gradient with components in [-1, 1].
LFX_FN vec3 noise_gradient(uint h) {
  return vec3(float(h & 1023u), float((h >> 10u) & 1023u), float((h >> 20u) & 1023u)) * (2.0f / 1023.0f) - vec3(1.0f);
}

LFX_FN int noise_wrap(int z) {
  return ((z % kNoisePeriod) + kNoisePeriod) % kNoisePeriod;
}

// x: noise value (about [-1, 1]); y, z, w: its derivatives along x, y, z.
LFX_FN vec4 gradient_noise(vec3 p) {
  vec3 cell = floor(p);
  vec3 f = p - cell;
  int ix = int(cell.x);
  int iy = int(cell.y);
  int iz0 = noise_wrap(int(cell.z));
  int iz1 = noise_wrap(int(cell.z) + 1);
  vec3 u = f * f * f * (f * (f * 6.0f - vec3(15.0f)) + vec3(10.0f));
  vec3 du = 30.0f * f * f * (f * (f - vec3(2.0f)) + vec3(1.0f));

  vec3 g000 = noise_gradient(noise_hash(ix, iy, iz0));
  vec3 g100 = noise_gradient(noise_hash(ix + 1, iy, iz0));
  vec3 g010 = noise_gradient(noise_hash(ix, iy + 1, iz0));
  vec3 g110 = noise_gradient(noise_hash(ix + 1, iy + 1, iz0));
  vec3 g001 = noise_gradient(noise_hash(ix, iy, iz1));
  vec3 g101 = noise_gradient(noise_hash(ix + 1, iy, iz1));
  vec3 g011 = noise_gradient(noise_hash(ix, iy + 1, iz1));
  vec3 g111 = noise_gradient(noise_hash(ix + 1, iy + 1, iz1));

  float v000 = dot(g000, f);
  float v100 = dot(g100, f - vec3(1.0f, 0.0f, 0.0f));
  float v010 = dot(g010, f - vec3(0.0f, 1.0f, 0.0f));
  float v110 = dot(g110, f - vec3(1.0f, 1.0f, 0.0f));
  float v001 = dot(g001, f - vec3(0.0f, 0.0f, 1.0f));
  float v101 = dot(g101, f - vec3(1.0f, 0.0f, 1.0f));
  float v011 = dot(g011, f - vec3(0.0f, 1.0f, 1.0f));
  float v111 = dot(g111, f - vec3(1.0f, 1.0f, 1.0f));

  // Trilinear blend written as a polynomial in u, so that its derivative is direct.
  float k0 = v000;
  float k1 = v100 - v000;
  float k2 = v010 - v000;
  float k3 = v001 - v000;
  float k4 = v000 - v100 - v010 + v110;
  float k5 = v000 - v010 - v001 + v011;
  float k6 = v000 - v100 - v001 + v101;
  float k7 = -v000 + v100 + v010 - v110 + v001 - v101 - v011 + v111;
  vec3 g0 = g000;
  vec3 g1 = g100 - g000;
  vec3 g2 = g010 - g000;
  vec3 g3 = g001 - g000;
  vec3 g4 = g000 - g100 - g010 + g110;
  vec3 g5 = g000 - g010 - g001 + g011;
  vec3 g6 = g000 - g100 - g001 + g101;
  vec3 g7 = -g000 + g100 + g010 - g110 + g001 - g101 - g011 + g111;

  float value =
      k0 + k1 * u.x + k2 * u.y + k3 * u.z + k4 * u.x * u.y + k5 * u.y * u.z + k6 * u.z * u.x + k7 * u.x * u.y * u.z;
  vec3 derivative = g0 + g1 * u.x + g2 * u.y + g3 * u.z + g4 * u.x * u.y + g5 * u.y * u.z + g6 * u.z * u.x +
                    g7 * u.x * u.y * u.z +
                    du * vec3(k1 + k4 * u.y + k6 * u.z + k7 * u.y * u.z, k2 + k5 * u.z + k4 * u.x + k7 * u.z * u.x,
                              k3 + k6 * u.x + k5 * u.y + k7 * u.x * u.y);
  return vec4(value, derivative.x, derivative.y, derivative.z);
}

LFX_SHARED_END

#endif

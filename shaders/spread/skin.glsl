// The skin-toned picture under the liquid (SpreadBackground::skin), made by background.comp.
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

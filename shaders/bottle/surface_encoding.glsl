// How the surfaces pass stores a surface in an RGBA16F texel (a format every rasteriser writes
// fast): the outward normal octahedrally in xy, the distance from the eye as a half plus the half
// of what it misses in zw (about 22 bits together). All zero: no surface.

vec2 octahedral_encode(vec3 n) {
  n /= abs(n.x) + abs(n.y) + abs(n.z);
  vec2 folded = (1.0 - abs(n.yx)) * vec2(n.x >= 0.0 ? 1.0 : -1.0, n.y >= 0.0 ? 1.0 : -1.0);
  return n.z >= 0.0 ? n.xy : folded;
}

vec3 octahedral_decode(vec2 e) {
  vec3 n = vec3(e, 1.0 - abs(e.x) - abs(e.y));
  if (n.z < 0.0) n.xy = (1.0 - abs(n.yx)) * vec2(n.x >= 0.0 ? 1.0 : -1.0, n.y >= 0.0 ? 1.0 : -1.0);
  return normalize(n);
}

vec4 encode_surface(vec3 normal, float distance_from_eye) {
  float high = unpackHalf2x16(packHalf2x16(vec2(distance_from_eye, 0.0))).x;  // what the texel will hold
  return vec4(octahedral_encode(normalize(normal)), high, distance_from_eye - high);
}

// The distance alone (0: no surface).
float surface_distance(vec4 texel) { return texel.z > 0.0 ? texel.z + texel.w : 0.0; }

// xyz outward normal, w distance (0: no surface).
vec4 decode_surface(vec4 texel) {
  if (texel.z <= 0.0) return vec4(0.0);
  return vec4(octahedral_decode(texel.xy), surface_distance(texel));
}

// Whether a surface texel holds a surface nearer than the opaque scene (t_opaque, along the ray).
bool surface_seen(vec4 texel, float t_opaque) {
  return texel.z > 0.0 && surface_distance(texel) < t_opaque;
}

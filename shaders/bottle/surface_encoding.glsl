// How the surfaces pass stores a surface: 64 bits a texel, read as two words. The high word is
// the distance from the eye (a positive float's bits, which order as the floats do), the low word
// the outward normal, octahedrally, as two 16-bit snorms; so an atomic min keeps the nearest
// surface with its own normal whatever order the fragments come in. All ones: no surface.
// The includer includes shared/bottle.h first, declares the push constant `surfaces` and enables
// GL_EXT_buffer_reference and 64-bit integers.

const uint kNoSurface = 0xffffffffu;

// The surfaces buffer, reached by its address rather than bound as a storage buffer: one
// container's rectangle may need more than a binding's range holds (maxStorageBufferRange, 128 MiB
// on lavapipe: a bottle over half of a 4K frame).
layout(buffer_reference, std430, buffer_reference_align = 8) buffer SurfaceTexels { uint64_t texels[]; };

// Texel `index` of the surfaces (in texels), as its (low, high) words.
uvec2 surface_texel(uint index) { return unpackUint2x32(SurfaceTexels(surfaces).texels[index]); }

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

// The (low, high) words of a surface.
uvec2 encode_surface(vec3 normal, float distance_from_eye) {
  return uvec2(packSnorm2x16(octahedral_encode(normalize(normal))), floatBitsToUint(max(distance_from_eye, 0.0)));
}

// The distance alone (0: no surface).
float surface_distance(uvec2 texel) { return texel.y != kNoSurface ? uintBitsToFloat(texel.y) : 0.0; }

// xyz outward normal, w distance (0: no surface).
vec4 decode_surface(uvec2 texel) {
  if (texel.y == kNoSurface) return vec4(0.0);
  return vec4(octahedral_decode(unpackSnorm2x16(texel.x)), uintBitsToFloat(texel.y));
}

// Whether a texel holds a surface nearer than the opaque scene (t_opaque, along the ray). A
// surface lying on the opaque scene counts as seen: a glass standing on a table has its base's
// underside in the table's plane, where the two rasterisations' distances (each rounded its own
// way) cannot say which is nearer, and the ray does leave the glass there.
bool surface_seen(uvec2 texel, float t_opaque) {
  return texel.y != kNoSurface && uintBitsToFloat(texel.y) < t_opaque * (1.0 + 1e-4);
}

// Where the surface of `layer` (kBottleSurfaceLayers) at pixel p, inside the container's
// rectangle, is in the surfaces buffer (in texels).
uint surface_index(BottleDrawGpu draw, ivec2 p, uint layer) {
  uvec2 q = uvec2(p - draw.rect.xy);
  return draw.ranges.z + (q.y * uint(draw.rect.z) + q.x) * kBottleSurfaceLayers + layer;
}

// The absorbers' regions (particles going back into containers). The including pass declares,
// before including:
//   DistanceGridInfo distance_grids[]   float distance_values[]   ParticleAbsorbers absorbers

#include "particles/distance_grid.glsl"

// How far world point p is inside absorber a's region (m): negative inside.
float absorber_distance(uint a, vec3 p) {
  ParticleAbsorber r = absorbers.absorbers[a];
  vec4 p1 = vec4(p, 1.0);
  vec3 local = vec3(dot(r.row0, p1), dot(r.row1, p1), dot(r.row2, p1));
  return distance_at(distance_grids[r.grid_limit.x], local);
}

// Whether a particle at p moving at `speed` rests outside every region (liquid spilled).
bool spilled(vec3 p, float speed) {
  if (absorbers.header.x == 0u || speed >= absorbers.settling.y) return false;
  for (uint a = 0u; a < absorbers.header.x; ++a)
    if (absorber_distance(a, p) <= 0.0) return false;
  return true;
}

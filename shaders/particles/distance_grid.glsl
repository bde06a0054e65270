// A distance sampled on a regular grid (a shell collider's unsigned distance, an absorber's
// signed one). The including pass declares, before including:
//   DistanceGridInfo distance_grids[]   float distance_values[]

float distance_sample(DistanceGridInfo g, ivec3 v) {
  v = clamp(v, ivec3(0), ivec3(g.dims.xyz) - 1);
  return distance_values[g.dims.w + uint((v.z * int(g.dims.y) + v.y) * int(g.dims.x) + v.x)];
}

// The distance at a local point (trilinear); outside the grid: far away (outside).
float distance_at(DistanceGridInfo g, vec3 local) {
  vec3 u = (local - g.origin_cell.xyz) / g.origin_cell.w;
  if (any(lessThan(u, vec3(0.0))) || any(greaterThan(u, vec3(g.dims.xyz) - 1.0))) return 1.0e3;
  ivec3 i = ivec3(floor(u));
  vec3 f = u - vec3(i);
  float c000 = distance_sample(g, i), c100 = distance_sample(g, i + ivec3(1, 0, 0));
  float c010 = distance_sample(g, i + ivec3(0, 1, 0)), c110 = distance_sample(g, i + ivec3(1, 1, 0));
  float c001 = distance_sample(g, i + ivec3(0, 0, 1)), c101 = distance_sample(g, i + ivec3(1, 0, 1));
  float c011 = distance_sample(g, i + ivec3(0, 1, 1)), c111 = distance_sample(g, i + ivec3(1, 1, 1));
  return mix(mix(mix(c000, c100, f.x), mix(c010, c110, f.x), f.y), mix(mix(c001, c101, f.x), mix(c011, c111, f.x), f.y),
             f.z);
}

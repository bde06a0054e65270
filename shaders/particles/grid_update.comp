#version 460
// Grid nodes: velocity from momentum, gravity, then the boundaries - the tank's walls and the
// colliders - take away any velocity into a solid (free slip, relative to a moving solid).
#include "particles/particles_common.glsl"
layout(local_size_x = 64) in;
layout(set = 0, binding = 3, std430) readonly buffer Grid { int grid[]; };
// xyz velocity (cells per step); w the mass a particle measures its density by (with the walls' images)
layout(set = 0, binding = 4, std430) writeonly buffer GridVelocity { vec4 grid_velocity[]; };
layout(set = 0, binding = 5, std430) readonly buffer Colliders { ParticleCollider colliders[]; };
layout(set = 0, binding = 6, std430) readonly buffer DistanceGrids { DistanceGridInfo distance_grids[]; };
layout(set = 0, binding = 7, std430) readonly buffer DistanceValues { float distance_values[]; };
// The step's values, which the clock (clock.comp) wrote for it.
layout(set = 0, binding = 26, std430) readonly buffer Step { LFX_PARTICLES_STEP_PUSH };
#include "particles/colliders.glsl"

float node_mass(ivec3 node) {
  if (any(lessThan(node, ivec3(0))) || any(greaterThanEqual(node, grid_dims.xyz))) return 0.0;
  return from_fixed(grid[4 * node_index(node, grid_dims)]);
}

// The mass a mirror image of the liquid beyond a wall would add at a node: the real mass at the
// node's reflection across the wall (linear between the two nodes around it). With it, a
// particle by a wall measures its full density, so the pressure at the floor is hydrostatic
// instead of starved by the half of its stencil that lies in the wall.
float image_mass(ivec3 node, int axis, float wall) {
  float x = float(node[axis]);
  if (abs(x - wall) >= 2.5) return 0.0;
  float mirrored = 2.0 * wall - x;
  int below = int(floor(mirrored));
  float f = mirrored - float(below);
  ivec3 a = node, b = node;
  a[axis] = below;
  b[axis] = below + 1;
  return mix(node_mass(a), node_mass(b), f);
}

void main() {
  // Big grids need more than 65535 workgroups: the dispatch is two-dimensional.
  int n = int(gl_GlobalInvocationID.y * gl_NumWorkGroups.x * gl_WorkGroupSize.x + gl_GlobalInvocationID.x);
  if (n >= grid_dims.w) return;
  float dx = grid_origin.w, dt = domain_min.w;
  ivec3 node = ivec3(n % grid_dims.x, (n / grid_dims.x) % grid_dims.y, n / (grid_dims.x * grid_dims.y));
  vec3 lo = (domain_min.xyz - grid_origin.xyz) / dx, hi = (domain_max.xyz - grid_origin.xyz) / dx;
  float mass = from_fixed(grid[4 * n]);
  float density_mass = mass;
  for (int axis = 0; axis < 3; ++axis)
    density_mass += image_mass(node, axis, lo[axis]) + image_mass(node, axis, hi[axis]);
  if (mass <= 0.0) {
    grid_velocity[n] = vec4(0.0, 0.0, 0.0, density_mass);
    return;
  }
  vec3 v = vec3(from_fixed(grid[4 * n + 1]), from_fixed(grid[4 * n + 2]), from_fixed(grid[4 * n + 3])) / mass;
  v += gravity.xyz * (dt * dt / dx);

  vec3 x = vec3(node);
  // The tank: nodes within a cell of a wall (and beyond it) move along it, never into it.
  for (int axis = 0; axis < 3; ++axis) {
    if (x[axis] < lo[axis] + 1.0 && v[axis] < 0.0) v[axis] = 0.0;
    if (x[axis] > hi[axis] - 1.0 && v[axis] > 0.0) v[axis] = 0.0;
  }

  vec3 p = grid_origin.xyz + x * dx;
  for (uint i = 0u; i < collider_count; ++i) {
    Contact c = collider_contact(colliders[collider_first + i], p);
    if (c.distance < dx) v = slide_along(v, c, c.velocity * (dt / dx));
  }
  grid_velocity[n] = vec4(v, density_mass);
}

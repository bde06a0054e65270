#version 460
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
// The incompressible solver's cells: solid (outside the tank, or its centre inside a collider),
// liquid or air. The liquid's level set is phi = 1/2 - the cell's liquid fraction (the particle
// mass its faces received, over a cell's mass at rest), so the free surface lies where the
// fraction is a half, between cell centres rather than on their faces: the ghost-fluid boundary
// then has no staircase.
#include "particles/mac_common.glsl"
#include "particles/face_sums.glsl"
layout(local_size_x = 64) in;
layout(set = 0, binding = 3, std430) readonly buffer Grid { int64_t grid[]; };
layout(set = 0, binding = 5, std430) readonly buffer Colliders { ParticleCollider colliders[]; };
layout(set = 0, binding = 6, std430) readonly buffer DistanceGrids { DistanceGridInfo distance_grids[]; };
layout(set = 0, binding = 7, std430) readonly buffer DistanceValues { float distance_values[]; };
layout(set = 0, binding = 18, std430) buffer Cells { vec4 cells[]; };
layout(set = 0, binding = 19, std430) buffer Pressure { vec4 pressure[]; };      // x: the last step's
layout(set = 0, binding = 24, std430) buffer BrickFlags { uint brick_flags[]; };  // 1: holds liquid
// The step's values, which the clock (clock.comp) wrote for it.
layout(set = 0, binding = 26, std430) readonly buffer Step { LFX_PARTICLES_STEP_PUSH };
#include "particles/colliders.glsl"
#define GRID_REGION_SOLIDS
#include "particles/grid_region.glsl"

float mass_at(ivec3 node, int axis) {
  if (!inside_grid(node, grid_dims)) return 0.0;
  return face_mass(grid[3 * node_index(node, grid_dims) + axis]);
}

// The mass a mirror image of the liquid beyond the tank's wall at `wall` (along `across`) would
// add at a face: the real mass at the face's reflection (linear between the two faces around
// it). With it a cell by a wall measures its full fraction, as the particles' density does in
// the weakly compressible solver.
float image_mass(ivec3 node, int axis, int across, float wall) {
  float offset = face_offset(axis)[across];
  float x = float(node[across]) + offset;
  if (abs(x - wall) >= 2.5) return 0.0;
  float mirrored = 2.0 * wall - x - offset;
  int below = int(floor(mirrored));
  float f = mirrored - float(below);
  ivec3 a = node, b = node;
  a[across] = below;
  b[across] = below + 1;
  return mix(mass_at(a, axis), mass_at(b, axis), f);
}

float mass_with_images(ivec3 node, int axis, vec3 lo, vec3 hi) {
  float m = mass_at(node, axis);
  for (int across = 0; across < 3; ++across)
    m += image_mass(node, axis, across, lo[across]) + image_mass(node, axis, across, hi[across]);
  return m;
}

void main() {
  int n = region_node();
  if (n < 0) return;
  // The warm start at this step's scale (the pressure solve reads it next; nothing here does).
  if (warm_scale != 1.0) pressure[n].x *= warm_scale;
  float dx = grid_origin.w;
  ivec3 cell = node_of(n, grid_dims);
  vec3 lo = (domain_min.xyz - grid_origin.xyz) / dx, hi = (domain_max.xyz - grid_origin.xyz) / dx;

  float mass = 0.0;
  for (int axis = 0; axis < 3; ++axis)
    mass += mass_with_images(cell, axis, lo, hi) + mass_with_images(cell + unit(axis), axis, lo, hi);
  float fraction = mass / (6.0 * kRestParticlesPerCell);
  float phi = 0.5 - fraction;

  float type = cell_is_solid(cell) ? kCellSolid : (phi < 0.0 ? kCellLiquid : kCellAir);
  cells[n] = vec4(phi, type, 0.0, fraction);
  if (type == kCellLiquid) {
    atomicOr(brick_flags[brick_of(cell, grid_dims)], 1u);
  }
}

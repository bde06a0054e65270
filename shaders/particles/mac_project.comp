#version 460
// The projection: each face between two liquid cells loses the pressure's gradient; a face
// between a liquid cell and an air cell the gradient to the ghost pressure at the free surface
// (theta of the way to the air cell's centre, where the pressure is 0); a face on a solid keeps
// the solid's velocity. Those faces are known (w, a bit per axis); the faces between two air
// cells are left to the extrapolation. The pressure of a cell that is not liquid is cleared, so
// that a cell the liquid reaches later starts its warm start from 0.
#include "particles/mac_common.glsl"
layout(local_size_x = 64) in;
layout(set = 0, binding = 4, std430) buffer Faces { vec4 faces[]; };
layout(set = 0, binding = 5, std430) readonly buffer Colliders { ParticleCollider colliders[]; };
layout(set = 0, binding = 6, std430) readonly buffer DistanceGrids { DistanceGridInfo distance_grids[]; };
layout(set = 0, binding = 7, std430) readonly buffer DistanceValues { float distance_values[]; };
layout(set = 0, binding = 18, std430) readonly buffer Cells { vec4 cells[]; };
layout(set = 0, binding = 19, std430) buffer Pressure { vec4 pressure[]; };
// The step's values, which the clock (clock.comp) wrote for it.
layout(set = 0, binding = 26, std430) readonly buffer Step { LFX_PARTICLES_STEP_PUSH };
#include "particles/colliders.glsl"
#define GRID_REGION_SOLIDS
#define GRID_REGION_CELLS
#include "particles/grid_region.glsl"

void main() {
  int n = region_node();
  if (n < 0) return;
  ivec3 node = node_of(n, grid_dims);
  vec4 here = cells[n];
  vec4 u = faces[n];
  uint known = 0u;
  for (int axis = 0; axis < 3; ++axis) {
    ivec3 below = node - unit(axis);
    if (!inside_grid(below, grid_dims)) {
      known |= 8u << axis;
      continue;
    }
    int b = node_index(below, grid_dims);
    vec4 there = region_cell(below);
    bool liquid_below = there.y == kCellLiquid, liquid_here = here.y == kCellLiquid;
    bool solid_below = there.y == kCellSolid, solid_here = here.y == kCellSolid;
    if (solid_below && solid_here) {
      continue;  // inside a solid: left to the extrapolation
    } else if (solid_below || solid_here) {
      known |= 8u << axis;
    } else if (liquid_below && liquid_here) {
      u[axis] -= pressure[n].x - pressure[b].x;
      known |= 1u << axis;
    } else if (liquid_below) {
      u[axis] += pressure[b].x / surface_theta(there.x, here.x);
      known |= 1u << axis;
    } else if (liquid_here) {
      u[axis] -= pressure[n].x / surface_theta(here.x, there.x);
      known |= 1u << axis;
    }
  }
  faces[n] = vec4(u.xyz, float(known));
  if (here.y != kCellLiquid) pressure[n].x = 0.0;
}

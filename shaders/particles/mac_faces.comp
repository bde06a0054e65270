#version 460
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
// The incompressible solver's face velocities before the projection: momentum over mass,
// gravity, and the solids - a face on a solid cell takes the solid's velocity (the tank's walls
// stand still), and a face within a cell of a collider loses the part of its velocity that
// would carry liquid into it (free slip, relative to a moving solid); so does a face of a mesh
// wall's band of solid cells that no liquid cell has. A face inside a solid (both its cells
// solid) starts from the solid's velocity too; the extrapolation then gives it the liquid's
// beside it, so a particle by a wall keeps its velocity along the wall (free slip).
#include "particles/mac_common.glsl"
#include "particles/face_sums.glsl"
layout(local_size_x = 64) in;
layout(set = 0, binding = 3, std430) readonly buffer Grid { int64_t grid[]; };
layout(set = 0, binding = 4, std430) writeonly buffer Faces { vec4 faces[]; };  // xyz velocity (cells per step)
layout(set = 0, binding = 5, std430) readonly buffer Colliders { ParticleCollider colliders[]; };
layout(set = 0, binding = 6, std430) readonly buffer DistanceGrids { DistanceGridInfo distance_grids[]; };
layout(set = 0, binding = 7, std430) readonly buffer DistanceValues { float distance_values[]; };
layout(set = 0, binding = 18, std430) readonly buffer Cells { vec4 cells[]; };
// The step's values, which the clock (clock.comp) wrote for it.
layout(set = 0, binding = 26, std430) readonly buffer Step { LFX_PARTICLES_STEP_PUSH };
#include "particles/colliders.glsl"
#define GRID_REGION_SOLIDS
#define GRID_REGION_CELLS
#include "particles/grid_region.glsl"

float cell_type(ivec3 cell) { return region_cell(cell).y; }

void main() {
  int n = region_node();
  if (n < 0) return;
  float dx = grid_origin.w, dt = domain_min.w;
  ivec3 node = node_of(n, grid_dims);
  // This node's cell is in the region (read as it is); the one below it along an axis may not be.
  float type_here = cells[n].y;
  vec3 u = vec3(0.0);
  for (int axis = 0; axis < 3; ++axis) {
    int64_t sum = grid[3 * n + axis];
    float mass = face_mass(sum);
    float v = mass > 0.0 ? face_momentum(sum) / mass : 0.0;
    v += gravity[axis] * (dt * dt / dx);
    vec3 p = grid_origin.xyz + (vec3(node) + face_offset(axis)) * dx;
    float type_below = cell_type(node - unit(axis));
    bool on_solid = type_here == kCellSolid || type_below == kCellSolid;
    bool on_liquid = type_here == kCellLiquid || type_below == kCellLiquid;
    // The tank's walls stand still. A solid cell inside the tank has a collider within a cell
    // of this face (inside it, or its mesh wall's band: grid_region.glsl's cell_is_solid).
    if (on_solid && (cell_outside_tank(node) || cell_outside_tank(node - unit(axis)))) v = 0.0;
    for (uint i = 0u; i < collider_count; ++i) {
      ParticleCollider collider = colliders[collider_first + i];
      Contact c = collider_contact(collider, p);
      if (c.distance >= dx) continue;
      float solid_v = c.velocity[axis] * (dt / dx);
      // A face of a mesh wall's band of solid cells, outside the wall itself, that no liquid
      // cell has keeps the liquid's motion along the wall, as a face beside a collider does: the
      // pressure does not read it, only the particles in the band and by it (a drop on the
      // outside of a glass slides and falls instead of taking the glass's velocity). A face
      // between the band and a liquid cell takes the wall's velocity: the pressure's boundary.
      bool in_band = is_mesh_wall(collider) && c.distance >= 0.0 && !on_liquid;
      if (on_solid && !in_band) {
        v = solid_v;
      } else if ((v - solid_v) * c.normal[axis] < 0.0) {
        v = solid_v + (v - solid_v) * (1.0 - c.normal[axis] * c.normal[axis]);
      }
    }
    u[axis] = v;
  }
  faces[n] = vec4(u, 0.0);
}

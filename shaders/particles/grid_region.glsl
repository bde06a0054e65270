// The incompressible solver's grid region: the bricks of kBrickSide^3 nodes within a brick of a
// particle's cell (26-neighbours). The grid's per-node passes run on these only, a workgroup a
// listed brick: a particle's stencil reaches 2 nodes from its cell, and what the passes carry
// further (the extrapolation's two sweeps) stays within the brick around. Outside it there is no
// mass, and a face is never known: a pass reading a cell there takes it as empty (solid or air,
// cell_is_solid) and a face as unknown, which is what computing it would give, so the region's
// values are the whole grid's. Layout of `region` (uints): [0] the bricks listed, [4..6] their
// dispatch (x by y workgroups), from kRegionFlags a flag per brick (bit 0: holds a particle's
// cell, bit 1: listed), then the list, in grid order.
layout(set = 0, binding = 31, std430) buffer GridRegion { uint region[]; };

uint region_flags(int brick) { return region[kRegionFlags + uint(brick)]; }

// Whether a node of the grid lies in the region.
bool in_region(ivec3 node) { return inside_grid(node, grid_dims) && (region_flags(brick_of(node, grid_dims)) & 2u) != 0u; }

#ifdef GRID_REGION_SOLIDS
// Whether cell `cell`'s centre lies outside the tank.
bool cell_outside_tank(ivec3 cell) {
  float dx = grid_origin.w;
  vec3 lo = (domain_min.xyz - grid_origin.xyz) / dx, hi = (domain_max.xyz - grid_origin.xyz) / dx;
  vec3 centre = vec3(cell) + 0.5;
  return any(lessThan(centre, lo)) || any(greaterThan(centre, hi));
}

// Whether cell `cell` is solid: its centre outside the tank, inside a collider, or within half a
// cell of a mesh wall (the including pass includes colliders.glsl first). A wall thinner than a
// cell (a glass's 3 mm) holds few cell centres: the pressure would couple the liquid on its two
// sides through the gaps, pushing liquid out of a glass and holding drops to its outside. Every
// line of cell centres along an axis that crosses the wall has a centre within half a cell of it,
// so the cells within half a cell make a wall the pressure cannot cross.
bool cell_is_solid(ivec3 cell) {
  float dx = grid_origin.w;
  bool solid = cell_outside_tank(cell);
  vec3 p = grid_origin.xyz + (vec3(cell) + 0.5) * dx;
  for (uint i = 0u; i < collider_count && !solid; ++i) {
    ParticleCollider c = colliders[collider_first + i];
    solid = collider_contact(c, p).distance < (is_mesh_wall(c) ? 0.5 * dx : 0.0);
  }
  return solid;
}
#endif

#ifdef GRID_REGION_CELLS
// A cell (phi, type, diagonal, fraction) as mac_cells.comp made it in the region; outside it, as
// it would make a cell without mass: no liquid (phi 1/2), solid or air. Outside the grid: solid.
vec4 region_cell(ivec3 cell) {
  if (!inside_grid(cell, grid_dims)) return vec4(0.5, kCellSolid, 0.0, 0.0);
  if (in_region(cell)) return cells[node_index(cell, grid_dims)];
  return vec4(0.5, cell_is_solid(cell) ? kCellSolid : kCellAir, 0.0, 0.0);
}
#endif

// This invocation's node in its listed brick (a workgroup of kBrickSide^3 a brick), -1 past the
// list or the grid.
int region_node() {
  if (listed_slot() >= region[0]) return -1;
  return brick_node(int(region[kRegionFlags + uint(brick_count(grid_dims)) + listed_slot()]), grid_dims);
}

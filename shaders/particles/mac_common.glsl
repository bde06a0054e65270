// Helpers of the incompressible solver's passes: the staggered (MAC) grid on the node-indexed
// buffers (shared/particles.h: cell n spans nodes n to n + 1; node n holds the faces at x = n,
// y = n and z = n through cell n, each for its own velocity component).
#include "particles/particles_common.glsl"

// Where the faces of velocity component `axis` lie, relative to the nodes: at the node along
// the axis, at the cell centres across it.
vec3 face_offset(int axis) {
  vec3 o = vec3(0.5);
  o[axis] = 0.0;
  return o;
}

ivec3 unit(int axis) {
  ivec3 e = ivec3(0);
  e[axis] = 1;
  return e;
}

ivec3 node_of(int n, ivec4 dims) { return ivec3(n % dims.x, (n / dims.x) % dims.y, n / (dims.x * dims.y)); }

bool inside_grid(ivec3 node, ivec4 dims) {
  return all(greaterThanEqual(node, ivec3(0))) && all(lessThan(node, dims.xyz));
}

// The dispatch of `groups` workgroups, x by y (a dispatch takes at most 65,535 a side), as
// cell_invocation() and listed_slot() read it.
uvec4 flat_dispatch(uint groups) {
  uint x = min(groups, 32768u);
  return uvec4(x, x == 0u ? 1u : (groups + x - 1u) / x, 1u, 0u);
}

// The grid's bricks of kBrickSide^3 nodes (the pressure solve's and the grid region's), x fastest.
ivec3 brick_grid(ivec4 dims) { return (dims.xyz + kBrickSide - 1) / kBrickSide; }
int brick_count(ivec4 dims) { return brick_grid(dims).x * brick_grid(dims).y * brick_grid(dims).z; }
int brick_of(ivec3 node, ivec4 dims) {
  ivec3 b = node / kBrickSide, bricks = brick_grid(dims);
  return (b.z * bricks.y + b.y) * bricks.x + b.x;
}

// The workgroup's place in a list of bricks dispatched a workgroup each (flat_dispatch).
uint listed_slot() { return gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x; }

// This invocation's node in brick b (a workgroup of kBrickSide^3 invocations), -1 past the grid.
int brick_node(int b, ivec4 dims) {
  ivec3 brick = node_of(b, ivec4(brick_grid(dims), 0));
  uint t = gl_LocalInvocationIndex;
  ivec3 node = brick * kBrickSide + ivec3(t & 3u, (t >> 2u) & 3u, t >> 4u);
  return inside_grid(node, dims) ? node_index(node, dims) : -1;
}

// Per-cell passes dispatch x by y workgroups (flat_dispatch; big grids need more than 65535).
int cell_invocation() {
  return int(gl_GlobalInvocationID.y * gl_NumWorkGroups.x * gl_WorkGroupSize.x + gl_GlobalInvocationID.x);
}

// Ghost fluid: where between a liquid cell's centre (level set phi_liquid < 0) and an air
// cell's (phi_air >= 0) the free surface lies, as a share of the cell.
float surface_theta(float phi_liquid, float phi_air) {
  return max(phi_liquid / (phi_liquid - phi_air), kGhostFluidMinTheta);
}

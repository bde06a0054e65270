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

// Per-cell passes dispatch x by y workgroups (big grids need more than 65535).
int cell_invocation() {
  return int(gl_GlobalInvocationID.y * gl_NumWorkGroups.x * gl_WorkGroupSize.x + gl_GlobalInvocationID.x);
}

// Ghost fluid: where between a liquid cell's centre (level set phi_liquid < 0) and an air
// cell's (phi_air >= 0) the free surface lies, as a share of the cell.
float surface_theta(float phi_liquid, float phi_air) {
  return max(phi_liquid / (phi_liquid - phi_air), kGhostFluidMinTheta);
}

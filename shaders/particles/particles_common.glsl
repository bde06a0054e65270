// Helpers of the particle solver's passes (MLS-MPM on a uniform grid, grid units inside).
#include "shared/particles.h"

// Grid nodes are stored x fastest, then y, then z.
int node_index(ivec3 node, ivec4 dims) { return (node.z * dims.y + node.y) * dims.x + node.x; }

// The fixed point of the particle-to-grid sums, clamped so that no sum can wrap.
// Rounded to nearest: truncation towards zero would bleed momentum away every step.
int to_fixed(float value) { return int(round(clamp(value * kFixedScale, -kFixedLimit, kFixedLimit))); }
float from_fixed(int value) { return float(value) / kFixedScale; }

// The APIC matrix from the rows the state stores (GLSL matrices are built from columns).
mat3 c_matrix(ParticleState s) { return transpose(mat3(s.c_row0.xyz, s.c_row1.xyz, s.c_row2.xyz)); }

// The B-spline stencil of a particle at grid position x: its first node and the per-axis weights.
struct Stencil {
  ivec3 base;
  vec3 fx;  // x - base
  vec3 wx, wy, wz;
};

Stencil stencil_at(vec3 x, ivec4 dims) {
  Stencil s;
  // Clamped so that a stray particle can never index outside the grid.
  s.base = clamp(ivec3(floor(x - 0.5)), ivec3(0), dims.xyz - 3);
  s.fx = x - vec3(s.base);
  s.wx = bspline_weights(s.fx.x);
  s.wy = bspline_weights(s.fx.y);
  s.wz = bspline_weights(s.fx.z);
  return s;
}

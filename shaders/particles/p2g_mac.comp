#version 460
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_shader_atomic_int64 : require
// Particle to grid, incompressible solver (APIC on the staggered grid): each particle adds its
// mass and one component of its momentum - velocity, APIC affine motion and its viscous stress -
// to the 27 faces of that component's B-spline stencil, for each of the three, in fixed point
// (integer sums are exact in any order: deterministic), both in one 64-bit sum (face_sums.glsl). No pressure: the projection that follows
// makes the velocity divergence-free.
#include "particles/mac_common.glsl"
#include "particles/face_sums.glsl"
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std430) readonly buffer Records { ParticleRecord records[]; };
layout(set = 0, binding = 1, std430) readonly buffer States { ParticleState states[]; };
layout(set = 0, binding = 2, std430) readonly buffer Counts { ParticleCounts counts; };
layout(set = 0, binding = 3, std430) buffer Grid { int64_t grid[]; };  // per node and axis: face_sum
// The step's values, which the clock (clock.comp) wrote for it.
layout(set = 0, binding = 26, std430) readonly buffer Step { LFX_PARTICLES_STEP_PUSH };
#include "particles/grid_region.glsl"

// Adds a particle at x (cells) with velocity component v and affine row `row` to the faces of
// component `axis`.
void scatter_component(int axis, vec3 x, float v, vec3 row) {
  Stencil s = stencil_at(x - face_offset(axis), grid_dims);
  for (int k = 0; k < 3; ++k)
    for (int j = 0; j < 3; ++j)
      for (int l = 0; l < 3; ++l) {
        float w = s.wx[l] * s.wy[j] * s.wz[k];
        vec3 d = vec3(l, j, k) - s.fx;
        atomicAdd(grid[3 * node_index(s.base + ivec3(l, j, k), grid_dims) + axis], face_sum(w, w * (v + dot(row, d))));
      }
}

void main() {
  uint i = gl_GlobalInvocationID.x;
  if (i >= counts.live) return;
  float dx = grid_origin.w, dt = domain_min.w;
  ParticleRecord r = records[i];
  vec3 x = (r.position_foam.xyz - grid_origin.xyz) / dx;  // cells
  vec3 v = r.velocity_density.xyz * dt / dx;              // cells per step
  mat3 c = c_matrix(states[i]) * dt;                      // per step
  mat3 affine = c - 4.0 * material.y * (c + transpose(c));
  // The grid region holds the brick of the particle's cell (a plain read first: most are marked).
  int brick = brick_of(clamp(ivec3(floor(x)), ivec3(0), grid_dims.xyz - 1), grid_dims);
  if ((region_flags(brick) & 1u) == 0u) region[kRegionFlags + uint(brick)] = 1u;

  // One call per component, so that each axis is a constant once inlined.
  scatter_component(0, x, v.x, vec3(affine[0][0], affine[1][0], affine[2][0]));
  scatter_component(1, x, v.y, vec3(affine[0][1], affine[1][1], affine[2][1]));
  scatter_component(2, x, v.z, vec3(affine[0][2], affine[1][2], affine[2][2]));
}

#version 460
// Particle to grid (MLS-MPM): each particle adds its mass and its momentum - velocity, APIC
// affine motion, and the impulse of its pressure and viscous stress - to the 27 nodes of its
// B-spline stencil, in fixed point (integer sums are exact in any order: deterministic).
#include "particles/particles_common.glsl"
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std430) readonly buffer Records { ParticleRecord records[]; };
layout(set = 0, binding = 1, std430) readonly buffer States { ParticleState states[]; };
layout(set = 0, binding = 2, std430) readonly buffer Counts { ParticleCounts counts; };
layout(set = 0, binding = 3, std430) buffer Grid { int grid[]; };  // per node: mass, momentum xyz
// The step's values, which the clock (clock.comp) wrote for it.
layout(set = 0, binding = 26, std430) readonly buffer Step { LFX_PARTICLES_STEP_PUSH };

void main() {
  uint i = gl_GlobalInvocationID.x;
  if (i >= counts.live) return;
  float dx = grid_origin.w, dt = domain_min.w;
  ParticleRecord r = records[i];
  vec3 x = (r.position_foam.xyz - grid_origin.xyz) / dx;  // cells
  vec3 v = r.velocity_density.xyz * dt / dx;              // cells per step
  mat3 c = c_matrix(states[i]) * dt;                      // per step

  // Tait pressure from the density the last grid-to-particle pass measured; a liquid does not
  // pull at its free surface, so there is no negative pressure.
  float ratio = max(r.velocity_density.w, 0.05);
  float pressure = max(material.x * (pow(ratio, 7.0) - 1.0), 0.0);
  float rest = kRestParticlesPerCell;
  // -4 dt vol sigma / dx^2 with dt = dx = 1 and vol = 1 / (ratio rest), where
  // sigma = -p I + mu (C + C^T) + zeta tr(C) I: viscosity, and a bulk viscosity that damps only
  // compression and expansion - the sound a weakly compressible liquid rings with, which an
  // incompressible one would not have - leaving shear and vortices alone.
  float divergence = c[0][0] + c[1][1] + c[2][2];
  mat3 stress_impulse = (4.0 * (pressure / (ratio * rest) - gravity.w * divergence)) * mat3(1.0) -
                        4.0 * material.y * (c + transpose(c));
  mat3 affine = c + stress_impulse;

  Stencil s = stencil_at(x, grid_dims);
  for (int k = 0; k < 3; ++k)
    for (int j = 0; j < 3; ++j)
      for (int l = 0; l < 3; ++l) {
        float w = s.wx[l] * s.wy[j] * s.wz[k];
        vec3 d = vec3(l, j, k) - s.fx;
        vec3 momentum = w * (v + affine * d);
        int n = 4 * node_index(s.base + ivec3(l, j, k), grid_dims);
        atomicAdd(grid[n], to_fixed(w));
        atomicAdd(grid[n + 1], to_fixed(momentum.x));
        atomicAdd(grid[n + 2], to_fixed(momentum.y));
        atomicAdd(grid[n + 3], to_fixed(momentum.z));
      }
}

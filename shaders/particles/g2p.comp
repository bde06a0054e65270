#version 460
// Grid to particle (MLS-MPM): velocity and its APIC gradient from the 27 nodes, the density the
// grid's mass shows (for the next step's pressure), then foam and the move (particles/move.glsl).
#include "particles/particles_common.glsl"
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std430) buffer Records { ParticleRecord records[]; };
layout(set = 0, binding = 1, std430) buffer States { ParticleState states[]; };
layout(set = 0, binding = 2, std430) readonly buffer Counts { ParticleCounts counts; };
layout(set = 0, binding = 4, std430) readonly buffer GridVelocity { vec4 grid_velocity[]; };
layout(set = 0, binding = 5, std430) readonly buffer Colliders { ParticleCollider colliders[]; };
layout(set = 0, binding = 6, std430) readonly buffer DistanceGrids { DistanceGridInfo distance_grids[]; };
layout(set = 0, binding = 7, std430) readonly buffer DistanceValues { float distance_values[]; };
// The step's values, which the clock (clock.comp) wrote for it.
layout(set = 0, binding = 26, std430) readonly buffer Step { LFX_PARTICLES_STEP_PUSH };
layout(set = 0, binding = 27, std430) buffer Clock { ParticleClock clock; };
#include "particles/colliders.glsl"
#include "particles/move.glsl"

void main() {
  uint i = gl_GlobalInvocationID.x;
  if (i >= counts.live) return;
  ParticleRecord r = records[i];
  vec3 x = (r.position_foam.xyz - grid_origin.xyz) / grid_origin.w;

  Stencil s = stencil_at(x, grid_dims);
  vec3 v = vec3(0.0);
  mat3 b = mat3(0.0);
  float mass = 0.0;
  for (int k = 0; k < 3; ++k)
    for (int j = 0; j < 3; ++j)
      for (int l = 0; l < 3; ++l) {
        float w = s.wx[l] * s.wy[j] * s.wz[k];
        vec3 d = vec3(l, j, k) - s.fx;
        vec4 node = grid_velocity[node_index(s.base + ivec3(l, j, k), grid_dims)];
        v += w * node.xyz;
        b += w * outerProduct(node.xyz, d);
        mass += w * node.w;
      }
  mat3 c = 4.0 * b;  // D^-1 = 4 / dx^2 for the quadratic B-spline, dx = 1
  float ratio = mass / kRestParticlesPerCell;

  move_particle(i, r, v, c, ratio);
}

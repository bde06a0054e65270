#version 460
// Grid to particle, incompressible solver: each velocity component and its APIC gradient from
// the 27 faces of its B-spline stencil on the staggered grid, the density from the cells' liquid
// fraction, then foam and the move (particles/move.glsl).
#include "particles/mac_common.glsl"
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std430) buffer Records { ParticleRecord records[]; };
layout(set = 0, binding = 1, std430) buffer States { ParticleState states[]; };
layout(set = 0, binding = 2, std430) readonly buffer Counts { ParticleCounts counts; };
layout(set = 0, binding = 4, std430) readonly buffer Faces { vec4 faces[]; };
layout(set = 0, binding = 5, std430) readonly buffer Colliders { ParticleCollider colliders[]; };
layout(set = 0, binding = 6, std430) readonly buffer DistanceGrids { DistanceGridInfo distance_grids[]; };
layout(set = 0, binding = 7, std430) readonly buffer DistanceValues { float distance_values[]; };
layout(set = 0, binding = 18, std430) readonly buffer Cells { vec4 cells[]; };
layout(push_constant) uniform Push { LFX_PARTICLES_STEP_PUSH };
#include "particles/colliders.glsl"
#include "particles/move.glsl"

void main() {
  uint i = gl_GlobalInvocationID.x;
  if (i >= counts.live) return;
  ParticleRecord r = records[i];
  vec3 x = (r.position_foam.xyz - grid_origin.xyz) / grid_origin.w;

  vec3 v = vec3(0.0);
  mat3 c = mat3(0.0);
  for (int axis = 0; axis < 3; ++axis) {
    Stencil s = stencil_at(x - face_offset(axis), grid_dims);
    vec3 gradient = vec3(0.0);
    for (int k = 0; k < 3; ++k)
      for (int j = 0; j < 3; ++j)
        for (int l = 0; l < 3; ++l) {
          float w = s.wx[l] * s.wy[j] * s.wz[k];
          float u = faces[node_index(s.base + ivec3(l, j, k), grid_dims)][axis];
          v[axis] += w * u;
          gradient += w * u * (vec3(l, j, k) - s.fx);
        }
    // Row `axis` of C; D^-1 = 4 / dx^2 for the quadratic B-spline, dx = 1.
    c[0][axis] = 4.0 * gradient.x;
    c[1][axis] = 4.0 * gradient.y;
    c[2][axis] = 4.0 * gradient.z;
  }

  Stencil s = stencil_at(x - vec3(0.5), grid_dims);
  float ratio = 0.0;
  for (int k = 0; k < 3; ++k)
    for (int j = 0; j < 3; ++j)
      for (int l = 0; l < 3; ++l)
        ratio += s.wx[l] * s.wy[j] * s.wz[k] * cells[node_index(s.base + ivec3(l, j, k), grid_dims)].w;

  move_particle(i, r, v, c, ratio);
}

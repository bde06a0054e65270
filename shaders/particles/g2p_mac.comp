#version 460
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
// Grid to particle, incompressible solver: each velocity component and its APIC gradient from
// the 27 faces of its B-spline stencil on the staggered grid, the density from the cells' liquid
// fraction, then foam and the move (particles/move.glsl). With a FLIP share (material.x), the
// particle's own velocity plus the grid's change over the step (the projected faces less the
// particle-to-grid velocities, still in the grid's sums) is blended in.
#include "particles/mac_common.glsl"
#include "particles/face_sums.glsl"
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std430) buffer Records { ParticleRecord records[]; };
layout(set = 0, binding = 1, std430) buffer States { ParticleState states[]; };
layout(set = 0, binding = 2, std430) readonly buffer Counts { ParticleCounts counts; };
layout(set = 0, binding = 3, std430) readonly buffer Grid { int64_t grid[]; };  // per node and axis: face_sum
layout(set = 0, binding = 4, std430) readonly buffer Faces { vec4 faces[]; };
layout(set = 0, binding = 5, std430) readonly buffer Colliders { ParticleCollider colliders[]; };
layout(set = 0, binding = 6, std430) readonly buffer DistanceGrids { DistanceGridInfo distance_grids[]; };
layout(set = 0, binding = 7, std430) readonly buffer DistanceValues { float distance_values[]; };
layout(set = 0, binding = 18, std430) readonly buffer Cells { vec4 cells[]; };
// The step's values, which the clock (clock.comp) wrote for it.
layout(set = 0, binding = 26, std430) readonly buffer Step { LFX_PARTICLES_STEP_PUSH };
layout(set = 0, binding = 27, std430) buffer Clock { ParticleClock clock; };
// Whether the FLIP share may be above 0: without, its gather is compiled away.
layout(constant_id = LFX_PARTICLES_FLIP_CONSTANT) const bool kFlipBlend = true;
#include "particles/colliders.glsl"
#define LFX_MOVE_WITH_MEAN_VELOCITY
#include "particles/move.glsl"

// Component `axis` of the velocity at x (cells), in w, and its gradient (the sum of weight x
// velocity x offset), in xyz.
vec4 gather_component(int axis, vec3 x) {
  Stencil s = stencil_at(x - face_offset(axis), grid_dims);
  vec4 sum = vec4(0.0);
  for (int k = 0; k < 3; ++k)
    for (int j = 0; j < 3; ++j)
      for (int l = 0; l < 3; ++l) {
        float w = s.wx[l] * s.wy[j] * s.wz[k];
        float u = w * faces[node_index(s.base + ivec3(l, j, k), grid_dims)][axis];
        sum += vec4(u * (vec3(l, j, k) - s.fx), u);
      }
  return sum;
}

// Component `axis` of the particle-to-grid velocity at x, before forces and the projection.
float gather_transferred(int axis, vec3 x) {
  Stencil s = stencil_at(x - face_offset(axis), grid_dims);
  float sum = 0.0;
  for (int k = 0; k < 3; ++k)
    for (int j = 0; j < 3; ++j)
      for (int l = 0; l < 3; ++l) {
        // Every face of the particle's own stencil got mass from it.
        int64_t face = grid[3 * node_index(s.base + ivec3(l, j, k), grid_dims) + axis];
        float mass = face_mass(face);
        sum += mass > 0.0 ? s.wx[l] * s.wy[j] * s.wz[k] * face_momentum(face) / mass : 0.0;
      }
  return sum;
}

void main() {
  uint i = gl_GlobalInvocationID.x;
  if (i >= counts.live) return;
  ParticleRecord r = records[i];
  vec3 x = (r.position_foam.xyz - grid_origin.xyz) / grid_origin.w;

  // One call per component, so that each axis is a constant once inlined. C's rows:
  // D^-1 = 4 / dx^2 for the quadratic B-spline, dx = 1.
  vec4 gx = gather_component(0, x), gy = gather_component(1, x), gz = gather_component(2, x);
  vec3 v = vec3(gx.w, gy.w, gz.w);
  mat3 c = transpose(mat3(gx.xyz, gy.xyz, gz.xyz)) * 4.0;
  float flip = material.x;
  if (kFlipBlend && flip > 0.0) {
    vec3 before = vec3(gather_transferred(0, x), gather_transferred(1, x), gather_transferred(2, x));
    vec3 own = r.velocity_density.xyz * (domain_min.w / grid_origin.w);  // cells per step
    v = mix(v, own + v - before, flip);
  }

  Stencil s = stencil_at(x - vec3(0.5), grid_dims);
  float ratio = 0.0;
  for (int k = 0; k < 3; ++k)
    for (int j = 0; j < 3; ++j)
      for (int l = 0; l < 3; ++l)
        ratio += s.wx[l] * s.wy[j] * s.wz[k] * cells[node_index(s.base + ivec3(l, j, k), grid_dims)].w;

  move_particle(i, r, v, c, ratio);
}

#version 460
// Grid to particle (MLS-MPM): velocity and its APIC gradient from the 27 nodes, the density the
// grid's mass shows (for the next step's pressure), foam, then the move - kept inside the tank
// and outside every collider, from the side the particle came from (so a thin wall is never
// crossed).
#include "particles/particles_common.glsl"
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std430) buffer Records { ParticleRecord records[]; };
layout(set = 0, binding = 1, std430) buffer States { ParticleState states[]; };
layout(set = 0, binding = 2, std430) readonly buffer Counts { ParticleCounts counts; };
layout(set = 0, binding = 4, std430) readonly buffer GridVelocity { vec4 grid_velocity[]; };
layout(set = 0, binding = 5, std430) readonly buffer Colliders { ParticleCollider colliders[]; };
layout(set = 0, binding = 6, std430) readonly buffer DistanceGrids { DistanceGridInfo distance_grids[]; };
layout(set = 0, binding = 7, std430) readonly buffer DistanceValues { float distance_values[]; };
layout(push_constant) uniform Push { LFX_PARTICLES_STEP_PUSH };
#include "particles/colliders.glsl"

// Foam potentials (Ihmsen et al. 2012, with the APIC matrix standing in for the neighbours'
// relative velocities): trapped air where the liquid whirls, crests where a thin, fast part of
// the surface flies out.
float foam_source(mat3 gradient_per_second, float ratio, float speed) {
  vec3 curl = vec3(gradient_per_second[1][2] - gradient_per_second[2][1],
                   gradient_per_second[2][0] - gradient_per_second[0][2],
                   gradient_per_second[0][1] - gradient_per_second[1][0]);
  float trapped = clamp((length(curl) - 6.0) / 24.0, 0.0, 1.0);
  float crest = clamp((0.8 - ratio) / 0.4, 0.0, 1.0) * clamp((speed - 0.8) / 1.2, 0.0, 1.0);
  return trapped + crest;
}

void main() {
  uint i = gl_GlobalInvocationID.x;
  if (i >= counts.live) return;
  float dx = grid_origin.w, dt = domain_min.w;
  ParticleRecord r = records[i];
  vec3 x = (r.position_foam.xyz - grid_origin.xyz) / dx;

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

  float limit = speed_limit;
  if (length(v) > limit) v *= limit / length(v);

  // The move, in metres.
  vec3 from = r.position_foam.xyz;
  vec3 to = from + v * dx;
  vec3 velocity = v * (dx / dt);  // m/s
  for (uint n = 0u; n < collider_count; ++n) {
    ParticleCollider collider = colliders[collider_first + n];
    Contact end = collider_contact(collider, to);
    float margin = 0.05 * dx;
    if (end.distance >= margin) continue;
    Contact start = collider_contact(collider, from);
    vec3 normal = end.normal;
    if (start.distance >= margin) {
      // It was outside: it stays on that side, sliding along the wall it reached.
      normal = start.normal;
      vec3 step = to - from;
      to = from + step - min(dot(step, normal), 0.0) * normal;
      if (collider_contact(collider, to).distance < margin) to = from;
    } else {
      to += normal * (margin - end.distance);  // already inside (a solid moved onto it): out
    }
    velocity = slide_along(velocity, Contact(0.0, normal, end.velocity), end.velocity);
  }
  // The tank's walls.
  vec3 lo = domain_min.xyz + 0.25 * dx, hi = domain_max.xyz - 0.25 * dx;
  for (int a = 0; a < 3; ++a) {
    if (to[a] < lo[a]) {
      to[a] = lo[a];
      velocity[a] = max(velocity[a], 0.0);
    } else if (to[a] > hi[a]) {
      to[a] = hi[a];
      velocity[a] = min(velocity[a], 0.0);
    }
  }

  mat3 gradient = c / dt;  // 1/s
  float foam = r.position_foam.w * material.w + material.z * foam_source(gradient, ratio, length(velocity)) *
                                                    (1.0 - r.position_foam.w);
  records[i].position_foam = vec4(to, clamp(foam, 0.0, 1.0));
  records[i].velocity_density = vec4(velocity, ratio);
  ParticleState state = states[i];
  mat3 rows = transpose(gradient);
  states[i].c_row0 = vec4(rows[0], state.c_row0.w);
  states[i].c_row1 = vec4(rows[1], 0.0);
  states[i].c_row2 = vec4(rows[2], 0.0);
}

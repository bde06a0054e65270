#version 460
// Per-workgroup sums for the effect's statistics: kinetic energy, largest speed, compression,
// the front (the farthest particle from the tank's left wall), the heights above the floor and
// the particles spilled (at rest outside every container they fill).
#include "particles/particles_common.glsl"
layout(local_size_x = 256) in;
layout(set = 0, binding = 0, std430) readonly buffer Records { ParticleRecord records[]; };
layout(set = 0, binding = 2, std430) readonly buffer Counts { ParticleCounts counts; };
layout(set = 0, binding = 6, std430) readonly buffer DistanceGrids { DistanceGridInfo distance_grids[]; };
layout(set = 0, binding = 7, std430) readonly buffer DistanceValues { float distance_values[]; };
layout(set = 0, binding = 17, std430) writeonly buffer Partials { ParticleStatsPartial partials[]; };
layout(set = 0, binding = 28, std430) readonly buffer Absorbers { ParticleAbsorbers absorbers; };
layout(push_constant) uniform Push { LFX_PARTICLES_STATS_PUSH };

#include "particles/absorbers.glsl"

shared vec4 sums[256];     // kinetic energy, largest speed, compression, front
shared vec2 heights[256];  // above the tank's floor; spilled

void main() {
  uint i = gl_GlobalInvocationID.x, t = gl_LocalInvocationID.x;
  vec4 mine = vec4(0.0);
  vec2 height = vec2(0.0);
  if (i < counts.live) {
    ParticleRecord r = records[i];
    float speed = length(r.velocity_density.xyz);
    mine = vec4(0.5 * particle_mass * speed * speed, speed, max(r.velocity_density.w - 1.0, 0.0),
                max(r.position_foam.x - left_wall, 0.0));
    height = vec2(r.position_foam.y - floor_height, spilled(r.position_foam.xyz, speed) ? 1.0 : 0.0);
  }
  sums[t] = mine;
  heights[t] = height;
  barrier();
  for (uint half_size = 128u; half_size > 0u; half_size >>= 1u) {
    if (t < half_size) {
      vec4 a = sums[t], b = sums[t + half_size];
      sums[t] = vec4(a.x + b.x, max(a.y, b.y), a.z + b.z, max(a.w, b.w));
      heights[t] += heights[t + half_size];
    }
    barrier();
  }
  if (t == 0u)
    partials[gl_WorkGroupID.x] =
        ParticleStatsPartial(sums[0].x, sums[0].y, sums[0].z, sums[0].w, heights[0].x, heights[0].y, 0.0, 0.0);
}

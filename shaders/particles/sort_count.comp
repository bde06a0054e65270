#version 460
// Counting sort, 1: each particle's bucket (its grid cell, or the drained bucket past the last
// cell when it is in a sink or an absorber takes it), counted. An absorber takes a particle that
// has settled (slower than the settling speed) inside its region, by chance at each sort (so a
// settled particle waits as long as the absorption time on average), while it has room: the
// count it took is what its container receives.
#include "particles/particles_common.glsl"
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std430) readonly buffer Records { ParticleRecord records[]; };
layout(set = 0, binding = 2, std430) readonly buffer Counts { ParticleCounts counts; };
layout(set = 0, binding = 6, std430) readonly buffer DistanceGrids { DistanceGridInfo distance_grids[]; };
layout(set = 0, binding = 7, std430) readonly buffer DistanceValues { float distance_values[]; };
layout(set = 0, binding = 8, std430) buffer BucketCounts { uint bucket_counts[]; };
layout(set = 0, binding = 9, std430) readonly buffer Sinks { vec4 sinks[]; };  // min, max pairs
layout(set = 0, binding = 10, std430) writeonly buffer Keys { uint keys[]; };
layout(set = 0, binding = 28, std430) readonly buffer Absorbers { ParticleAbsorbers absorbers; };
layout(set = 0, binding = 29, std430) buffer Absorbed { uint absorbed[]; };
layout(push_constant) uniform Push { LFX_PARTICLES_SORT_PUSH };

#include "particles/absorbers.glsl"

// A number in [0, 1) from two (PCG's output permutation).
float chance(uint a, uint b) {
  uint s = a * 747796405u + b * 2891336453u + 1u;
  s = ((s >> ((s >> 28u) + 4u)) ^ s) * 277803737u;
  return float((s >> 22u) ^ s) * (1.0 / 4294967296.0);
}

bool absorbed_here(uint i, vec3 p) {
  if (length(records[i].velocity_density.xyz) >= absorbers.settling.y) return false;
  if (chance(i, absorbers.header.y) >= absorbers.settling.x) return false;
  for (uint a = 0u; a < absorbers.header.x; ++a) {
    if (absorber_distance(a, p) > -absorbers.settling.z) continue;
    // Counted first and given back when over the limit: the count never passes it.
    if (atomicAdd(absorbed[a], 1u) < absorbers.absorbers[a].grid_limit.y) {
      uvec3 color = uvec3(round(clamp(records[i].color.rgb, 0.0, 1.0) * kAbsorbedColorScale));
      for (uint c = 0u; c < 3u; ++c) atomicAdd(absorbed[kMaxParticleAbsorbers + 3u * a + c], color[c]);
      return true;
    }
    atomicAdd(absorbed[a], 0xffffffffu);
  }
  return false;
}

void main() {
  uint i = gl_GlobalInvocationID.x;
  if (i >= counts.live) return;
  vec3 p = records[i].position_foam.xyz;
  ivec3 cell = clamp(ivec3(floor((p - grid_origin.xyz) / grid_origin.w)), ivec3(0), grid_dims.xyz - 1);
  uint key = uint(node_index(cell, grid_dims));
  for (uint s = 0u; s < sink_count; ++s)
    if (all(greaterThanEqual(p, sinks[2u * s].xyz)) && all(lessThanEqual(p, sinks[2u * s + 1u].xyz))) key = cells;
  if (key != cells && absorbers.header.x > 0u && absorbed_here(i, p)) key = cells;
  keys[i] = key;
  atomicAdd(bucket_counts[key], 1u);
}

#version 460
// Counting sort, 1: each particle's bucket (its grid cell, or the drained bucket past the last
// cell when it is in a sink), counted.
#include "particles/particles_common.glsl"
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std430) readonly buffer Records { ParticleRecord records[]; };
layout(set = 0, binding = 2, std430) readonly buffer Counts { ParticleCounts counts; };
layout(set = 0, binding = 8, std430) buffer BucketCounts { uint bucket_counts[]; };
layout(set = 0, binding = 9, std430) readonly buffer Sinks { vec4 sinks[]; };  // min, max pairs
layout(set = 0, binding = 10, std430) writeonly buffer Keys { uint keys[]; };
layout(push_constant) uniform Push { LFX_PARTICLES_SORT_PUSH };

void main() {
  uint i = gl_GlobalInvocationID.x;
  if (i >= counts.live) return;
  vec3 p = records[i].position_foam.xyz;
  ivec3 cell = clamp(ivec3(floor((p - grid_origin.xyz) / grid_origin.w)), ivec3(0), grid_dims.xyz - 1);
  uint key = uint(node_index(cell, grid_dims));
  for (uint s = 0u; s < sink_count; ++s)
    if (all(greaterThanEqual(p, sinks[2u * s].xyz)) && all(lessThanEqual(p, sinks[2u * s + 1u].xyz))) key = cells;
  keys[i] = key;
  atomicAdd(bucket_counts[key], 1u);
}

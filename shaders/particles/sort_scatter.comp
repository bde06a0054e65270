#version 460
// Counting sort, 3: each particle moves (from the copy of the unsorted buffers) to its bucket's
// range at its rank by id, so the order is the same on every run. A particle's colour moves
// towards its cell's mean (two liquids mix where they meet; the cell's mean is unchanged).
#include "particles/particles_common.glsl"
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std430) writeonly buffer Records { ParticleRecord records[]; };
layout(set = 0, binding = 1, std430) writeonly buffer States { ParticleState states[]; };
layout(set = 0, binding = 2, std430) readonly buffer Counts { ParticleCounts counts; };
layout(set = 0, binding = 10, std430) readonly buffer Keys { uint keys[]; };
layout(set = 0, binding = 11, std430) readonly buffer Offsets { uint offsets[]; };
layout(set = 0, binding = 13, std430) readonly buffer Order { uint order[]; };
layout(set = 0, binding = 14, std430) readonly buffer UnsortedRecords { ParticleRecord unsorted_records[]; };
layout(set = 0, binding = 15, std430) readonly buffer UnsortedStates { ParticleState unsorted_states[]; };
layout(push_constant) uniform Push { LFX_PARTICLES_SORT_PUSH };

void main() {
  uint i = gl_GlobalInvocationID.x;
  if (i >= counts.live) return;
  uint key = keys[i];
  uint first = offsets[key], end = offsets[key + 1u];
  uint id = floatBitsToUint(unsorted_states[i].c_row0.w);
  uint rank = 0u;
  // The colours are summed in fixed point: the range's order varies from run to run, and a
  // float sum would then too.
  uvec3 sum = uvec3(0u);
  for (uint k = first; k < end; ++k) {
    uint j = order[k];
    if (floatBitsToUint(unsorted_states[j].c_row0.w) < id) ++rank;
    sum += uvec3(round(clamp(unsorted_records[j].color.rgb, 0.0, 1.0) * 65535.0));
  }
  ParticleRecord r = unsorted_records[i];
  vec3 mean = vec3(sum) / (65535.0 * float(end - first));
  if (key != cells) r.color.rgb = mix(r.color.rgb, mean, mix_rate);
  records[first + rank] = r;
  states[first + rank] = unsorted_states[i];
}

#version 460
// Counting sort, 2: each particle takes a slot in its bucket's range (in no particular order;
// sort_scatter.comp orders each range by id).
#include "particles/particles_common.glsl"
layout(local_size_x = 64) in;
layout(set = 0, binding = 2, std430) readonly buffer Counts { ParticleCounts counts; };
layout(set = 0, binding = 8, std430) buffer Cursors { uint cursors[]; };
layout(set = 0, binding = 10, std430) readonly buffer Keys { uint keys[]; };
layout(set = 0, binding = 11, std430) readonly buffer Offsets { uint offsets[]; };
layout(set = 0, binding = 13, std430) writeonly buffer Order { uint order[]; };

void main() {
  uint i = gl_GlobalInvocationID.x;
  if (i >= counts.live) return;
  uint key = keys[i];
  order[offsets[key] + atomicAdd(cursors[key], 1u)] = i;
}

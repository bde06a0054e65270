#version 460
// Exclusive prefix sum of the bucket counts into bucket offsets, in three passes:
//   pass 0: each workgroup scans its 1024 counts and writes its total to block_sums;
//   pass 1: one workgroup scans block_sums (in chunks of 1024, carrying the total);
//   pass 2: each workgroup adds its block's offset; the drained bucket's offset is the new
//           live count (commit.comp makes it current once the particles moved).
#include "particles/particles_common.glsl"
layout(local_size_x = 256) in;
layout(set = 0, binding = 2, std430) buffer Counts { ParticleCounts counts; };
layout(set = 0, binding = 8, std430) readonly buffer BucketCounts { uint bucket_counts[]; };
layout(set = 0, binding = 11, std430) buffer Offsets { uint offsets[]; };
layout(set = 0, binding = 12, std430) buffer BlockSums { uint block_sums[]; };
layout(push_constant) uniform Push { LFX_PARTICLES_SORT_PUSH };

shared uint partial[256];

// Exclusive scan of one value per thread across the workgroup (Hillis-Steele); returns the
// thread's exclusive prefix, and the group's total in `total`.
uint group_scan(uint value, out uint total) {
  uint t = gl_LocalInvocationID.x;
  partial[t] = value;
  barrier();
  for (uint offset = 1u; offset < 256u; offset <<= 1u) {
    uint add = t >= offset ? partial[t - offset] : 0u;
    barrier();
    partial[t] += add;
    barrier();
  }
  total = partial[255];
  uint inclusive = partial[t];
  barrier();
  return inclusive - value;
}

void main() {
  uint t = gl_LocalInvocationID.x;
  uint buckets = cells + 1u;  // the cells and the drained bucket
  uint entries = buckets + 1u;  // one more: offsets[buckets] is the total
  if (pass == 0u) {
    uint first = gl_WorkGroupID.x * kScanItemsPerGroup + 4u * t;
    uint v[4];
    uint sum = 0u;
    for (uint k = 0u; k < 4u; ++k) {
      v[k] = first + k < buckets ? bucket_counts[first + k] : 0u;
      sum += v[k];
    }
    uint total;
    uint prefix = group_scan(sum, total);
    for (uint k = 0u; k < 4u; ++k) {
      if (first + k < entries) offsets[first + k] = prefix;
      prefix += v[k];
    }
    if (t == 0u) block_sums[gl_WorkGroupID.x] = total;
  } else if (pass == 1u) {
    uint blocks = (entries + kScanItemsPerGroup - 1u) / kScanItemsPerGroup;
    uint carry = 0u;
    for (uint chunk = 0u; chunk < blocks; chunk += kScanItemsPerGroup) {
      uint first = chunk + 4u * t;
      uint v[4];
      uint sum = 0u;
      for (uint k = 0u; k < 4u; ++k) {
        v[k] = first + k < blocks ? block_sums[first + k] : 0u;
        sum += v[k];
      }
      uint total;
      uint prefix = carry + group_scan(sum, total);
      for (uint k = 0u; k < 4u; ++k) {
        if (first + k < blocks) block_sums[first + k] = prefix;
        prefix += v[k];
      }
      carry += total;
    }
  } else {
    uint first = gl_WorkGroupID.x * kScanItemsPerGroup + 4u * t;
    uint add = block_sums[gl_WorkGroupID.x];
    for (uint k = 0u; k < 4u; ++k) {
      uint e = first + k;
      if (e >= entries) break;
      offsets[e] += add;
      if (e == cells) counts.sorted_live = offsets[e];
    }
  }
}

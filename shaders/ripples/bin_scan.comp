#version 460
// Exclusive prefix sum of the tile counts into offsets (one workgroup; each thread a run of
// tiles), clearing the counts so that the fill pass can count again.
#include "ripples/bin_common.glsl"

layout(local_size_x = 256) in;
shared uint partial[256];

void main() {
  uint total = uint(tiles.x * tiles.y);
  uint run = (total + 255u) / 256u;
  uint first = gl_LocalInvocationID.x * run;
  uint sum = 0u;
  for (uint i = first; i < min(first + run, total); ++i) sum += tile_count[i];
  partial[gl_LocalInvocationID.x] = sum;
  barrier();
  // Hillis-Steele inclusive scan of the 256 run sums.
  for (uint step = 1u; step < 256u; step *= 2u) {
    uint add = gl_LocalInvocationID.x >= step ? partial[gl_LocalInvocationID.x - step] : 0u;
    barrier();
    partial[gl_LocalInvocationID.x] += add;
    barrier();
  }
  uint offset = partial[gl_LocalInvocationID.x] - sum;
  for (uint i = first; i < min(first + run, total); ++i) {
    uint count = tile_count[i];
    tile_offset[i] = offset;
    offset += count;
    tile_count[i] = 0u;
  }
}

#version 460
// The HDR colour -> display on the listed 8 x 8 tiles only (a list of the frame's tiles, as
// shared/frame.h lays it out), a workgroup a tile: the rest of the display keeps what the last
// tonemap left, where the passes drew the last picture again (FramePasses::redrawn_tiles).
#include "render/tonemap_pixel.glsl"

layout(local_size_x = kFrameTile, local_size_y = kFrameTile) in;
layout(set = 0, binding = 3, std430) readonly buffer Tiles {
  uint tile_count;
  uint dispatch_args[3];
  uint tiles[];  // x | y << 16
};

void main() {
  uint index = gl_WorkGroupID.y * kFrameTilesPerRow + gl_WorkGroupID.x;
  if (index >= tile_count) return;
  tonemap_pixel(ivec2(tiles[index] & 0xffffu, tiles[index] >> 16) * int(kFrameTile) + ivec2(gl_LocalInvocationID.xy));
}

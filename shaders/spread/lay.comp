#version 460
// Over a background of its own, every pixel that shade.comp does not shade, an invocation a pixel
// (a two-dimensional dispatch over the frame): the picture under the liquid, or over a liquid at
// rest its kept shading, as classify.comp decided for the pixel's 8 x 8 tile.
#include "shared/spread.h"
#include "spread/shade_common.glsl"
layout(local_size_x = 8, local_size_y = 8) in;

void main() {
  ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
  if (any(greaterThanEqual(pixel, frame_size))) return;
  uint state = tiles[tile_state_at(gl_WorkGroupID.xy)];
  if (state == kTileShaded) return;
  imageStore(color, pixel, state == kTileKept ? imageLoad(kept_image, pixel) : vec4(under_at(pixel), 1.0));
}

#version 460
// The picture under the liquid at the frame's size, once for each size (and each new picture):
// the skin-toned picture (background 0), or the user's picture stretched over the frame
// (background 2). The shade then reads one texel a pixel instead of paying a procedural
// picture's noise or a sampler's filtering on every frame's every pixel.
#include "shared/spread.h"
#include "spread/skin.glsl"
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0, rgba16f) writeonly uniform image2D under_image;
layout(set = 0, binding = 1) uniform sampler2D picture;
layout(push_constant) uniform Push { LFX_SPREAD_SHADE_PUSH };

void main() {
  ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
  if (any(greaterThanEqual(pixel, frame_size))) return;
  vec3 under = background == 0u ? skin((vec2(pixel) + 0.5) / short_side)
                                : textureLod(picture, (vec2(pixel) + 0.5) / vec2(frame_size), 0.0).rgb;
  imageStore(under_image, pixel, vec4(under, 1.0));
}

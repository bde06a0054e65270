#version 460
// One level of the scene-colour mip chain: four bilinear taps of the level above, a 4x4 tent
// filter, so that blurred refraction from higher mips is smooth rather than blocky.
#include "shared/frame.h"
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0) uniform sampler2D source;  // the level above (one mip view)
layout(set = 0, binding = 1, rgba16f) writeonly uniform image2D destination;
layout(push_constant) uniform Push { LFX_FRAME_RECT_PUSH };

void main() {
  if (any(greaterThanEqual(ivec2(gl_GlobalInvocationID.xy), rect.zw))) return;
  ivec2 p = rect.xy + ivec2(gl_GlobalInvocationID.xy);
  ivec2 size = imageSize(destination);
  vec2 uv = (vec2(p) + 0.5) / vec2(size);
  vec2 texel = 1.0 / vec2(textureSize(source, 0));
  vec4 sum = textureLod(source, uv + vec2(-texel.x, -texel.y), 0.0) + textureLod(source, uv + vec2(texel.x, -texel.y), 0.0) +
             textureLod(source, uv + vec2(-texel.x, texel.y), 0.0) + textureLod(source, uv + vec2(texel.x, texel.y), 0.0);
  imageStore(destination, p, sum * 0.25);
}

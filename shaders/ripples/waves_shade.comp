#version 460
// The image seen through the wave field: displaced by the surface's slope, lit on the slopes
// that face the light, with caustics where the surface focuses light (negative curvature).
#include "shared/ripples.h"

layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0) uniform sampler2D field;   // r: height (short-side units)
layout(set = 0, binding = 1) uniform sampler2D source;
layout(set = 0, binding = 2, rgba16f) writeonly uniform image2D target;
layout(push_constant) uniform Push { LFX_RIPPLES_WAVE_SHADE_PUSH };

void main() {
  ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
  ivec2 size = imageSize(target);
  if (any(greaterThanEqual(pixel, size))) return;
  vec2 uv = (vec2(pixel) + 0.5) / vec2(size);
  vec2 texel = 1.0 / vec2(textureSize(field, 0));
  float h = textureLod(field, uv, 0.0).r;
  float hx = textureLod(field, uv + vec2(texel.x, 0.0), 0.0).r - textureLod(field, uv - vec2(texel.x, 0.0), 0.0).r;
  float hy = textureLod(field, uv + vec2(0.0, texel.y), 0.0).r - textureLod(field, uv - vec2(0.0, texel.y), 0.0).r;
  vec2 gradient = vec2(hx, hy) / (2.0 * cell);
  float curvature = (textureLod(field, uv + vec2(texel.x, 0.0), 0.0).r + textureLod(field, uv - vec2(texel.x, 0.0), 0.0).r +
                     textureLod(field, uv + vec2(0.0, texel.y), 0.0).r + textureLod(field, uv - vec2(0.0, texel.y), 0.0).r - 4.0 * h) /
                    (cell * cell);
  float short_side = float(min(size.x, size.y));
  vec2 seen = uv + gradient * look.x * 0.05 * short_side / vec2(size);
  vec3 color = textureLod(source, seen, 0.0).rgb;
  float facing = max(0.0, dot(gradient, normalize(vec2(-1.0, -1.0))));
  color += color * facing * look.y * 0.4 + vec3(facing * look.y * 0.05);
  // Light gathers under crests (the surface curving down) and spreads under troughs.
  color *= 1.0 + clamp(-curvature * 0.002, -0.5, 1.0);
  // The caustics where the surface moves (a slope of 0.05 and more at full strength), none on
  // still water: a host's picture keeps every pixel no wave reaches.
  float reach = clamp(20.0 * length(gradient), 0.0, 1.0);
  if (look.z > 0.0 && reach > 0.0)
    color *= 1.0 + look.z * reach * (ripple_caustics((vec2(pixel) + 0.5) / short_side, look.w) - 0.35);
  imageStore(target, pixel, vec4(color, 1.0));
}

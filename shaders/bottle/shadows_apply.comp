#version 460
// The containers' shadows (bottle/shadows.comp, half resolution) onto the room's colour, over
// the tiles they can fall on: the colour times the shade, filtered bilinearly among the texels
// at this pixel's depth (so a shadow on the floor does not bleed onto the edge of a box in front).
#include "render/frame_block.glsl"
#include "shared/bottle.h"

layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 1, std430) readonly buffer Tiles { uvec4 tiles[]; };
layout(set = 0, binding = 2) uniform sampler2D shade;
layout(set = 0, binding = 3, rgba16f) uniform image2D color;
layout(set = 0, binding = 4) uniform sampler2D depth_buffer;
layout(push_constant) uniform Push { LFX_BOTTLE_SHADOW_TILES_PUSH };

void main() {
  uvec4 tile = tiles[first_tile + gl_WorkGroupID.x];
  ivec2 p = bottle_tile_origin(tile.x) + ivec2(gl_LocalInvocationID.xy);
  if (any(greaterThanEqual(p, ivec2(frame.viewport.xy)))) return;
  float z = view_depth_from_device(texelFetch(depth_buffer, p, 0).r, frame.proj, frame.depth_planes.y);
  ivec2 size = textureSize(shade, 0);
  vec2 at = (vec2(p) + 0.5) * 0.5 - 0.5;  // in shade texels
  ivec2 q0 = ivec2(floor(at));
  vec2 f = at - vec2(q0);
  vec3 sum = vec3(0.0);
  float weights = 0.0;
  for (int k = 0; k < 4; ++k) {
    ivec2 o = ivec2(k & 1, k >> 1);
    vec4 s = texelFetch(shade, clamp(q0 + o, ivec2(0), size - 1), 0);
    float w = (o.x == 1 ? f.x : 1.0 - f.x) * (o.y == 1 ? f.y : 1.0 - f.y);
    // A texel on another surface (more than 10 % + 2 cm away in depth: farther than a floor at a
    // grazing angle moves in two pixels) counts a thousandth.
    w *= abs(s.a - z) <= 0.1 * z + 0.02 ? 1.0 : 1e-3;
    sum += w * s.rgb;
    weights += w;
  }
  vec3 factor = sum / max(weights, 1e-12);
  if (all(lessThan(abs(factor - 1.0), vec3(1e-4)))) return;  // nothing falls here
  vec4 c = imageLoad(color, p);
  imageStore(color, p, vec4(c.rgb * factor, c.a));
}

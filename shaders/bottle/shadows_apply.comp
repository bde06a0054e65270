#version 460
// The containers' shadows (bottle/shadows.comp, half resolution) onto the room's colour, over
// the tiles they can fall on: the colour times the shade, filtered bilinearly.
#include "render/frame_block.glsl"
#include "shared/bottle.h"

layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 1, std430) readonly buffer Tiles { uvec4 tiles[]; };
layout(set = 0, binding = 2) uniform sampler2D shade;
layout(set = 0, binding = 3, rgba16f) uniform image2D color;
layout(push_constant) uniform Push { LFX_BOTTLE_SHADOW_TILES_PUSH };

void main() {
  uvec4 tile = tiles[first_tile + gl_WorkGroupID.x];
  ivec2 p = bottle_tile_origin(tile.x) + ivec2(gl_LocalInvocationID.xy);
  if (any(greaterThanEqual(p, ivec2(frame.viewport.xy)))) return;
  vec3 factor = textureLod(shade, (vec2(p) + 0.5) * frame.viewport.zw, 0.0).rgb;
  if (factor == vec3(1.0)) return;
  vec4 c = imageLoad(color, p);
  imageStore(color, p, vec4(c.rgb * factor, c.a));
}

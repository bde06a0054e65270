#version 460
// The tile puzzle's board: the picture cut into a grid, each cell showing the tile the
// permutation puts there, with gaps, a margin and a slight bevel on the tiles.
#include "shared/ripples.h"
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0) uniform sampler2D picture;
layout(set = 0, binding = 1, std430) readonly buffer Tiles {
  uint tile_of_cell[];  // which tile cell i shows
};
layout(set = 0, binding = 2, rgba16f) writeonly uniform image2D target;
layout(push_constant) uniform Push { LFX_RIPPLES_BOARD_PUSH };

void main() {
  ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
  ivec2 size = imageSize(target);
  if (any(greaterThanEqual(pixel, size))) return;
  vec2 p = vec2(pixel) + 0.5;
  vec3 color = vec3(0.06, 0.07, 0.09);  // the board
  vec2 inner = rect.zw - 2.0 * spacing.y;
  vec2 cell = (inner - (vec2(cells) - 1.0) * spacing.x) / vec2(cells);
  vec2 local = p - rect.xy - spacing.y;
  ivec2 index = ivec2(floor(local / (cell + spacing.x)));
  vec2 within = local - vec2(index) * (cell + spacing.x);
  if (all(greaterThanEqual(index, ivec2(0))) && all(lessThan(index, cells)) && all(lessThan(within, cell))) {
    uint tile = tile_of_cell[index.y * cells.x + index.x];
    ivec2 source = ivec2(int(tile) % cells.x, int(tile) / cells.x);
    // The tile's part of the picture, the picture stretched over the grid of cells.
    vec2 uv = (vec2(source) + within / cell) / vec2(cells);
    color = textureLod(picture, uv, 0.0).rgb;
    float edge = min(min(within.x, within.y), min(cell.x - within.x, cell.y - within.y));
    float lit = bevel > 0.0 ? 1.0 - smoothstep(0.0, bevel, edge) : 0.0;
    color *= 1.0 + 0.25 * lit * (within.x + within.y < cell.x * 0.5 + cell.y * 0.5 ? 1.0 : -1.0);
  }
  imageStore(target, pixel, vec4(color, 1.0));
}

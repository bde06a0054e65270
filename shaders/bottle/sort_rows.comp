#version 460
// Sorts the rows of the tiles of a group's tile list by the work the composite has in them: none
// (no pixel of the tile's container sees one of its surfaces in front of the opaque scene:
// dropped), glass and air only (no pixel's view ray meets the liquid: list 1,
// composite_above_liquid.comp), or liquid (list 0, composite.comp). Each kept row is appended to
// its list and counted in that list's indirect dispatch, so the composite's cost follows the
// silhouettes and what is inside them rather than the containers' rectangles. The tests are composite.glsl's own, the liquid's
// conservatively (the plane and the highest wave instead of the wavy surface).
#include "bottle/bottle_common.glsl"
#include "shared/bottle.h"

layout(local_size_x = 64) in;  // one tile list entry each: no barriers, which a CPU rasteriser pays dearly for
layout(set = 0, binding = 2, std430) readonly buffer Draws { BottleDrawGpu draws[]; };
layout(set = 0, binding = 3, std430) readonly buffer Tiles { uvec4 tiles[]; };
// Rows of tiles (x: tile, y: container, z: row in the tile).
layout(set = 0, binding = 4, std430) writeonly buffer LiquidRows { uvec4 liquid_rows[]; };
layout(set = 0, binding = 5, std430) writeonly buffer AirRows { uvec4 air_rows[]; };
// Per list: x, y, z workgroups of kBottleTile rows; w rows.
layout(set = 0, binding = 6, std430) buffer Dispatch { uvec4 dispatch[2]; };
layout(set = 0, binding = 7) uniform sampler2D outer_front_surface;
layout(set = 0, binding = 8) uniform sampler2D outer_back_surface;
layout(set = 0, binding = 9) uniform sampler2D inner_front_surface;
layout(set = 0, binding = 10) uniform sampler2D inner_back_surface;
layout(set = 0, binding = 11) uniform sampler2D scene_depth;  // linear view depth
layout(push_constant) uniform Push { LFX_BOTTLE_ROW_SORT_PUSH };

#include "bottle/surface_encoding.glsl"

const uint kNoWork = 0u, kAir = 1u, kLiquid = 2u;

// Whether p is above the surface's highest wave (then the liquid is not there).
bool above_any_wave(LiquidContainerGpu c, vec3 p) {
  return c.center.w <= 0.0 || dot(c.plane.xyz, p) - c.plane.w > liquid_surface_reach(c);
}

uint work_at(ivec2 p, LiquidContainerGpu c) {
  vec3 ro = frame.camera_position.xyz, rd = view_ray_at_pixel(p);
  float t_opaque = opaque_distance(rd, texelFetch(scene_depth, p, 0).r);
  vec4 inner_front = texelFetch(inner_front_surface, p, 0), inner_back = texelFetch(inner_back_surface, p, 0);
  bool entered = surface_seen(inner_front, t_opaque);
  if (!entered && !surface_seen(texelFetch(outer_front_surface, p, 0), t_opaque) &&
      !surface_seen(texelFetch(outer_back_surface, p, 0), t_opaque))
    return kNoWork;
  if (!entered) return kAir;
  // The ray's stretch in the inner volume: the composite finds liquid on it only where one of
  // its ends is below the surface.
  float a = surface_distance(inner_front), back = surface_distance(inner_back);
  float b = surface_seen(inner_back, t_opaque) && back > a ? back : t_opaque;
  return above_any_wave(c, ro + rd * a) && above_any_wave(c, ro + rd * b) ? kAir : kLiquid;
}

void main() {
  if (gl_GlobalInvocationID.x >= count) return;
  uvec4 tile = tiles[gl_GlobalInvocationID.x];
  BottleDrawGpu draw = draws[tile.y];
  LiquidContainerGpu c = containers[tile.y];
  ivec2 origin = bottle_tile_origin(tile.x);
  ivec2 lo = max(origin, draw.rect.xy), hi = min(origin + ivec2(kBottleTile), draw.rect.xy + draw.rect.zw);
  // Row by row: a row is what a CPU rasteriser runs as one SIMD group.
  for (int y = lo.y; y < hi.y; ++y) {
    uint work = keep_all != 0u ? kLiquid : kNoWork;
    for (int x = lo.x; x < hi.x && work != kLiquid; ++x) work = max(work, work_at(ivec2(x, y), c));
    if (work == kNoWork) continue;
    uint list = work == kLiquid ? 0u : 1u;
    uint at = atomicAdd(dispatch[list].w, 1u);
    if (at % kBottleTile == 0u) atomicAdd(dispatch[list].x, 1u);  // a workgroup per kBottleTile rows
    uvec4 row = uvec4(tile.x, tile.y, uint(y - origin.y), 0u);
    if (list == 0u) {
      liquid_rows[at] = row;
    } else {
      air_rows[at] = row;
    }
    dispatch[list].yz = uvec2(1u);
  }
}

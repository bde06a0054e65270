#version 460
// Sorts the rows of the tiles of a group's tile list by the work the composite has in them: none
// (no pixel of the tile's container sees one of its surfaces in front of the opaque scene:
// dropped); glass and air only (no pixel's view ray meets the liquid: list 1,
// composite_above_liquid.comp); liquid, all of it below the lowest wave and the waterline's bands
// (list 2, composite_below_waves.comp); or anything else (list 0, composite.comp). Each kept row
// is appended to its list and counted in that list's indirect dispatch, so the composite's cost
// follows the silhouettes and what is inside them rather than the containers' rectangles. The
// tests are composite.glsl's own, the liquid's conservatively (the plane and the highest wave
// instead of the wavy surface).
#include "bottle/bottle_common.glsl"
#include "shared/bottle.h"

layout(local_size_x = 64) in;  // one tile list entry each: no barriers, which a CPU rasteriser pays dearly for
layout(set = 0, binding = 2, std430) readonly buffer Draws { BottleDrawGpu draws[]; };
layout(set = 0, binding = 3, std430) readonly buffer Tiles { uvec4 tiles[]; };
// Rows of tiles (x: tile, y: container, z: row in the tile).
layout(set = 0, binding = 4, std430) writeonly buffer LiquidRows { uvec4 liquid_rows[]; };
layout(set = 0, binding = 5, std430) writeonly buffer AirRows { uvec4 air_rows[]; };
layout(set = 0, binding = 12, std430) writeonly buffer DeepRows { uvec4 deep_rows[]; };
// Per list: x, y, z workgroups of kBottleTile rows; w rows.
layout(set = 0, binding = 6, std430) buffer Dispatch { uvec4 dispatch[3]; };
layout(set = 0, binding = 7) uniform sampler2D outer_front_surface;
layout(set = 0, binding = 8) uniform sampler2D outer_back_surface;
layout(set = 0, binding = 9) uniform sampler2D inner_front_surface;
layout(set = 0, binding = 10) uniform sampler2D inner_back_surface;
layout(set = 0, binding = 11) uniform sampler2D scene_depth;  // linear view depth
layout(push_constant) uniform Push { LFX_BOTTLE_ROW_SORT_PUSH };

#include "bottle/surface_encoding.glsl"

// What a pixel needs of the composite, as bits that a row ORs together.
const uint kSeen = 1u;         // some surface of the container in front of the opaque scene
const uint kAir = 2u;          // a stretch in the inner volume with no liquid on it
const uint kDeep = 4u;         // a stretch in the liquid, below the lowest wave and the waterline
const uint kNearSurface = 8u;  // a stretch that may meet the surface or the waterline

// How far p is above the surface's plane (m).
float above_plane(LiquidContainerGpu c, vec3 p) { return dot(c.plane.xyz, p) - c.plane.w; }

uint work_at(ivec2 p, LiquidContainerGpu c) {
  vec3 ro = frame.camera_position.xyz, rd = view_ray_at_pixel(p);
  float t_opaque = opaque_distance(rd, texelFetch(scene_depth, p, 0).r);
  vec4 inner_front = texelFetch(inner_front_surface, p, 0), inner_back = texelFetch(inner_back_surface, p, 0);
  bool entered = surface_seen(inner_front, t_opaque);
  if (!entered && !surface_seen(texelFetch(outer_front_surface, p, 0), t_opaque) &&
      !surface_seen(texelFetch(outer_back_surface, p, 0), t_opaque))
    return 0u;
  if (!entered) return kSeen;
  // The ray's stretch in the inner volume: the composite finds liquid on it only where one of
  // its ends is below the surface, and neither the surface nor the waterline's meniscus and foam
  // where both ends are farther below its plane than the highest wave, those bands and a pixel.
  float a = surface_distance(inner_front), back = surface_distance(inner_back);
  float b = surface_seen(inner_back, t_opaque) && back > a ? back : t_opaque;
  float reach = liquid_surface_reach(c);
  float high = max(above_plane(c, ro + rd * a), above_plane(c, ro + rd * b));
  if (c.center.w <= 0.0 || high > reach) {
    bool both_above = c.center.w <= 0.0 || min(above_plane(c, ro + rd * a), above_plane(c, ro + rd * b)) > reach;
    return kSeen | (both_above ? kAir : kNearSurface);
  }
  float deep = reach + max(c.surface.x, c.surface.y) + pixel_size_at(a);
  return kSeen | (high < -deep ? kDeep : kNearSurface);
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
    uint work = keep_all != 0u ? kSeen | kNearSurface : 0u;
    for (int x = lo.x; x < hi.x && (work & kNearSurface) == 0u; ++x) work |= work_at(ivec2(x, y), c);
    if (work == 0u) continue;
    // Liquid below the waves and air in one row: the whole composite, as near the surface.
    bool near_surface = (work & kNearSurface) != 0u || (work & (kAir | kDeep)) == (kAir | kDeep);
    uint list = near_surface ? 0u : (work & kDeep) != 0u ? 2u : 1u;
    uint at = atomicAdd(dispatch[list].w, 1u);
    if (at % kBottleTile == 0u) atomicAdd(dispatch[list].x, 1u);  // a workgroup per kBottleTile rows
    uvec4 row = uvec4(tile.x, tile.y, uint(y - origin.y), 0u);
    if (list == 0u) {
      liquid_rows[at] = row;
    } else if (list == 1u) {
      air_rows[at] = row;
    } else {
      deep_rows[at] = row;
    }
    dispatch[list].yz = uvec2(1u);
  }
}

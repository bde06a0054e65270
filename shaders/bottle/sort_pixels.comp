#version 460
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
// Sorts the pixels of the tiles of a group's tile list by the work the composite has at them:
// none (the tile's container shows none of its surfaces in front of the opaque scene there:
// dropped); air with the wet film on its walls, and glass (the view ray does not meet the
// liquid: the air list, composite_above_liquid.comp); liquid, all of it below the lowest wave and
// the waterline's bands (the deep list, composite_below_waves.comp); glass, and air above the
// highest film line (the dry list, composite_dry.comp); or anything else (the near-surface list,
// composite.comp). Each kept pixel is appended to its list (composite_lists.glsl) and counted in
// that list's indirect dispatch, so the composite runs only where there is something to draw,
// each pixel in the variant for its own needs, 64 to a workgroup whatever the silhouette. The
// tests are composite.glsl's own, the liquid's and the film's conservatively (the plane and the
// highest wave instead of the wavy surface, the highest film line all round).
#include "bottle/bottle_common.glsl"
#include "shared/bottle.h"

// No shared memory or barriers, which a CPU rasteriser pays dearly for.
layout(local_size_x = kBottleSortGroup) in;
layout(set = 0, binding = 2, std430) readonly buffer Draws { BottleDrawGpu draws[]; };
layout(set = 0, binding = 3, std430) readonly buffer Tiles { uvec4 tiles[]; };
layout(set = 0, binding = 4, std430) writeonly buffer Pixels { uint pixels[]; };  // composite_lists.glsl
// Per list: x, y, z workgroups of 64 pixels; w pixels.
layout(set = 0, binding = 6, std430) buffer Dispatch { uvec4 dispatch[4]; };
layout(set = 0, binding = 11) uniform sampler2D scene_depth;  // linear view depth
layout(push_constant) uniform Push { LFX_BOTTLE_PIXEL_SORT_PUSH };

#include "bottle/composite_lists.glsl"
#include "bottle/surface_encoding.glsl"

// What a pixel needs of the composite, as bits.
const uint kSeen = 1u;          // some surface of the container in front of the opaque scene
const uint kDry = 2u;           // a stretch in the inner volume above the liquid and the wet film
const uint kAir = 4u;           // a stretch in the inner volume with no liquid on it
const uint kDeep = 8u;          // a stretch in the liquid, below the lowest wave and the waterline
const uint kNearSurface = 16u;  // a stretch that may meet the surface or the waterline

// How far p is above the surface's plane (m).
float above_plane(LiquidContainerGpu c, vec3 p) { return dot(c.plane.xyz, p) - c.plane.w; }

// The highest the wet film reaches above the surface's plane (wet_film.glsl: its line on the
// walls between the four it is given, and the highest wave); far below anything where there is
// none (an empty or a full container).
float film_reach(LiquidContainerGpu c) {
  if (c.center.w <= 0.0 || c.center.w >= 1.0) return -1e30;
  return max(max(c.film.x, c.film.y), 0.0) + max(max(c.film.z, c.film.w), 0.0) + liquid_surface_reach(c);
}

uint work_at(ivec2 p, BottleDrawGpu draw, LiquidContainerGpu c) {
  uint at = surface_index(draw, p, 0u);  // the four layers follow each other
  uvec2 inner_front = surface_texel(at + 2u), inner_back = surface_texel(at + 3u);
  // Most of a rectangle is beside the container: no surface at all, no ray needed.
  if (inner_front.y == kNoSurface && surface_texel(at).y == kNoSurface && surface_texel(at + 1u).y == kNoSurface)
    return 0u;
  vec3 ro, rd;
  frame_pixel_ray(vec2(p) + 0.5, ro, rd);
  float t_opaque = opaque_distance(rd, texelFetch(scene_depth, p, 0).r);
  bool entered = surface_seen(inner_front, t_opaque);
  if (!entered && !surface_seen(surface_texel(at), t_opaque) && !surface_seen(surface_texel(at + 1u), t_opaque))
    return 0u;
  if (!entered) return kSeen;
  // The ray's stretch in the inner volume: the composite finds liquid on it only where one of
  // its ends is below the surface, neither the surface nor the waterline's meniscus and foam
  // where both ends are farther below its plane than the highest wave, those bands and a pixel,
  // and no film where both are above the highest film line.
  float a = surface_distance(inner_front), back = surface_distance(inner_back);
  float b = surface_seen(inner_back, t_opaque) && back > a ? back : t_opaque;
  float reach = liquid_surface_reach(c);
  float low = min(above_plane(c, ro + rd * a), above_plane(c, ro + rd * b));
  float high = max(above_plane(c, ro + rd * a), above_plane(c, ro + rd * b));
  if (c.center.w <= 0.0 || low > reach) return kSeen | (low > film_reach(c) ? kDry : kAir);
  if (high > reach) return kSeen | kNearSurface;  // one end above the waves, one below
  float deep = reach + max(c.surface.x, c.surface.y) + pixel_size_at(a);
  return kSeen | (high < -deep ? kDeep : kNearSurface);
}

// The list a pixel goes to, by what it needs.
uint list_of(uint work) {
  if ((work & kNearSurface) != 0u) return kNearSurfaceList;
  // Liquid below the waves and air on one ray: the whole composite, as near the surface.
  if ((work & kDeep) != 0u) return (work & (kAir | kDry)) != 0u ? kNearSurfaceList : kDeepList;
  return (work & kAir) != 0u ? kAirList : kDryList;
}

void main() {
  // A row of a tile each: a row is what a CPU rasteriser runs as one SIMD group, and a small
  // group's rows still fill several workgroups, so several threads.
  uint entry = gl_GlobalInvocationID.x / kBottleTile;
  if (entry >= count) return;
  uvec4 tile = tiles[entry];
  BottleDrawGpu draw = draws[tile.y];
  LiquidContainerGpu c = containers[tile.y];
  ivec2 origin = bottle_tile_origin(tile.x);
  uint row = gl_GlobalInvocationID.x % kBottleTile;
  int y = origin.y + int(row);
  int lo = max(origin.x, draw.rect.x), hi = min(origin.x + int(kBottleTile), draw.rect.x + draw.rect.z);
  if (y < draw.rect.y || y >= draw.rect.y + draw.rect.w) return;
  // Each pixel's list plus one (0: nothing to draw), 4 bits a column, and how many go to each.
  uint lists = 0u;
  uvec4 counts = uvec4(0u);
  for (int x = lo; x < hi; ++x) {
    uint work = keep_all != 0u ? kSeen | kNearSurface : work_at(ivec2(x, y), draw, c);
    if (work == 0u) continue;
    uint list = list_of(work);
    lists |= (list + 1u) << (4u * uint(x - origin.x));
    counts[list] += 1u;
  }
  // Each list's room, then each kept pixel into its list's: one pass over the columns, not one
  // a list.
  uint half_size = uint(pixels.length()) / 2u;
  uvec4 at = uvec4(0u);
  for (uint list = 0u; list < 4u; ++list) {
    if (counts[list] == 0u) continue;
    at[list] = atomicAdd(dispatch[list].w, counts[list]);
    // A workgroup for every kBottleCompositeGroup pixels of the list.
    uint g = kBottleCompositeGroup;
    uint groups = (at[list] + counts[list] + g - 1u) / g - (at[list] + g - 1u) / g;
    if (groups > 0u) atomicAdd(dispatch[list].x, groups);
    dispatch[list].yz = uvec2(1u);
  }
  for (uint column = 0u; column < kBottleTile; ++column) {
    uint list = ((lists >> (4u * column)) & 15u) - 1u;
    if (list < 4u) pixels[list_slot(list, at[list]++, half_size)] = pixel_entry(entry, row, column);
  }
}

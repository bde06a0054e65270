#version 460
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_shader_atomic_int64 : require
#extension GL_EXT_buffer_reference : require
// Where the view ray meets a container's surfaces. Every fragment of its glass and liquid mesh,
// front and back faces alike, offers its outward normal and distance from the eye to the
// container's own texel of the layer it belongs to (outer front or back for the glass, inner
// front or back for the liquid mesh), and an atomic min keeps the nearest (surface_encoding.glsl).
// Each container writes only its rectangle's texels, so one rendering draws every container,
// overlapping or not. The composite works out everything else per pixel.
#include "bottle/bottle_common.glsl"
#include "shared/bottle.h"

layout(set = 0, binding = 2, std430) readonly buffer Draws { BottleDrawGpu draws[]; };
layout(push_constant) uniform Push { LFX_BOTTLE_SURFACES_PUSH };

layout(location = 0) in vec3 world_position;
layout(location = 1) in vec3 world_normal;
layout(location = 2) flat in uint container;

#include "bottle/surface_encoding.glsl"

void main() {
  BottleDrawGpu draw = draws[container];
  ivec2 p = ivec2(gl_FragCoord.xy);
  if (any(lessThan(p, draw.rect.xy)) || any(greaterThanEqual(p, draw.rect.xy + draw.rect.zw))) return;
  uvec2 surface = encode_surface(world_normal, frame_ray_distance(world_position));
  uint layer = first_layer + (gl_FrontFacing ? 0u : 1u);
  atomicMin(SurfaceTexels(surfaces).texels[surface_index(draw, p, layer)], packUint2x32(surface));
}

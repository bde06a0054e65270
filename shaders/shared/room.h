// The backdrop room: a floor, a back wall and simple props (boxes, spheres), std430 layout.
#ifndef LFX_SHARED_ROOM_H
#define LFX_SHARED_ROOM_H

#include "prelude.h"

LFX_SHARED_BEGIN

LFX_CONST uint kRoomPropBox = 0u;
LFX_CONST uint kRoomPropSphere = 1u;
LFX_CONST uint kRoomMaxProps = 32u;

struct RoomProp {
  vec4 center_kind;  // xyz centre (m), w = kind (kRoomPropBox / kRoomPropSphere) as a float
  vec4 half_size;    // box: half extents (m); sphere: w = radius (m)
  vec4 albedo_yaw;   // rgb albedo, w = rotation of a box about y (radians)
};

struct RoomParams {
  vec4 floor_a;   // rgb: checker colour a of the floor; w: checker square size (m)
  vec4 floor_b;   // rgb: checker colour b of the floor; w: floor height y (m)
  vec4 wall_a;    // rgb: tile colour a of the wall; w: wall plane z (m)
  vec4 wall_b;    // rgb: tile colour b of the wall; w: number of props
  vec4 lighting;  // x: ambient strength, y: shadow softness (larger = sharper), z: AO strength
};

// Signed distance (m) from p to a prop.
LFX_FN float room_prop_distance(RoomProp prop, vec3 p) {
  vec3 d = p - vec3(prop.center_kind.x, prop.center_kind.y, prop.center_kind.z);
  if (prop.center_kind.w > 0.5f) return length(d) - prop.half_size.w;
  float c = cos(prop.albedo_yaw.w);
  float s = sin(prop.albedo_yaw.w);
  vec3 local = vec3(c * d.x - s * d.z, d.y, s * d.x + c * d.z);
  vec3 q = abs(local) - vec3(prop.half_size.x, prop.half_size.y, prop.half_size.z);
  return length(max(q, vec3(0.0f))) + min(max(q.x, max(q.y, q.z)), 0.0f);
}

LFX_SHARED_END

#ifdef __cplusplus
static_assert(sizeof(lfx::shared::RoomProp) == 48, "RoomProp must match std430");
static_assert(sizeof(lfx::shared::RoomParams) == 80, "RoomParams must match std430");
#endif

#endif

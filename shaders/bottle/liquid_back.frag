#version 460
// Back faces of the liquid below its surface: depth only (where the view ray leaves it).
#include "bottle/bottle_common.glsl"
#include "shared/bottle.h"
#include "bottle/liquid_clip.glsl"

layout(location = 0) in vec3 world_position;
layout(location = 1) in vec3 world_normal;
layout(push_constant) uniform Push { LFX_BOTTLE_MESH_PUSH };

void main() {
  if (!is_liquid(containers[container], world_position)) discard;
}

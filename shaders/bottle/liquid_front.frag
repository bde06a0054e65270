#version 460
// Front faces of the liquid below its surface: depth, and the normal where the view ray enters.
#include "bottle/bottle_common.glsl"
#include "shared/bottle.h"
#include "bottle/liquid_clip.glsl"

layout(location = 0) in vec3 world_position;
layout(location = 1) in vec3 world_normal;
layout(push_constant) uniform Push { LFX_BOTTLE_MESH_PUSH };
layout(location = 0) out vec4 out_normal;

void main() {
  if (!is_liquid(containers[container], world_position)) discard;
  out_normal = vec4(normalize(world_normal), 1.0);
}

#version 460
// After the opaque pass: copies scene colour into mip 0 of the blurred-refraction chain and
// scene depth into a linear view-depth image (metres), for the passes that follow.
#include "render/frame_block.glsl"
#include "shared/frame.h"

layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 1) uniform sampler2D hdr_color;
layout(set = 0, binding = 2) uniform sampler2D depth_buffer;
layout(set = 0, binding = 3, rgba16f) writeonly uniform image2D scene_color;
layout(set = 0, binding = 4, r32f) writeonly uniform image2D scene_depth;
layout(push_constant) uniform Push { LFX_FRAME_RECT_PUSH };

void main() {
  if (any(greaterThanEqual(ivec2(gl_GlobalInvocationID.xy), rect.zw))) return;
  ivec2 p = rect.xy + ivec2(gl_GlobalInvocationID.xy);
  imageStore(scene_color, p, texelFetch(hdr_color, p, 0));
  float d = texelFetch(depth_buffer, p, 0).r;
  imageStore(scene_depth, p, vec4(view_depth_from_device(d, frame.proj, frame.depth_planes.y)));
}

#version 460
// The surface's depth into the frame's depth (knob write_depth): each pixel's liquid, the
// filtered field's texel under it, at its view depth on the pixel's ray. The pipeline's depth test
// keeps it only where it is nearer than what is there, so later passes (a host's fog, particles,
// TAA) see the liquid.
#include "render/frame_block.glsl"
#include "shared/surface.h"

layout(set = 0, binding = 6, rg32f) uniform readonly image2D field;  // linear depth (m, 0: none), thickness
layout(push_constant) uniform Push { LFX_SURFACE_DEPTH_OUT_PUSH };

void main() {
  ivec2 texel = clamp(ivec2(gl_FragCoord.xy * scale), ivec2(0), size - 1);
  float z = imageLoad(field, texel).x;
  if (z <= 0.0) discard;
  vec2 ndc = gl_FragCoord.xy * frame.viewport.zw * 2.0 - 1.0;
  vec3 at = view_ray_origin(ndc, frame.proj) + z * view_ray_step(ndc, frame.proj);
  vec4 clip = frame.proj * vec4(at, 1.0);
  gl_FragDepth = clip.z / clip.w;
}

#version 460
// The bottles' liquid depth into the frame's depth (knob write_depth): each pixel's nearest
// liquid (the composite kept its linear view depth) at that depth on the pixel's ray. The
// pipeline's depth test keeps it only where it is nearer than what is there, so later passes (a
// host's fog, particles, TAA) see the liquid.
#include "render/frame_block.glsl"

layout(set = 0, binding = 1, r32ui) uniform readonly uimage2D liquid_depth;

void main() {
  uint bits = imageLoad(liquid_depth, ivec2(gl_FragCoord.xy)).x;
  if (bits == 0xffffffffu) discard;
  vec2 ndc = gl_FragCoord.xy * frame.viewport.zw * 2.0 - 1.0;
  vec3 at = view_ray_origin(ndc, frame.proj) + uintBitsToFloat(bits) * view_ray_step(ndc, frame.proj);
  vec4 clip = frame.proj * vec4(at, 1.0);
  gl_FragDepth = clip.z / clip.w;
}

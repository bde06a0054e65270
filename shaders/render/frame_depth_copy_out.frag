#version 460
// The working D32 depth back into the host's depth, only where liquidfx changed it: elsewhere the
// host's own value stays bit for bit (a D24 or D16 value taken through a float and back may
// move a step, which breaks a later depth-equal pass). Unless the host's depth came undefined
// (then every texel is written).
#include "shared/frame.h"

layout(set = 0, binding = 0) uniform sampler2D source;
layout(set = 0, binding = 1) uniform sampler2D copied_in;  // frame_depth_copy_in's `copied`
layout(push_constant) uniform Push { LFX_FRAME_DEPTH_OUT_PUSH };

void main() {
  ivec2 texel = ivec2(gl_FragCoord.xy) + offset;
  float depth = texelFetch(source, texel, 0).r;
  if (keep_untouched != 0u && depth == texelFetch(copied_in, texel, 0).r) discard;
  gl_FragDepth = depth;
}

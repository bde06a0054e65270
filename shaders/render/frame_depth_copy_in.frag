#version 460
// A host's depth (its viewport's part) into the frame's working D32 depth, texel for texel
// through gl_FragDepth (any depth format takes part; a stencil is left as it was), and the same
// value into `copied`: what the working depth held before liquidfx drew (frame_depth_copy_out).
#include "shared/frame.h"

layout(set = 0, binding = 0) uniform sampler2D source;
layout(push_constant) uniform Push { LFX_FRAME_COPY_PUSH };
layout(location = 0) out float copied;

void main() {
  float depth = texelFetch(source, ivec2(gl_FragCoord.xy) + offset, 0).r;
  gl_FragDepth = depth;
  copied = depth;
}

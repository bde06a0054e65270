#version 460
// A host's depth (its viewport's part) into the frame's working D32 depth and back, texel for
// texel through gl_FragDepth: any depth format takes part, and a stencil is left as it was.
#include "shared/frame.h"

layout(set = 0, binding = 0) uniform sampler2D source;
layout(push_constant) uniform Push { LFX_FRAME_COPY_PUSH };

void main() { gl_FragDepth = texelFetch(source, ivec2(gl_FragCoord.xy) + offset, 0).r; }

#version 460
// One image into another, texel for texel: a host's colour (or its viewport's part) into the
// frame's working RGBA16F copy and back. Sampling decodes the source's format (sRGB to linear)
// and the attachment encodes the target's (linear to sRGB, packed B10G11R11), so any colour
// format a host renders into takes part without a storage image of its format.
#include "shared/frame.h"

layout(set = 0, binding = 0) uniform sampler2D source;
layout(location = 0) out vec4 color;
layout(push_constant) uniform Push { LFX_FRAME_COPY_PUSH };

void main() { color = texelFetch(source, ivec2(gl_FragCoord.xy) + offset, 0); }

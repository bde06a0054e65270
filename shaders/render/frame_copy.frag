#version 460
// One image into another of the same size, texel for texel: a host's colour into the frame's
// working RGBA16F copy and back. Sampling decodes the source's format (sRGB to linear) and the
// attachment encodes the target's (linear to sRGB, packed B10G11R11), so any colour format a
// host renders into takes part without a storage image of its format.
layout(set = 0, binding = 0) uniform sampler2D source;
layout(location = 0) out vec4 color;

void main() { color = texelFetch(source, ivec2(gl_FragCoord.xy), 0); }

#version 460
// The whole frame's HDR colour -> display (render/tonemap_pixel.glsl).
#include "render/tonemap_pixel.glsl"

layout(local_size_x = 16, local_size_y = 16) in;

void main() { tonemap_pixel(ivec2(gl_GlobalInvocationID.xy)); }

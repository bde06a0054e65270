#version 460
// The raster splat: each particle's grown sphere as a camera-facing square (splat.frag traces
// the sphere in it). The same sums as splat.comp, for GPUs whose raster units are plentiful.
#include "render/frame_block.glsl"
#include "shared/surface.h"

layout(set = 0, binding = 1, std430) readonly buffer Words { uint words[]; };
layout(set = 0, binding = 2, std430) readonly buffer CountWords { uint count_words[]; };
layout(push_constant) uniform Push { LFX_SURFACE_SPLAT_PUSH };

layout(location = 0) out vec3 view_centre;
layout(location = 1) out vec3 view_corner;
layout(location = 2) flat out vec4 color_foam;

vec3 read_vec3(uint byte_offset) {
  uint w = byte_offset / 4u;
  return vec3(uintBitsToFloat(words[w]), uintBitsToFloat(words[w + 1u]), uintBitsToFloat(words[w + 2u]));
}

void main() {
  const vec2 corners[6] = vec2[](vec2(-1, -1), vec2(1, -1), vec2(1, 1), vec2(-1, -1), vec2(1, 1), vec2(-1, 1));
  uint i = uint(gl_InstanceIndex);
  uint live = use_buffer == 1u ? min(count_words[count_word], count) : count;
  if (i >= live) {
    gl_Position = vec4(2.0, 2.0, 2.0, 1.0);  // outside the view: nothing drawn
    return;
  }
  uint base = i * stride;
  vec3 liquid = has_color == 1u ? clamp(read_vec3(base + color_offset), 0.0, 1.0) : vec3(0.0);
  float foam = has_foam == 1u ? clamp(uintBitsToFloat(words[(base + foam_offset) / 4u]), 0.0, 1.0) : 0.0;
  color_foam = vec4(liquid, foam);
  view_centre = (frame.view * vec4(read_vec3(base + position_offset), 1.0)).xyz;
  // At least a pixel and a half, as in the compute splat.
  float z = max(-view_centre.z, 1e-4);
  float grown = max(kSplatGrowth * radius, 1.5 * z / (abs(frame.proj[1][1]) * 0.5 * float(size.y)));
  vec3 toward_eye = -normalize(view_centre);
  vec3 right = normalize(cross(vec3(0.0, 1.0, 0.0), toward_eye));
  vec3 up = cross(toward_eye, right);
  vec2 c = corners[gl_VertexIndex];
  view_corner = view_centre + grown * (toward_eye + c.x * right + c.y * up);
  gl_Position = frame.proj * vec4(view_corner, 1.0);
}

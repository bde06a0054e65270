#version 460
// The raster splat: each particle's ellipsoid (splat_read.glsl) as a square in front of it,
// facing the camera and lengthened along its stretch; splat.frag traces the ellipsoid in it.
// The same sums as the compute splat, for GPUs whose raster units are plentiful.
#include "render/frame_block.glsl"
#include "shared/surface.h"

layout(set = 0, binding = 1, std430) readonly buffer Words { uint words[]; };
layout(set = 0, binding = 2, std430) readonly buffer CountWords { uint count_words[]; };
layout(push_constant) uniform Push { LFX_SURFACE_SPLAT_PUSH };
#include "surface/splat_read.glsl"

layout(location = 0) flat out vec4 centre_grown;
layout(location = 1) flat out vec4 axis_stretch;
layout(location = 2) flat out vec4 color_foam;

void main() {
  const vec2 corners[6] = vec2[](vec2(-1, -1), vec2(1, -1), vec2(1, 1), vec2(-1, -1), vec2(1, 1), vec2(-1, 1));
  Splat s;
  if (!load_splat(uint(gl_InstanceIndex), s)) {
    gl_Position = vec4(2.0, 2.0, 2.0, 1.0);  // outside the view: nothing drawn
    return;
  }
  centre_grown = vec4(s.centre, s.grown);
  axis_stretch = vec4(s.axis, s.stretch);
  color_foam = s.color_foam;
  // A plane in front of the ellipsoid by at least its depth sees its whole silhouette inside
  // the square's bounds: `grown` across, lengthened by the axis's part across the view.
  vec3 toward_eye = view_to_eye(s.centre);
  vec3 across_view = s.axis - dot(s.axis, toward_eye) * toward_eye;
  float across = length(across_view);
  vec3 right = across > 1e-3 ? across_view / across : normalize(cross(vec3(0.0, 1.0, 0.0), toward_eye));
  vec3 up = cross(toward_eye, right);
  float lengthen = 1.0 + (s.stretch - 1.0) * across;
  float ahead = 1.0 + (s.stretch - 1.0) * abs(dot(s.axis, toward_eye));
  vec2 c = corners[gl_VertexIndex];
  vec3 view_corner = s.centre + s.grown * (ahead * toward_eye + c.x * lengthen * right + c.y * up);
  gl_Position = frame.proj * vec4(view_corner, 1.0);
}

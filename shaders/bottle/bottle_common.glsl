// What every bottle pass reads: the frame (binding 0) and every container's data (binding 1).
#include "render/frame_block.glsl"
#include "shared/liquid_surface.h"

layout(set = 0, binding = 1, std430) readonly buffer Containers {
  LiquidContainerGpu containers[];
};

// Linear view depth (metres) of a world point.
float view_depth_of(vec3 world) { return -(frame.view * vec4(world, 1.0)).z; }

// The world point at a pixel position (pixel centres at + 0.5) and device depth.
vec3 world_at_pixel(vec2 pixel, float device_depth) {
  vec2 ndc = pixel * frame.viewport.zw * 2.0 - 1.0;
  vec4 w = frame.inv_view_proj * vec4(ndc, device_depth, 1.0);
  return w.xyz / w.w;
}

// The world direction the view looks along (view -z).
vec3 view_forward() { return -vec3(frame.view[0][2], frame.view[1][2], frame.view[2][2]); }

// How far along the view ray `rd` (frame_pixel_ray) the opaque scene is, from its linear view
// depth there.
float opaque_distance(vec3 rd, float view_depth) {
  return view_depth / max(dot(rd, view_forward()), 1e-4);
}

// About the size of a pixel (m) at distance t along a view ray.
float pixel_size_at(float t) { return pixel_size_at_depth(t, frame.proj, frame.viewport.y); }

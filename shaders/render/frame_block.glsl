// The frame's uniform block at set 0, binding 0 (every pass that reads frame values).
#include "shared/environment.h"
#include "shared/frame.h"
layout(set = 0, binding = 0, std140) uniform FrameBlock {
  FrameUniforms frame;
};

// The host's environment, when it gives one (a pass that calls frame_environment binds it: the
// host's cube or a black one), and whether the pipeline was made for a frame with one
// (EnvironmentComputePipeline, FrameGraphicsPipeline): a constant, so that a pipeline made
// without a cube has no cube lookup in it at all.
layout(set = 0, binding = LFX_FRAME_ENVIRONMENT_BINDING) uniform samplerCube frame_environment_cube;
layout(constant_id = LFX_FRAME_ENVIRONMENT_CUBE_CONSTANT) const bool frame_has_environment_cube = false;

// What a direction sees far away: the host's environment cube, else this frame's sky, ground and
// sun.
vec3 frame_environment(vec3 dir) {
  if (frame_has_environment_cube) return textureLod(frame_environment_cube, dir, 0.0).rgb * frame.sky_horizon.w;
  return environment_radiance(dir, frame.sky_zenith.rgb, frame.sky_horizon.rgb, frame.ground.rgb,
                              frame.sun_direction.xyz, frame.sun_radiance.rgb);
}

// The world-space ray through a frame position in pixels (pixel centres at + 0.5): its origin on
// the eye plane (the eye itself in perspective, a point of the image plane in orthographic) and
// its unit direction. Any projection the frame states (shared/frame.h).
void frame_pixel_ray(vec2 pixel, out vec3 origin, out vec3 dir) {
  vec2 ndc = pixel * frame.viewport.zw * 2.0 - 1.0;
  mat3 view_to_world = transpose(mat3(frame.view));
  origin = frame.camera_position.xyz + view_to_world * view_ray_origin(ndc, frame.proj);
  dir = normalize(view_to_world * view_ray_step(ndc, frame.proj));
}

// The unit direction (view space) from a view-space point back along the ray that sees it.
vec3 view_to_eye(vec3 view_point) {
  vec4 clip = frame.proj * vec4(view_point, 1.0);
  return -normalize(view_ray_step(clip.xy / clip.w, frame.proj));
}

// The same for a world point, in world space.
vec3 frame_to_eye(vec3 world) {
  return transpose(mat3(frame.view)) * view_to_eye((frame.view * vec4(world, 1.0)).xyz);
}

// How far a world point lies along the ray that sees it, from the ray's origin (frame_pixel_ray).
float frame_ray_distance(vec3 world) {
  vec3 v = (frame.view * vec4(world, 1.0)).xyz;
  vec4 clip = frame.proj * vec4(v, 1.0);
  return length(v - view_ray_origin(clip.xy / clip.w, frame.proj));
}

// Whether a depth-buffer value is the far plane's (nothing drawn there): 1 with forward depth,
// 0 with reversed depth.
bool frame_is_far(float device_depth) {
  return frame.depth_planes.z > 0.5 ? device_depth <= 0.0 : device_depth >= 1.0;
}

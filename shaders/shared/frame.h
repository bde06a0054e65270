// Per-frame values every pass reads: camera, viewport, clock, sun and sky (std140/std430).
#ifndef LFX_SHARED_FRAME_H
#define LFX_SHARED_FRAME_H

#include "shared/prelude.h"

LFX_SHARED_BEGIN

struct FrameUniforms {
  mat4 view;             // world -> view
  mat4 proj;             // view -> clip (Vulkan: y down, depth 0..1)
  mat4 view_proj;        // world -> clip
  mat4 inv_view_proj;    // clip -> world
  vec4 camera_position;  // xyz metres, w = scene time in seconds
  vec4 viewport;         // width, height, 1 / width, 1 / height (pixels)
  vec4 clip;             // near, far (metres), tan(fov_y / 2), aspect
  vec4 sun_direction;    // xyz unit vector towards the sun, w unused
  vec4 sun_radiance;     // rgb linear radiance of the sun
  vec4 sky_zenith;       // rgb linear radiance of the sky straight up
  vec4 sky_horizon;      // rgb linear radiance of the sky at the horizon
  vec4 ground;           // rgb radiance seen below the horizon, w = exposure (stops)
};

// Linear view depth (metres, > 0) from a depth-buffer value of the frame's projection.
LFX_FN float linear_depth(float device_depth, float near_plane, float far_plane) {
  return near_plane * far_plane / (far_plane - device_depth * (far_plane - near_plane));
}

// The scene copy and its mip chain (render/scene_copy.comp, render/downsample.comp): the
// region to process.
#define LFX_FRAME_RECT_PUSH ivec4 rect; /* x, y, width, height, pixels */
// The tonemap (render/tonemap.comp).
#define LFX_FRAME_TONEMAP_PUSH uint filmic; /* 1: the filmic curve; 0: clip (pictures that are display colours) */

#ifdef __cplusplus
struct FrameRectPush {
  LFX_FRAME_RECT_PUSH
};
struct FrameTonemapPush {
  LFX_FRAME_TONEMAP_PUSH
};
static_assert(sizeof(FrameRectPush) == 16 && sizeof(FrameTonemapPush) == 4);
#endif

LFX_SHARED_END

#ifdef __cplusplus
static_assert(sizeof(lfx::shared::FrameUniforms) == 4 * 64 + 8 * 16, "FrameUniforms must match std140");
#endif

#endif

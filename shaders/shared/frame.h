// Per-frame values every pass reads: camera, viewport, clock, sun and sky (std140/std430), and the
// view-space geometry of the frame's projection, which may be any the host uses: perspective or
// orthographic, off-axis, jittered, forward or reversed depth, a finite or an infinite far plane.
// What the helpers below need of it: x and y in clip space depend on view x (resp. y) and z only,
// and z and w in clip space on view z only (no skew or roll inside the projection: that belongs
// to the view matrix). frame_renderer.cpp checks it.
#ifndef LFX_SHARED_FRAME_H
#define LFX_SHARED_FRAME_H

#include "prelude.h"

LFX_SHARED_BEGIN

struct FrameUniforms {
  mat4 view;             // world -> view
  mat4 proj;             // view -> clip (Vulkan: y down, depth 0..1)
  mat4 view_proj;        // world -> clip
  mat4 inv_view_proj;    // clip -> world
  vec4 camera_position;  // xyz metres, w = scene time in seconds
  vec4 viewport;         // width, height, 1 / width, 1 / height (pixels)
  vec4 depth_planes;     // near, far (view depth, metres; far capped at kFrameFarLimit), 1 if
                         // the depth is reversed (near at 1), 1 if orthographic
  vec4 sun_direction;    // xyz unit vector towards the sun, w unused
  vec4 sun_radiance;     // rgb linear radiance of the sun
  vec4 sky_zenith;       // rgb linear radiance of the sky straight up, w unused
  vec4 sky_horizon;      // rgb linear radiance of the sky at the horizon; w: the cube's intensity
  vec4 ground;           // rgb radiance seen below the horizon, w = exposure (stops)
};

// An infinite far plane's view depth as the frame states it (metres): the linear depth of the sky.
LFX_CONST float kFrameFarLimit = 1.0e6f;

// Linear view depth (metres in front of the eye plane) of a depth-buffer value under projection p,
// capped at `far_plane` (an infinite far plane's sky gives far_plane, never inf or NaN).
LFX_FN float view_depth_from_device(float device_depth, mat4 p, float far_plane) {
  float den = device_depth * p[2][3] - p[2][2];
  if (den == 0.0f) return far_plane;  // an infinite far plane's own value
  float t = (device_depth * p[3][3] - p[3][2]) / den;
  return t < far_plane ? t : far_plane;
}

// The view-space ray through a point of normalized device coordinates (x right, y down, -1..1):
// the point at linear view depth t is origin + t * step (step.z = -1). Perspective: origin is the
// eye (0); orthographic: step is (0, 0, -1) and origin moves across the eye plane.
LFX_FN vec3 view_ray_origin(vec2 ndc, mat4 p) {
  return vec3((ndc.x * p[3][3] - p[3][0]) / p[0][0], (ndc.y * p[3][3] - p[3][1]) / p[1][1], 0.0f);
}
LFX_FN vec3 view_ray_step(vec2 ndc, mat4 p) {
  return vec3((p[2][0] - ndc.x * p[2][3]) / p[0][0], (p[2][1] - ndc.y * p[2][3]) / p[1][1], -1.0f);
}

// The size of a pixel (metres, vertically) at linear view depth t, for a frame `height` pixels tall.
LFX_FN float pixel_size_at_depth(float t, mat4 p, float height) {
  return 2.0f * abs(p[3][3] - p[2][3] * t) / (abs(p[1][1]) * height);
}

// The scene copy and its mip chain (render/scene_copy.comp, render/downsample.comp): the
// region to process.
#define LFX_FRAME_RECT_PUSH ivec4 rect; /* x, y, width, height, pixels */
// The host's environment cube (FrameLighting::environment), for the passes that reflect it, and
// the specialisation constant that says a pipeline was made for a frame with one.
#define LFX_FRAME_ENVIRONMENT_BINDING 24
#define LFX_FRAME_ENVIRONMENT_CUBE_CONSTANT 0
// A copy between a host's images and the frame's working ones (render/frame_copy.frag,
// render/frame_depth_copy_in.frag), and the depth's way back (render/frame_depth_copy_out.frag).
#define LFX_FRAME_COPY_PUSH ivec2 offset; /* source texel = target pixel + offset */
#define LFX_FRAME_DEPTH_OUT_PUSH                                                      \
  ivec2 offset;        /* source texel = target pixel + offset */                     \
  uint keep_untouched; /* 1: texels liquidfx did not change are left as the host's */ \
  uint pad;
// The tonemap (render/tonemap.comp): the filmic curve (true), or a clip (pictures that are display
// colours), as the pipeline's variant.
#define LFX_FRAME_FILMIC_CONSTANT 1  // after the environment cube's
// A list of the frame's 8 x 8 pixel tiles that a pass redraws (FramePasses::redrawn_tiles): the
// count, a compute dispatch's arguments for it (a workgroup a tile, in rows of
// kFrameTilesPerRow: a dispatch takes at most 65,535 workgroups a side), then each tile as
// x | y << 16. render/tonemap_tiles.comp tonemaps those tiles only.
LFX_CONST uint kFrameTile = 8u;
LFX_CONST uint kFrameTilesPerRow = 4096u;

#ifdef __cplusplus
struct FrameRectPush {
  LFX_FRAME_RECT_PUSH
};
struct FrameCopyPush {
  LFX_FRAME_COPY_PUSH
};
struct FrameDepthOutPush {
  LFX_FRAME_DEPTH_OUT_PUSH
};
static_assert(sizeof(FrameRectPush) == 16 && sizeof(FrameCopyPush) == 8 && sizeof(FrameDepthOutPush) == 16);
#endif

LFX_SHARED_END

#ifdef __cplusplus
static_assert(sizeof(lfx::shared::FrameUniforms) == 4 * 64 + 8 * 16, "FrameUniforms must match std140");
#endif

#endif

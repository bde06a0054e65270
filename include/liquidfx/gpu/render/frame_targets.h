// The images one frame renders into, all the same size:
//   color        RGBA16F HDR scene colour (colour attachment, storage, sampled): liquidfx's own,
//                a host's RGBA16F image, or the working copy of a host's colour in another format
//   depth        D32 depth buffer (depth attachment, sampled), or a host's D32, D24S8 or D16
//   scene_color  RGBA16F copy of `color` after the opaque pass, with a mip chain for blurred
//                refraction (sampled, storage)
//   scene_depth  R32F linear view depth in metres after the opaque pass (sampled, storage)
//   output       RGBA8 sRGB-encoded display image (storage, transfer source, sampled); only for
//                liquidfx's own frames (a host tonemaps its own)
#pragma once

#include <cstdint>

#include "liquidfx/core/result.h"
#include "liquidfx/gpu/context.h"
#include "liquidfx/gpu/image.h"

namespace lfx::gpu {

inline constexpr VkFormat kHdrFormat = VK_FORMAT_R16G16B16A16_SFLOAT;
inline constexpr VkFormat kDepthFormat = VK_FORMAT_D32_SFLOAT;
inline constexpr VkFormat kSceneDepthFormat = VK_FORMAT_R32_SFLOAT;
inline constexpr VkFormat kOutputFormat = VK_FORMAT_R8G8B8A8_UNORM;

struct FrameTargets {
  Image color;
  Image depth;
  Image scene_color;
  Image scene_depth;
  Image output;

  /// Which targets liquidfx makes itself (the scene copies always).
  struct Own {
    bool color = true;
    bool depth = true;
    bool output = true;
  };
  /// Creates the targets `own` names at width x height pixels (each 1 .. the device's largest
  /// image); the others stay empty for the caller to fill.
  static Result<FrameTargets> create(const Context& ctx, std::uint32_t width, std::uint32_t height, Own own);
  static Result<FrameTargets> create(const Context& ctx, std::uint32_t width, std::uint32_t height) {
    return create(ctx, width, height, Own{});
  }
  std::uint32_t width() const { return scene_color.width(); }
  std::uint32_t height() const { return scene_color.height(); }
};

}  // namespace lfx::gpu

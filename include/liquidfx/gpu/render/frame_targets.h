// The images one frame renders into, all the same size:
//   color        RGBA16F HDR scene colour (colour attachment, storage, sampled)
//   depth        D32 depth buffer (depth attachment, sampled)
//   scene_color  RGBA16F copy of `color` after the opaque pass, with a mip chain for blurred
//                refraction (sampled, storage)
//   scene_depth  R32F linear view depth in metres after the opaque pass (sampled, storage)
//   output       RGBA8 sRGB-encoded display image (storage, transfer source, sampled)
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

  /// Creates every target at width x height pixels (each 1 .. the device's largest image).
  static Result<FrameTargets> create(const Context& ctx, std::uint32_t width, std::uint32_t height);
  std::uint32_t width() const { return color.width(); }
  std::uint32_t height() const { return color.height(); }
};

}  // namespace lfx::gpu

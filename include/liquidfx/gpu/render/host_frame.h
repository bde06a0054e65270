// lfx::gpu::HostFrame: a host engine's own colour and depth images for liquidfx to draw into
// (FrameRenderer::prepare), with the layouts it leaves them in and wants them back in.
#pragma once

#include <vulkan/vulkan.h>

#include "liquidfx/core/result.h"
#include "liquidfx/gpu/context.h"
#include "liquidfx/gpu/image.h"

namespace lfx::gpu {

/// Colour and depth the same size. Colour formats:
///   RGBA16F                          drawn into directly: usage colour attachment, storage,
///                                    sampled and transfer source;
///   B10G11R11 (UFLOAT), RGBA8, BGRA8 drawn through one working RGBA16F copy, copied in before
///   (UNORM or sRGB)                  the frame's passes and out after them by a full-frame draw
///                                    each: usage sampled and colour attachment (sRGB is decoded
///                                    and encoded).
/// Depth formats: D32, D32S8, D24S8, D16 (usage depth attachment and sampled), forward or
/// reversed as the view's projection says; the stencil is left as it was. The depth is optional
/// (no image: a 2D effect over a picture of the host's, a UI canvas): liquidfx then uses a depth
/// of its own, at the far plane every frame.
/// An image whose `before.layout` is UNDEFINED starts cleared (colour transparent black, depth
/// the far plane). liquidfx leaves each image as its `after` says and draws no tonemap into it:
/// the host tonemaps its own frame.
struct HostFrame {
  HostImage color;
  HostImage depth;  ///< Optional (image VK_NULL_HANDLE).
};

/// Whether liquidfx draws into a host colour of this format directly (no working copy).
inline bool drawn_directly(VkFormat color_format) {
  return color_format == VK_FORMAT_R16G16B16A16_SFLOAT;
}

/// Checks formats, sizes, usages and the device's support for them; the message names the image
/// and what is missing.
Result<void> check_host_frame(const Context& ctx, const HostFrame& frame);

}  // namespace lfx::gpu

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
/// A viewport smaller than the images (one player's half of a split screen) is drawn through a
/// working RGBA16F colour and a working D32 depth of its size: its part of the host's colour and
/// depth is copied in before the passes and out after them (a draw each, any format); the rest
/// of the images is left alone (hand them over in the layout they are in: an UNDEFINED `before`
/// lets the first barrier discard all of an image). The frame's view and projection are the
/// viewport's.
struct HostFrame {
  HostImage color;
  HostImage depth;  ///< Optional (image VK_NULL_HANDLE).
  /// The part of the images liquidfx draws into; extent 0 (the default): all of them.
  VkRect2D viewport{{0, 0}, {0, 0}};

  /// The viewport as drawn: the whole colour image when its extent is 0.
  VkRect2D drawn_area() const {
    return viewport.extent.width == 0 && viewport.extent.height == 0 ? VkRect2D{{0, 0}, color.extent} : viewport;
  }
  /// Whether the viewport is a part of the images only.
  bool windowed() const {
    const VkRect2D area = drawn_area();
    return area.offset.x != 0 || area.offset.y != 0 || area.extent.width != color.extent.width ||
           area.extent.height != color.extent.height;
  }
};

/// Whether liquidfx draws into a host colour of this format directly (no working copy).
inline bool drawn_directly(VkFormat color_format) {
  return color_format == VK_FORMAT_R16G16B16A16_SFLOAT;
}
/// Whether it draws into this frame's colour directly (its format, the whole image).
inline bool drawn_directly(const HostFrame& frame) {
  return drawn_directly(frame.color.format) && !frame.windowed();
}

/// Checks formats, sizes, usages and the device's support for them; the message names the image
/// and what is missing.
Result<void> check_host_frame(const Context& ctx, const HostFrame& frame);

}  // namespace lfx::gpu

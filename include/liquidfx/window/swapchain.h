// lfx::window::Swapchain: presents liquidfx's tonemapped output to the Context's window surface.
// Handles resizes (recreated when the framebuffer size changes or the surface goes out of date)
// and minimised windows (a zero-sized framebuffer presents nothing). Two frames in flight.
#pragma once

#include <vulkan/vulkan.h>

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "liquidfx/core/image.h"
#include "liquidfx/core/result.h"
#include "liquidfx/gpu/buffer.h"
#include "liquidfx/gpu/context.h"
#include "liquidfx/gpu/image.h"

namespace lfx::window {

using gpu::Context;
using gpu::ContextOptions;
using gpu::Image;

/// The swapchain image a frame draws its overlay into (a window's panels over the output).
struct SwapchainTarget {
  VkImage image = VK_NULL_HANDLE;
  VkImageView view = VK_NULL_HANDLE;
  std::uint32_t index = 0;  ///< Which of the swapchain's images.
  VkExtent2D extent{0, 0};
  VkFormat format = VK_FORMAT_UNDEFINED;
};

class Swapchain {
 public:
  /// Draws over the swapchain image after the output was copied into it: the image is in
  /// COLOR_ATTACHMENT_OPTIMAL when called and must be left so.
  using Overlay = std::function<void(VkCommandBuffer, const SwapchainTarget&)>;

  /// The Context must have been created with a surface (ContextOptions::create_surface).
  static Result<std::unique_ptr<Swapchain>> create(Context& ctx, VkExtent2D framebuffer);
  ~Swapchain();
  Swapchain(const Swapchain&) = delete;
  Swapchain& operator=(const Swapchain&) = delete;

  /// One frame: waits for its frame slot, records `record` (the caller renders into its own
  /// targets, ending with `source`, an RGBA8 image), copies `source` scaled over the whole
  /// swapchain image and presents it. `framebuffer` is the window's current size in pixels.
  /// Returns false (and records nothing) when the window is minimised.
  /// `overlay`, when given, draws over it before it is presented. With `capture`, the presented
  /// picture (overlay included) is also read back into it (waits for the frame).
  Result<bool> present(VkExtent2D framebuffer, Image& source, const std::function<void(VkCommandBuffer)>& record,
                       const Overlay& overlay = {}, ImageRgba8* capture = nullptr);

  /// Waits for the display's refresh (FIFO, the default) or not (mailbox or immediate, where the
  /// surface offers one); takes effect with the next frame.
  void set_vsync(bool on);
  bool vsync() const { return vsync_; }

  VkExtent2D extent() const { return extent_; }
  VkFormat format() const { return format_; }
  std::uint32_t image_count() const { return static_cast<std::uint32_t>(images_.size()); }
  /// How many times the swapchain was (re)created, for tests.
  std::uint32_t generation() const { return generation_; }

 private:
  static constexpr std::uint32_t kFramesInFlight = 2;
  struct FrameSlot {
    VkCommandBuffer cmd = VK_NULL_HANDLE;
    VkFence done = VK_NULL_HANDLE;
    VkSemaphore acquired = VK_NULL_HANDLE;
  };

  explicit Swapchain(Context& ctx) : ctx_(ctx) {}
  Result<void> build(VkExtent2D framebuffer);
  void destroy_images();

  Context& ctx_;
  VkSwapchainKHR swapchain_ = VK_NULL_HANDLE;
  VkFormat format_ = VK_FORMAT_UNDEFINED;
  VkExtent2D extent_{0, 0};
  std::vector<VkImage> images_;
  std::vector<VkImageView> views_;     // one per image, for overlays
  gpu::Buffer capture_;                // read-back of a presented picture, made when first asked
  std::vector<VkSemaphore> rendered_;  // one per swapchain image, signalled for present
  VkCommandPool pool_ = VK_NULL_HANDLE;
  std::array<FrameSlot, kFramesInFlight> slots_{};
  std::uint32_t frame_ = 0;
  std::uint32_t generation_ = 0;
  bool can_capture_ = false;
  bool vsync_ = true;
};

}  // namespace lfx::window

// lfx::gpu::Image: a 2D (or cube) VkImage with its memory and views (one over all mips, and one per mip for
// storage writes). It remembers how it was last used, so a pass states only how it is about to
// use it (Image::use) and the right barrier is recorded. Move-only.
#pragma once

#include <vulkan/vulkan.h>

#include <cstdint>
#include <vector>

#include "liquidfx/core/result.h"
#include "liquidfx/gpu/barriers.h"
#include "liquidfx/gpu/context.h"

namespace lfx::gpu {

struct ImageDesc {
  std::uint32_t width = 0;   ///< Pixels, > 0.
  std::uint32_t height = 0;  ///< Pixels, > 0.
  VkFormat format = VK_FORMAT_R8G8B8A8_UNORM;
  std::uint32_t mip_levels = 1;  ///< 1 .. full chain; see full_mip_count.
  VkImageUsageFlags usage = 0;
  const char* name = "image";
  bool cube = false;  ///< Six square layers seen as a cube (width == height; no storage mips).
};

/// A 2D image the host owns (one mip, one layer, one sample): liquidfx records into it without
/// owning it. `before` is how the host last used it (layout, stages, accesses: liquidfx's first
/// barrier waits for them; an UNDEFINED layout discards what it holds); `after` is how the host
/// uses it next (liquidfx leaves it in that layout, with the barrier to those stages).
struct HostImage {
  VkImage image = VK_NULL_HANDLE;
  VkFormat format = VK_FORMAT_UNDEFINED;
  VkExtent2D extent{0, 0};
  VkImageUsageFlags usage = 0;  ///< The usage it was created with.
  ImageAccess before = access::kUndefined;
  ImageAccess after = access::kUndefined;
};

/// Number of mips of a full chain down to 1x1.
std::uint32_t full_mip_count(std::uint32_t width, std::uint32_t height);

class Image {
 public:
  static Result<Image> create(const Context& ctx, const ImageDesc& desc);
  /// An Image over a host's image: liquidfx makes (and owns) its view, never the image, and
  /// starts from host.before. A depth-stencil image's view shows the depth only; its barriers
  /// cover both aspects. `usage` must hold what liquidfx will use it for (the caller checks).
  static Result<Image> wrap(const Context& ctx, const HostImage& host, const char* name);

  Image() = default;
  ~Image();
  Image(Image&& other) noexcept;
  Image& operator=(Image&& other) noexcept;
  Image(const Image&) = delete;
  Image& operator=(const Image&) = delete;

  VkImage handle() const { return image_; }
  VkImageView view() const { return view_; }
  /// A view of one mip (for storage writes into a mip chain).
  VkImageView mip_view(std::uint32_t level) const { return mip_views_.empty() ? view_ : mip_views_[level]; }
  VkFormat format() const { return desc_.format; }
  VkImageUsageFlags usage() const { return desc_.usage; }
  VkExtent2D extent() const { return {desc_.width, desc_.height}; }
  std::uint32_t width() const { return desc_.width; }
  std::uint32_t height() const { return desc_.height; }
  std::uint32_t mip_levels() const { return desc_.mip_levels; }
  VkImageAspectFlags aspect() const { return aspect_; }
  const char* name() const { return desc_.name; }

  /// Records the barrier from the last use to `next` (skipped between reads in the same layout).
  void use(VkCommandBuffer cmd, const ImageAccess& next);
  /// Records the barrier back to an earlier use after only reading the image (a readback's
  /// copy): its layout and access again, its contents unchanged (write_count stays).
  void restore(VkCommandBuffer cmd, const ImageAccess& earlier);
  /// The layout this image takes for `wanted`: a depth-stencil image keeps both aspects in one
  /// layout, so the depth-only layouts become their depth-stencil forms (the stencil is kept).
  VkImageLayout layout(VkImageLayout wanted) const;
  /// The last use, e.g. to document a layout on exit.
  const ImageAccess& last_use() const { return last_use_; }
  /// Tells the image how it was left by commands recorded elsewhere (per-mip barriers, a host pass).
  void assume(const ImageAccess& now) { last_use_ = now; }
  /// How many recorded uses so far could write the image. Every writer calls use() first (its
  /// barrier depends on it), so an unchanged count means nothing has written the image since.
  std::uint64_t write_count() const { return write_count_; }

 private:
  void release();
  const Context* ctx_ = nullptr;
  VkDevice device_ = VK_NULL_HANDLE;
  VkImage image_ = VK_NULL_HANDLE;
  VkDeviceMemory memory_ = VK_NULL_HANDLE;
  VkImageView view_ = VK_NULL_HANDLE;
  std::vector<VkImageView> mip_views_;
  ImageDesc desc_{};
  VkImageAspectFlags aspect_ = VK_IMAGE_ASPECT_COLOR_BIT;  // of its views
  bool owns_image_ = true;                                 // false: a host's image (wrap)
  ImageAccess last_use_ = access::kUndefined;
  std::uint64_t write_count_ = 0;
};

}  // namespace lfx::gpu

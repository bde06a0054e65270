#include "liquidfx/gpu/image.h"

#include <algorithm>
#include <bit>
#include <string>
#include <utility>

#include "device_memory.h"
#include "upload_ring.h"

namespace lfx::gpu {
namespace {

bool has_stencil(VkFormat format) {
  return format == VK_FORMAT_D24_UNORM_S8_UINT || format == VK_FORMAT_D32_SFLOAT_S8_UINT ||
         format == VK_FORMAT_D16_UNORM_S8_UINT;
}

bool is_depth_format(VkFormat format) {
  return format == VK_FORMAT_D32_SFLOAT || format == VK_FORMAT_D16_UNORM || has_stencil(format);
}

// What views show of a format: its colour, or its depth only.
VkImageAspectFlags view_aspect(VkFormat format) {
  return is_depth_format(format) ? VK_IMAGE_ASPECT_DEPTH_BIT : VK_IMAGE_ASPECT_COLOR_BIT;
}

// A 2D (or cube) view of mips [base, base + count).
Result<void> make_view(VkDevice device, VkImage image, VkFormat format, std::uint32_t base, std::uint32_t count,
                       VkImageView* out, bool cube = false) {
  VkImageViewCreateInfo view{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
  view.image = image;
  view.viewType = cube ? VK_IMAGE_VIEW_TYPE_CUBE : VK_IMAGE_VIEW_TYPE_2D;
  view.format = format;
  view.subresourceRange = {view_aspect(format), base, count, 0, cube ? 6u : 1u};
  return vk_check(vkCreateImageView(device, &view, nullptr, out), "vkCreateImageView");
}

}  // namespace

std::uint32_t full_mip_count(std::uint32_t width, std::uint32_t height) {
  return static_cast<std::uint32_t>(std::bit_width(std::max(width, height)));
}

Result<Image> Image::create(const Context& ctx, const ImageDesc& desc) {
  if (desc.width == 0 || desc.height == 0)
    return input_error(std::string(desc.name) + ": image size must be at least 1x1");
  const VkPhysicalDeviceLimits& limits = ctx.properties().limits;
  if (desc.width > limits.maxImageDimension2D || desc.height > limits.maxImageDimension2D)
    return input_error(std::string(desc.name) + ": " + std::to_string(desc.width) + "x" + std::to_string(desc.height) +
                       " exceeds the device's largest image (" + std::to_string(limits.maxImageDimension2D) + ")");
  assert(desc.mip_levels >= 1 && desc.mip_levels <= full_mip_count(desc.width, desc.height));
  assert(!desc.cube || (desc.width == desc.height && !(desc.usage & VK_IMAGE_USAGE_STORAGE_BIT)));

  Image img;
  img.ctx_ = &ctx;
  img.device_ = ctx.device();
  img.desc_ = desc;
  img.aspect_ = view_aspect(desc.format);

  VkImageCreateInfo info{VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO};
  info.imageType = VK_IMAGE_TYPE_2D;
  info.format = desc.format;
  info.extent = {desc.width, desc.height, 1};
  info.mipLevels = desc.mip_levels;
  info.arrayLayers = desc.cube ? 6 : 1;
  if (desc.cube) info.flags = VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT;
  info.samples = VK_SAMPLE_COUNT_1_BIT;
  info.tiling = VK_IMAGE_TILING_OPTIMAL;
  info.usage = desc.usage;
  info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  info.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
  LFX_TRY(vk_check(vkCreateImage(img.device_, &info, nullptr, &img.image_), desc.name));
  ctx.set_name(VK_OBJECT_TYPE_IMAGE, reinterpret_cast<std::uint64_t>(img.image_), desc.name);

  VkMemoryRequirements req{};
  vkGetImageMemoryRequirements(img.device_, img.image_, &req);
  const std::uint32_t type = ctx.find_memory_type(req.memoryTypeBits, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
  if (type == UINT32_MAX) return gpu_error(std::string(desc.name) + ": no device-local memory for the image");
  LFX_TRY_ASSIGN(img.memory_, allocate_device_memory(ctx, req, type, nullptr, desc.name));
  if (auto r = vk_check(vkBindImageMemory(img.device_, img.image_, img.memory_, 0), "vkBindImageMemory"); !r)
    return r.error();

  // Transfer-only images have no views (a view needs a shader or attachment usage).
  constexpr VkImageUsageFlags kViewUsages = VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_STORAGE_BIT |
                                            VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
                                            VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT;
  if (!(desc.usage & kViewUsages)) return img;
  LFX_TRY(make_view(img.device_, img.image_, desc.format, 0, desc.mip_levels, &img.view_, desc.cube));
  if (desc.mip_levels > 1 && (desc.usage & VK_IMAGE_USAGE_STORAGE_BIT)) {
    img.mip_views_.resize(desc.mip_levels, VK_NULL_HANDLE);
    for (std::uint32_t level = 0; level < desc.mip_levels; ++level)
      LFX_TRY(make_view(img.device_, img.image_, desc.format, level, 1, &img.mip_views_[level]));
  }
  return img;
}

Result<Image> Image::wrap(const Context& ctx, const HostImage& host, const char* name) {
  if (!host.image) return input_error(std::string(name) + ": no VkImage");
  if (host.extent.width == 0 || host.extent.height == 0)
    return input_error(std::string(name) + ": image size must be at least 1x1");
  Image img;
  img.ctx_ = &ctx;
  img.device_ = ctx.device();
  img.image_ = host.image;
  img.owns_image_ = false;
  img.desc_ = {host.extent.width, host.extent.height, host.format, 1, host.usage, name};
  img.aspect_ = view_aspect(host.format);
  img.last_use_ = host.before;
  LFX_TRY(make_view(img.device_, host.image, host.format, 0, 1, &img.view_));
  return img;
}

Image::~Image() {
  release();
}

Image::Image(Image&& other) noexcept {
  *this = std::move(other);
}

Image& Image::operator=(Image&& other) noexcept {
  if (this != &other) {
    release();
    ctx_ = std::exchange(other.ctx_, nullptr);
    device_ = std::exchange(other.device_, VK_NULL_HANDLE);
    image_ = std::exchange(other.image_, VK_NULL_HANDLE);
    memory_ = std::exchange(other.memory_, VK_NULL_HANDLE);
    view_ = std::exchange(other.view_, VK_NULL_HANDLE);
    mip_views_ = std::move(other.mip_views_);
    other.mip_views_.clear();
    desc_ = other.desc_;
    aspect_ = other.aspect_;
    owns_image_ = other.owns_image_;
    last_use_ = std::exchange(other.last_use_, access::kUndefined);
    write_count_ = std::exchange(other.write_count_, 0);
  }
  return *this;
}

void Image::release() {
  if (!device_) return;
  if (UploadRing* uploads = ctx_->upload_ring()) uploads->forget(reinterpret_cast<std::uint64_t>(image_));
  for (VkImageView v : mip_views_)
    if (v) vkDestroyImageView(device_, v, nullptr);
  mip_views_.clear();
  if (view_) vkDestroyImageView(device_, view_, nullptr);
  if (image_ && owns_image_) vkDestroyImage(device_, image_, nullptr);
  if (memory_) vkFreeMemory(device_, memory_, nullptr);
  device_ = VK_NULL_HANDLE;
  image_ = VK_NULL_HANDLE;
  memory_ = VK_NULL_HANDLE;
  view_ = VK_NULL_HANDLE;
}

VkImageLayout Image::layout(VkImageLayout wanted) const {
  if (!has_stencil(desc_.format)) return wanted;
  if (wanted == VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL) return VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL;
  if (wanted == VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_OPTIMAL) return VK_IMAGE_LAYOUT_DEPTH_STENCIL_READ_ONLY_OPTIMAL;
  return wanted;
}

void Image::restore(VkCommandBuffer cmd, const ImageAccess& earlier) {
  const std::uint64_t writes = write_count_;
  use(cmd, earlier);
  write_count_ = writes;
}

void Image::use(VkCommandBuffer cmd, const ImageAccess& wanted) {
  const ImageAccess next{layout(wanted.layout), wanted.stage, wanted.access};
  if (next.writes()) ++write_count_;
  const bool same_layout = last_use_.layout == next.layout;
  if (same_layout && !last_use_.writes() && !next.writes() && last_use_.layout != VK_IMAGE_LAYOUT_UNDEFINED) {
    // Read after read: no barrier, but later writers must wait for both sets of readers.
    last_use_.stage |= next.stage;
    last_use_.access |= next.access;
    return;
  }
  // Barriers on a depth-stencil image cover both aspects (they share one layout).
  image_barrier(cmd, image_, aspect_ | (has_stencil(desc_.format) ? VK_IMAGE_ASPECT_STENCIL_BIT : 0), last_use_, next);
  last_use_ = next;
}

}  // namespace lfx::gpu

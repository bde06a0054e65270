#include "liquidfx/window/swapchain.h"

#include <algorithm>

#include "liquidfx/gpu/barriers.h"

namespace lfx::window {
namespace {

constexpr std::uint64_t kFrameTimeoutNs = 10ull * 1000 * 1000 * 1000;

VkSurfaceFormatKHR choose_format(VkPhysicalDevice device, VkSurfaceKHR surface) {
  std::uint32_t count = 0;
  vkGetPhysicalDeviceSurfaceFormatsKHR(device, surface, &count, nullptr);
  std::vector<VkSurfaceFormatKHR> formats(count);
  vkGetPhysicalDeviceSurfaceFormatsKHR(device, surface, &count, formats.data());
  // liquidfx's output is already sRGB-encoded, so a UNORM swapchain stores it unchanged.
  for (const auto& f : formats)
    if ((f.format == VK_FORMAT_B8G8R8A8_UNORM || f.format == VK_FORMAT_R8G8B8A8_UNORM) &&
        f.colorSpace == VK_COLOR_SPACE_SRGB_NONLINEAR_KHR)
      return f;
  return formats.empty() ? VkSurfaceFormatKHR{VK_FORMAT_UNDEFINED, VK_COLOR_SPACE_SRGB_NONLINEAR_KHR} : formats[0];
}

}  // namespace

Result<std::unique_ptr<Swapchain>> Swapchain::create(Context& ctx, VkExtent2D framebuffer) {
  if (ctx.surface() == VK_NULL_HANDLE) return gpu_error("Swapchain: the Context has no window surface");
  std::unique_ptr<Swapchain> sc(new Swapchain(ctx));
  VkCommandPoolCreateInfo pool_info{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
  pool_info.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
  pool_info.queueFamilyIndex = ctx.queue_family();
  if (auto r = gpu::vk_check(vkCreateCommandPool(ctx.device(), &pool_info, nullptr, &sc->pool_), "vkCreateCommandPool");
      !r)
    return r.error();
  for (FrameSlot& slot : sc->slots_) {
    VkCommandBufferAllocateInfo alloc{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
    alloc.commandPool = sc->pool_;
    alloc.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    alloc.commandBufferCount = 1;
    VkFenceCreateInfo fence{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    fence.flags = VK_FENCE_CREATE_SIGNALED_BIT;
    VkSemaphoreCreateInfo semaphore{VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO};
    if (auto r = gpu::vk_check(vkAllocateCommandBuffers(ctx.device(), &alloc, &slot.cmd), "vkAllocateCommandBuffers");
        !r)
      return r.error();
    if (auto r = gpu::vk_check(vkCreateFence(ctx.device(), &fence, nullptr, &slot.done), "vkCreateFence"); !r)
      return r.error();
    if (auto r =
            gpu::vk_check(vkCreateSemaphore(ctx.device(), &semaphore, nullptr, &slot.acquired), "vkCreateSemaphore");
        !r)
      return r.error();
  }
  if (framebuffer.width > 0 && framebuffer.height > 0) LFX_TRY(sc->build(framebuffer));
  return sc;
}

Swapchain::~Swapchain() {
  VkDevice device = ctx_.device();
  vkDeviceWaitIdle(device);
  destroy_images();
  if (swapchain_) vkDestroySwapchainKHR(device, swapchain_, nullptr);
  for (FrameSlot& slot : slots_) {
    if (slot.done) vkDestroyFence(device, slot.done, nullptr);
    if (slot.acquired) vkDestroySemaphore(device, slot.acquired, nullptr);
  }
  if (pool_) vkDestroyCommandPool(device, pool_, nullptr);
}

void Swapchain::destroy_images() {
  for (VkImageView v : views_) vkDestroyImageView(ctx_.device(), v, nullptr);
  views_.clear();
  for (VkSemaphore s : rendered_) vkDestroySemaphore(ctx_.device(), s, nullptr);
  rendered_.clear();
  images_.clear();
}

Result<void> Swapchain::build(VkExtent2D framebuffer) {
  VkDevice device = ctx_.device();
  vkDeviceWaitIdle(device);
  VkSurfaceCapabilitiesKHR caps{};
  if (auto r = gpu::vk_check(vkGetPhysicalDeviceSurfaceCapabilitiesKHR(ctx_.physical_device(), ctx_.surface(), &caps),
                             "vkGetPhysicalDeviceSurfaceCapabilitiesKHR");
      !r)
    return r;
  VkExtent2D extent = caps.currentExtent;
  if (extent.width == UINT32_MAX) {
    extent.width = std::clamp(framebuffer.width, caps.minImageExtent.width, caps.maxImageExtent.width);
    extent.height = std::clamp(framebuffer.height, caps.minImageExtent.height, caps.maxImageExtent.height);
  }
  if (extent.width == 0 || extent.height == 0) return success();  // minimised: build later

  const VkSurfaceFormatKHR format = choose_format(ctx_.physical_device(), ctx_.surface());
  if (format.format == VK_FORMAT_UNDEFINED) return gpu_error("the window surface offers no image format");
  std::uint32_t count = caps.minImageCount + 1;
  if (caps.maxImageCount > 0) count = std::min(count, caps.maxImageCount);

  VkSwapchainCreateInfoKHR info{VK_STRUCTURE_TYPE_SWAPCHAIN_CREATE_INFO_KHR};
  info.surface = ctx_.surface();
  info.minImageCount = count;
  info.imageFormat = format.format;
  info.imageColorSpace = format.colorSpace;
  info.imageExtent = extent;
  info.imageArrayLayers = 1;
  // Transfer source where offered: a screenshot reads the window's picture back.
  info.imageUsage = VK_IMAGE_USAGE_TRANSFER_DST_BIT | VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT |
                    (caps.supportedUsageFlags & VK_IMAGE_USAGE_TRANSFER_SRC_BIT);
  can_capture_ = (caps.supportedUsageFlags & VK_IMAGE_USAGE_TRANSFER_SRC_BIT) != 0;
  info.imageSharingMode = VK_SHARING_MODE_EXCLUSIVE;
  info.preTransform = caps.currentTransform;
  info.compositeAlpha = VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR;
  info.presentMode = VK_PRESENT_MODE_FIFO_KHR;  // always supported
  if (!vsync_) {
    std::uint32_t modes = 0;
    vkGetPhysicalDeviceSurfacePresentModesKHR(ctx_.physical_device(), ctx_.surface(), &modes, nullptr);
    std::vector<VkPresentModeKHR> offered(modes);
    vkGetPhysicalDeviceSurfacePresentModesKHR(ctx_.physical_device(), ctx_.surface(), &modes, offered.data());
    for (const VkPresentModeKHR m : {VK_PRESENT_MODE_MAILBOX_KHR, VK_PRESENT_MODE_IMMEDIATE_KHR})
      if (std::find(offered.begin(), offered.end(), m) != offered.end()) {
        info.presentMode = m;
        break;
      }
  }
  info.clipped = VK_TRUE;
  info.oldSwapchain = swapchain_;
  VkSwapchainKHR created = VK_NULL_HANDLE;
  if (auto r = gpu::vk_check(vkCreateSwapchainKHR(device, &info, nullptr, &created), "vkCreateSwapchainKHR"); !r)
    return r;
  destroy_images();
  if (swapchain_) vkDestroySwapchainKHR(device, swapchain_, nullptr);
  swapchain_ = created;
  format_ = format.format;
  extent_ = extent;
  ++generation_;

  vkGetSwapchainImagesKHR(device, swapchain_, &count, nullptr);
  images_.resize(count);
  vkGetSwapchainImagesKHR(device, swapchain_, &count, images_.data());
  for (VkImage image : images_) {
    VkImageViewCreateInfo view{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
    view.image = image;
    view.viewType = VK_IMAGE_VIEW_TYPE_2D;
    view.format = format_;
    view.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
    VkImageView made = VK_NULL_HANDLE;
    LFX_TRY(gpu::vk_check(vkCreateImageView(device, &view, nullptr, &made), "vkCreateImageView"));
    views_.push_back(made);
  }
  rendered_.resize(count, VK_NULL_HANDLE);
  for (VkSemaphore& s : rendered_) {
    VkSemaphoreCreateInfo semaphore{VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO};
    LFX_TRY(gpu::vk_check(vkCreateSemaphore(device, &semaphore, nullptr, &s), "vkCreateSemaphore"));
  }
  return success();
}

void Swapchain::set_vsync(bool on) {
  if (on == vsync_) return;
  vsync_ = on;
  extent_ = {0, 0};  // rebuilt at the next present
}

Result<bool> Swapchain::present(VkExtent2D framebuffer, Image& source,
                                const std::function<void(VkCommandBuffer)>& record, const Overlay& overlay,
                                ImageRgba8* capture) {
  if (capture && !can_capture_) return gpu_error("this window's surface cannot be read back (no transfer source)");
  if (framebuffer.width == 0 || framebuffer.height == 0) return false;  // minimised
  if (!swapchain_ || framebuffer.width != extent_.width || framebuffer.height != extent_.height) {
    LFX_TRY(build(framebuffer));
    if (!swapchain_) return false;
  }
  VkDevice device = ctx_.device();
  FrameSlot& slot = slots_[frame_ % kFramesInFlight];
  if (auto r = gpu::vk_check(vkWaitForFences(device, 1, &slot.done, VK_TRUE, kFrameTimeoutNs), "waiting for a frame");
      !r)
    return r.error();

  std::uint32_t index = 0;
  VkResult acquired = vkAcquireNextImageKHR(device, swapchain_, kFrameTimeoutNs, slot.acquired, VK_NULL_HANDLE, &index);
  if (acquired == VK_ERROR_OUT_OF_DATE_KHR) {
    LFX_TRY(build(framebuffer));
    return false;  // try again next frame with the new swapchain
  }
  if (acquired != VK_SUCCESS && acquired != VK_SUBOPTIMAL_KHR)
    return gpu::vk_check(acquired, "vkAcquireNextImageKHR").error();
  vkResetFences(device, 1, &slot.done);

  VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  vkResetCommandBuffer(slot.cmd, 0);
  vkBeginCommandBuffer(slot.cmd, &begin);
  record(slot.cmd);

  // Copy the output over the swapchain image (scaled when the sizes differ).
  const gpu::ImageAccess acquire_point{VK_IMAGE_LAYOUT_UNDEFINED, VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT,
                                       VK_ACCESS_2_NONE};
  gpu::image_barrier(slot.cmd, images_[index], VK_IMAGE_ASPECT_COLOR_BIT, acquire_point, gpu::access::kTransferDst);
  source.use(slot.cmd, gpu::access::kTransferSrc);
  VkImageBlit2 region{VK_STRUCTURE_TYPE_IMAGE_BLIT_2};
  region.srcSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
  region.srcOffsets[1] = {int32_t(source.width()), int32_t(source.height()), 1};
  region.dstSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
  region.dstOffsets[1] = {int32_t(extent_.width), int32_t(extent_.height), 1};
  VkBlitImageInfo2 blit{VK_STRUCTURE_TYPE_BLIT_IMAGE_INFO_2};
  blit.srcImage = source.handle();
  blit.srcImageLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
  blit.dstImage = images_[index];
  blit.dstImageLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
  blit.regionCount = 1;
  blit.pRegions = &region;
  blit.filter = VK_FILTER_LINEAR;
  vkCmdBlitImage2(slot.cmd, &blit);
  gpu::ImageAccess last = gpu::access::kTransferDst;
  if (overlay) {
    gpu::image_barrier(slot.cmd, images_[index], VK_IMAGE_ASPECT_COLOR_BIT, last, gpu::access::kColorAttachment);
    overlay(slot.cmd, {images_[index], views_[index], index, extent_, format_});
    last = gpu::access::kColorAttachment;
  }
  const VkDeviceSize capture_bytes = VkDeviceSize(extent_.width) * extent_.height * 4;
  if (capture) {
    if (capture_.size() < capture_bytes) {
      LFX_TRY_ASSIGN(capture_, gpu::Buffer::create(ctx_, capture_bytes, VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                                   gpu::MemoryUsage::readback, "window capture"));
    }
    gpu::image_barrier(slot.cmd, images_[index], VK_IMAGE_ASPECT_COLOR_BIT, last, gpu::access::kTransferSrc);
    VkBufferImageCopy copy{};
    copy.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
    copy.imageExtent = {extent_.width, extent_.height, 1};
    vkCmdCopyImageToBuffer(slot.cmd, images_[index], VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, capture_.handle(), 1, &copy);
    gpu::memory_barrier(slot.cmd, VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                        VK_PIPELINE_STAGE_2_HOST_BIT, VK_ACCESS_2_HOST_READ_BIT);
    last = gpu::access::kTransferSrc;
  }
  gpu::image_barrier(slot.cmd, images_[index], VK_IMAGE_ASPECT_COLOR_BIT, last, gpu::access::kPresent);
  LFX_TRY(gpu::vk_check(vkEndCommandBuffer(slot.cmd), "vkEndCommandBuffer"));

  VkSemaphoreSubmitInfo wait{VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO};
  wait.semaphore = slot.acquired;
  wait.stageMask = VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT;
  VkSemaphoreSubmitInfo signal{VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO};
  signal.semaphore = rendered_[index];
  signal.stageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT;
  LFX_TRY(ctx_.submit(slot.cmd, {&wait, 1}, {&signal, 1}, slot.done));
  if (capture) {
    LFX_TRY(gpu::vk_check(vkWaitForFences(device, 1, &slot.done, VK_TRUE, kFrameTimeoutNs), "waiting for a capture"));
    const auto* bytes = static_cast<const std::uint8_t*>(capture_.mapped());
    const bool bgra = format_ == VK_FORMAT_B8G8R8A8_UNORM || format_ == VK_FORMAT_B8G8R8A8_SRGB;
    *capture = ImageRgba8(int(extent_.width), int(extent_.height));
    for (std::size_t p = 0; p < std::size_t(extent_.width) * extent_.height; ++p) {
      std::uint8_t* out = capture->pixels.data() + 4 * p;
      const std::uint8_t* in = bytes + 4 * p;
      out[0] = in[bgra ? 2 : 0];
      out[1] = in[1];
      out[2] = in[bgra ? 0 : 2];
      out[3] = 255;
    }
  }

  VkPresentInfoKHR present{VK_STRUCTURE_TYPE_PRESENT_INFO_KHR};
  present.waitSemaphoreCount = 1;
  present.pWaitSemaphores = &rendered_[index];
  present.swapchainCount = 1;
  present.pSwapchains = &swapchain_;
  present.pImageIndices = &index;
  const VkResult presented = vkQueuePresentKHR(ctx_.queue(), &present);
  ++frame_;
  if (presented == VK_ERROR_OUT_OF_DATE_KHR || presented == VK_SUBOPTIMAL_KHR) {
    LFX_TRY(build(framebuffer));
    return true;
  }
  LFX_TRY(gpu::vk_check(presented, "vkQueuePresentKHR"));
  return true;
}

}  // namespace lfx::window

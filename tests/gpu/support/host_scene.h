// A host engine's frame for tests: its own colour and depth images (any format liquidfx takes),
// the picture it draws into them before liquidfx (a background, stripes, a box, a depth ramp),
// and their texels read back as linear rgb.
#pragma once

#include <vulkan/vulkan.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <glm/gtc/packing.hpp>
#include <glm/vec3.hpp>
#include <ostream>
#include <vector>

#include "liquidfx/core/image.h"
#include "liquidfx/gpu/barriers.h"
#include "liquidfx/gpu/buffer.h"
#include "liquidfx/gpu/image.h"
#include "liquidfx/gpu/render/host_frame.h"
#include "liquidfx/gpu/transfer.h"

namespace lfx::test {

constexpr glm::vec3 kBackground{0.45f, 0.45f, 0.5f}, kStripe{0.05f, 0.05f, 0.08f}, kBox{0.1f, 0.7f, 0.2f};

struct HostCase {
  VkFormat color, depth;
  bool reversed;
  const char* name;
};
// For gtest's messages.
inline void PrintTo(const HostCase& c, std::ostream* os) {
  *os << c.name;
}

inline std::uint32_t texel_bytes(VkFormat f) {
  return f == VK_FORMAT_R16G16B16A16_SFLOAT ? 8 : 4;
}

// Linear rgb of texel i of a read-back image.
inline glm::vec3 texel(const std::vector<std::byte>& bytes, VkFormat f, std::size_t i) {
  const std::byte* p = bytes.data() + i * texel_bytes(f);
  if (f == VK_FORMAT_R16G16B16A16_SFLOAT) {
    std::uint16_t h[3];
    std::memcpy(h, p, sizeof(h));
    return {glm::unpackHalf1x16(h[0]), glm::unpackHalf1x16(h[1]), glm::unpackHalf1x16(h[2])};
  }
  if (f == VK_FORMAT_B10G11R11_UFLOAT_PACK32) {
    std::uint32_t v;
    std::memcpy(&v, p, 4);
    return glm::unpackF2x11_1x10(v);
  }
  glm::vec3 c;
  for (int k = 0; k < 3; ++k) {
    const float s = float(std::to_integer<int>(p[k])) / 255.0f;
    c[k] = s <= 0.04045f ? s / 12.92f : std::pow((s + 0.055f) / 1.055f, 2.4f);  // sRGB
  }
  return c;
}

// Linear rgb as an sRGB picture, to look at.
inline ImageRgba8 to_image(const std::vector<glm::vec3>& linear, std::uint32_t width) {
  ImageRgba8 image{int(width), int(linear.size() / width)};
  for (std::size_t i = 0; i < linear.size(); ++i) {
    for (int k = 0; k < 3; ++k) {
      const float v = std::clamp(linear[i][k], 0.0f, 1.0f);
      const float s = v <= 0.0031308f ? 12.92f * v : 1.055f * std::pow(v, 1.0f / 2.4f) - 0.055f;
      image.pixels[i * 4 + k] = std::uint8_t(255.0f * s + 0.5f);
    }
    image.pixels[i * 4 + 3] = 255;
  }
  return image;
}

// The host's part: its images and the picture it draws into them before liquidfx.
class HostScene {
 public:
  HostScene(gpu::Context& ctx, const HostCase& c, VkExtent2D size) : ctx_(ctx), case_(c), size_(size) {
    const VkImageUsageFlags color_usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                                          VK_IMAGE_USAGE_TRANSFER_DST_BIT | VK_IMAGE_USAGE_SAMPLED_BIT |
                                          (gpu::drawn_directly(c.color) ? VK_IMAGE_USAGE_STORAGE_BIT : 0);
    auto color = gpu::Image::create(ctx, {size.width, size.height, c.color, 1, color_usage, "engine colour"});
    EXPECT_TRUE(color);
    color_ = std::move(color.value());
    if (c.depth == VK_FORMAT_UNDEFINED) return;  // a canvas: colour only
    auto depth = gpu::Image::create(ctx, {size.width, size.height, c.depth, 1,
                                          VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT | VK_IMAGE_USAGE_SAMPLED_BIT |
                                              VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
                                          "engine depth"});
    EXPECT_TRUE(depth);
    depth_ = std::move(depth.value());
  }

  // The frame as liquidfx gets it: drawn as an attachment, read back by a copy afterwards.
  gpu::HostFrame frame() const {
    gpu::HostFrame f;
    f.color = {color_.handle(),          case_.color, color_.extent(), color_.usage(), gpu::access::kColorAttachment,
               gpu::access::kTransferSrc};
    f.depth = {depth_.handle(), case_.depth, depth_.extent(), depth_.usage(), depth_attachment(), depth_attachment()};
    return f;
  }

  // Clears to the background and the far depth, draws dark stripes (colour only), when asked a
  // depth that changes from column to column (a value of its own a column, behind the scene's
  // liquids, as a real scene's depth is) and, when given, a box at device depth `box_depth` over
  // `box`.
  void draw(VkCommandBuffer cmd, bool stripes, const VkRect2D* box, float box_depth, bool depth_ramp = false) {
    gpu::image_barrier(cmd, color_.handle(), VK_IMAGE_ASPECT_COLOR_BIT, gpu::access::kUndefined,
                       gpu::access::kColorAttachment);
    if (depth_.handle())
      gpu::image_barrier(cmd, depth_.handle(), depth_aspects(), gpu::access::kUndefined, depth_attachment());
    VkRenderingAttachmentInfo color{VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO};
    color.imageView = color_.view();
    color.imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
    color.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR;
    color.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
    color.clearValue.color = {{kBackground.r, kBackground.g, kBackground.b, 1.0f}};
    VkRenderingAttachmentInfo depth{VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO};
    depth.imageView = depth_.view();
    depth.imageLayout = depth_attachment().layout;
    depth.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR;
    depth.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
    depth.clearValue.depthStencil = {case_.reversed ? 0.0f : 1.0f, 0};
    VkRenderingInfo rendering{VK_STRUCTURE_TYPE_RENDERING_INFO};
    rendering.renderArea = {{0, 0}, color_.extent()};
    rendering.layerCount = 1;
    rendering.colorAttachmentCount = 1;
    rendering.pColorAttachments = &color;
    rendering.pDepthAttachment = depth_.handle() ? &depth : nullptr;
    vkCmdBeginRendering(cmd, &rendering);
    if (stripes) {
      std::vector<VkClearRect> rects;
      for (std::uint32_t x = 4; x < size_.width; x += 12) rects.push_back({{{int(x), 0}, {4, size_.height}}, 0, 1});
      const VkClearAttachment dark{VK_IMAGE_ASPECT_COLOR_BIT, 0, {{{kStripe.r, kStripe.g, kStripe.b, 1.0f}}}};
      vkCmdClearAttachments(cmd, 1, &dark, std::uint32_t(rects.size()), rects.data());
    }
    if (depth_ramp) {
      for (std::uint32_t x = 0; x < size_.width; ++x) {
        VkClearAttachment column{VK_IMAGE_ASPECT_DEPTH_BIT, 0, {}};
        const float far_side = 0.95f + 0.04f * float(x) / float(size_.width);
        column.clearValue.depthStencil = {case_.reversed ? 1.0f - far_side : far_side, 0};
        const VkClearRect rect{{{int(x), 0}, {1, size_.height}}, 0, 1};
        vkCmdClearAttachments(cmd, 1, &column, 1, &rect);
      }
    }
    if (box) {
      VkClearAttachment parts[2] = {{VK_IMAGE_ASPECT_COLOR_BIT, 0, {{{kBox.r, kBox.g, kBox.b, 1.0f}}}},
                                    {VK_IMAGE_ASPECT_DEPTH_BIT, 0, {}}};
      parts[1].clearValue.depthStencil = {box_depth, 0};
      const VkClearRect rect{*box, 0, 1};
      vkCmdClearAttachments(cmd, 2, parts, 1, &rect);
    }
    vkCmdEndRendering(cmd);
  }

  // Linear rgb of every pixel, read after liquidfx left the colour as TRANSFER_SRC.
  std::vector<glm::vec3> read() {
    color_.assume(gpu::access::kTransferSrc);
    auto bytes = gpu::read_image(ctx_, color_, texel_bytes(case_.color));
    EXPECT_TRUE(bytes);
    std::vector<glm::vec3> out(std::size_t(size_.width) * size_.height);
    for (std::size_t i = 0; bytes && i < out.size(); ++i) out[i] = texel(*bytes, case_.color, i);
    return out;
  }

  // The depth's texels as stored (4-byte formats: D24's upper 8 bits masked off, D32's float
  // bits), read after liquidfx left the depth as an attachment.
  std::vector<std::uint32_t> read_depth() {
    const std::size_t texels = std::size_t(size_.width) * size_.height;
    auto buffer = gpu::Buffer::create(ctx_, texels * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT, gpu::MemoryUsage::readback,
                                      "engine depth read-back");
    EXPECT_TRUE(buffer);
    if (!buffer) return {};
    EXPECT_TRUE(ctx_.submit_and_wait([&](VkCommandBuffer cmd) {
      gpu::image_barrier(cmd, depth_.handle(), depth_aspects(), depth_attachment(), gpu::access::kTransferSrc);
      VkBufferImageCopy region{};
      region.imageSubresource = {VK_IMAGE_ASPECT_DEPTH_BIT, 0, 0, 1};
      region.imageExtent = {size_.width, size_.height, 1};
      vkCmdCopyImageToBuffer(cmd, depth_.handle(), VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, buffer->handle(), 1, &region);
      gpu::image_barrier(cmd, depth_.handle(), depth_aspects(), gpu::access::kTransferSrc, depth_attachment());
      gpu::memory_barrier(cmd, VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                          VK_PIPELINE_STAGE_2_HOST_BIT, VK_ACCESS_2_HOST_READ_BIT);
    }));
    std::vector<std::uint32_t> out(texels);
    std::memcpy(out.data(), buffer->mapped(), texels * 4);
    if (stencil())
      for (std::uint32_t& v : out) v &= 0x00FFFFFFu;
    return out;
  }

 private:
  bool stencil() const { return case_.depth == VK_FORMAT_D24_UNORM_S8_UINT; }
  VkImageAspectFlags depth_aspects() const {
    return VK_IMAGE_ASPECT_DEPTH_BIT | (stencil() ? VK_IMAGE_ASPECT_STENCIL_BIT : 0);
  }
  gpu::ImageAccess depth_attachment() const {
    return {stencil() ? VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL : VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL,
            VK_PIPELINE_STAGE_2_EARLY_FRAGMENT_TESTS_BIT | VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT,
            VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_READ_BIT | VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT};
  }
  gpu::Context& ctx_;
  HostCase case_;
  VkExtent2D size_;
  gpu::Image color_, depth_;
};

}  // namespace lfx::test

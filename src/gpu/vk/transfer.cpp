#include "liquidfx/gpu/transfer.h"

#include <algorithm>
#include <cstring>

#include "upload_ring.h"

namespace lfx::gpu {

void record_buffer_update(VkCommandBuffer cmd, const Buffer& buffer, std::span<const std::byte> bytes,
                          VkDeviceSize offset) {
  constexpr VkDeviceSize kChunk = 65536;  // vkCmdUpdateBuffer's limit
  constexpr VkAccessFlags2 kShaderReads = VK_ACCESS_2_SHADER_STORAGE_READ_BIT | VK_ACCESS_2_UNIFORM_READ_BIT;
  assert(offset + bytes.size() <= buffer.size());
  memory_barrier(cmd, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, kShaderReads, VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT,
                 VK_ACCESS_2_TRANSFER_WRITE_BIT);
  for (VkDeviceSize at = 0; at < bytes.size(); at += kChunk)
    vkCmdUpdateBuffer(cmd, buffer.handle(), offset + at, std::min<VkDeviceSize>(kChunk, bytes.size() - at),
                      bytes.data() + at);
  memory_barrier(cmd, VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                 VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, kShaderReads);
}

Result<void> upload_buffer(Context& ctx, const Buffer& buffer, std::span<const std::byte> bytes, VkDeviceSize offset) {
  assert(offset + bytes.size() <= buffer.size());
  return ctx.upload_ring()->stage_buffer(buffer.handle(), bytes, offset);
}

Result<void> upload_image(Context& ctx, Image& image, std::span<const std::byte> texels, const ImageAccess& then) {
  assert(image.aspect() == VK_IMAGE_ASPECT_COLOR_BIT);
  const ImageAccess from = image.last_use();
  LFX_TRY(ctx.upload_ring()->stage_image(image.handle(), image.extent(), texels, from, then));
  image.assume(then);  // as it will be once the staged copy is recorded, before any later use
  return success();
}

Result<std::vector<std::byte>> read_image(Context& ctx, Image& image, std::uint32_t texel_bytes, std::uint32_t mip) {
  assert(mip < image.mip_levels());
  const std::uint32_t w = std::max(1u, image.width() >> mip);
  const std::uint32_t h = std::max(1u, image.height() >> mip);
  const VkDeviceSize size = VkDeviceSize(w) * h * texel_bytes;
  auto staging = Buffer::create(ctx, size, VK_BUFFER_USAGE_TRANSFER_DST_BIT, MemoryUsage::readback, "readback");
  if (!staging) return staging.error();
  const ImageAccess previous = image.last_use();
  auto submitted = ctx.submit_and_wait([&](VkCommandBuffer cmd) {
    image.use(cmd, access::kTransferSrc);
    VkBufferImageCopy region{};
    region.imageSubresource = {image.aspect(), mip, 0, 1};
    region.imageExtent = {w, h, 1};
    vkCmdCopyImageToBuffer(cmd, image.handle(), VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, staging->handle(), 1, &region);
    if (previous.layout != VK_IMAGE_LAYOUT_UNDEFINED) image.restore(cmd, previous);
    memory_barrier(cmd, VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                   VK_PIPELINE_STAGE_2_HOST_BIT, VK_ACCESS_2_HOST_READ_BIT);
  });
  if (!submitted) return submitted.error();
  staging->invalidate();
  std::vector<std::byte> out(size);
  std::memcpy(out.data(), staging->mapped(), size);
  return out;
}

Result<ImageRgba8> read_image_rgba8(Context& ctx, Image& image) {
  assert(image.format() == VK_FORMAT_R8G8B8A8_UNORM || image.format() == VK_FORMAT_R8G8B8A8_SRGB);
  auto bytes = read_image(ctx, image, 4);
  if (!bytes) return bytes.error();
  ImageRgba8 out(int(image.width()), int(image.height()));
  std::memcpy(out.pixels.data(), bytes->data(), out.pixels.size());
  return out;
}

Result<std::vector<std::byte>> read_buffer(Context& ctx, const Buffer& buffer) {
  auto staging =
      Buffer::create(ctx, buffer.size(), VK_BUFFER_USAGE_TRANSFER_DST_BIT, MemoryUsage::readback, "readback");
  if (!staging) return staging.error();
  auto submitted = ctx.submit_and_wait([&](VkCommandBuffer cmd) {
    memory_barrier(cmd, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, VK_ACCESS_2_MEMORY_WRITE_BIT,
                   VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_READ_BIT);
    const VkBufferCopy region{0, 0, buffer.size()};
    vkCmdCopyBuffer(cmd, buffer.handle(), staging->handle(), 1, &region);
    memory_barrier(cmd, VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                   VK_PIPELINE_STAGE_2_HOST_BIT, VK_ACCESS_2_HOST_READ_BIT);
  });
  if (!submitted) return submitted.error();
  staging->invalidate();
  std::vector<std::byte> out(buffer.size());
  std::memcpy(out.data(), staging->mapped(), out.size());
  return out;
}

}  // namespace lfx::gpu

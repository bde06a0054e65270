#include "upload_ring.h"

#include <algorithm>
#include <cassert>
#include <limits>

#include "liquidfx/gpu/context.h"

namespace lfx::gpu {
namespace {

// Blocks are reused; an upload larger than one gets a buffer of its own, freed once copied.
constexpr VkDeviceSize kBlockBytes = VkDeviceSize(4) << 20;
// Buffer-to-image copies need offsets that are multiples of the texel size (and of 4).
constexpr VkDeviceSize kAlignment = 16;
constexpr std::uint64_t kPending = std::numeric_limits<std::uint64_t>::max();

VkDeviceSize aligned(VkDeviceSize bytes) {
  return (bytes + kAlignment - 1) / kAlignment * kAlignment;
}

std::uint64_t handle_bits(auto handle) {
  return reinterpret_cast<std::uint64_t>(handle);
}

}  // namespace

Result<UploadRing::Slice> UploadRing::write(std::span<const std::byte> bytes) {
  const VkDeviceSize size = aligned(bytes.size());
  if (size > kBlockBytes) {
    LFX_TRY_ASSIGN(Buffer own,
                   Buffer::create(ctx_, size, VK_BUFFER_USAGE_TRANSFER_SRC_BIT, MemoryUsage::upload, "large upload"));
    own.write(bytes);
    large_.push_back(std::move(own));
    return Slice{large_.back().handle(), 0};
  }
  if (blocks_.empty() || blocks_[current_].used + size > kBlockBytes) {
    // The next block the GPU no longer reads, else a new one (allocating never waits).
    const std::uint64_t done = ctx_.completed_serial();
    auto free = std::find_if(blocks_.begin(), blocks_.end(),
                             [&](const Block& b) { return b.serial != kPending && b.serial <= done; });
    if (free == blocks_.end()) {
      LFX_TRY_ASSIGN(Buffer block, Buffer::create(ctx_, kBlockBytes, VK_BUFFER_USAGE_TRANSFER_SRC_BIT,
                                                  MemoryUsage::upload, "staging ring"));
      blocks_.push_back({std::move(block), 0, 0});
      free = blocks_.end() - 1;
    }
    free->used = 0;
    current_ = std::size_t(free - blocks_.begin());
  }
  Block& block = blocks_[current_];
  block.buffer.write(bytes, block.used);
  const Slice slice{block.buffer.handle(), block.used};
  block.used += size;
  block.serial = kPending;
  return slice;
}

Result<void> UploadRing::stage_buffer(VkBuffer dst, std::span<const std::byte> bytes, VkDeviceSize offset) {
  if (bytes.empty()) return success();
  LFX_TRY_ASSIGN(const Slice slice, write(bytes));
  Copy copy;
  copy.dst = handle_bits(dst);
  copy.src = slice.buffer;
  copy.src_offset = slice.offset;
  copy.dst_offset = offset;
  copy.size = bytes.size();
  copies_.push_back(copy);
  return success();
}

Result<void> UploadRing::stage_image(VkImage dst, VkExtent2D extent, std::span<const std::byte> texels,
                                     const ImageAccess& from, const ImageAccess& then) {
  LFX_TRY_ASSIGN(const Slice slice, write(texels));
  Copy copy;
  copy.dst = handle_bits(dst);
  copy.image = true;
  copy.src = slice.buffer;
  copy.src_offset = slice.offset;
  copy.size = texels.size();
  copy.extent = extent;
  copy.from = from;
  copy.then = then;
  copies_.push_back(copy);
  return success();
}

void UploadRing::record_buffer_copies(VkCommandBuffer cmd) {
  constexpr VkAccessFlags2 kAny = VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_MEMORY_WRITE_BIT;
  if (std::none_of(copies_.begin(), copies_.end(), [](const Copy& c) { return !c.image; })) return;
  memory_barrier(cmd, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, kAny, VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT,
                 VK_ACCESS_2_TRANSFER_WRITE_BIT);
  // Two uploads into the same bytes in one frame: the later one waits for the earlier.
  std::vector<const Copy*> since_barrier;
  for (const Copy& c : copies_) {
    if (c.image) continue;
    const bool overlaps = std::any_of(since_barrier.begin(), since_barrier.end(), [&](const Copy* o) {
      return o->dst == c.dst && o->dst_offset < c.dst_offset + c.size && c.dst_offset < o->dst_offset + o->size;
    });
    if (overlaps) {
      memory_barrier(cmd, VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                     VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT);
      since_barrier.clear();
    }
    since_barrier.push_back(&c);
    const VkBufferCopy region{c.src_offset, c.dst_offset, c.size};
    vkCmdCopyBuffer(cmd, c.src, reinterpret_cast<VkBuffer>(c.dst), 1, &region);
  }
  memory_barrier(cmd, VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                 VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, kAny);
}

void UploadRing::record(VkCommandBuffer cmd) {
  if (copies_.empty()) return;
  ctx_.begin_label(cmd, "uploads");
  record_buffer_copies(cmd);
  for (const Copy& c : copies_) {
    if (!c.image) continue;
    const auto image = reinterpret_cast<VkImage>(c.dst);
    image_barrier(cmd, image, VK_IMAGE_ASPECT_COLOR_BIT, c.from, access::kTransferDst);
    VkBufferImageCopy region{};
    region.bufferOffset = c.src_offset;
    region.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
    region.imageExtent = {c.extent.width, c.extent.height, 1};
    vkCmdCopyBufferToImage(cmd, c.src, image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &region);
    image_barrier(cmd, image, VK_IMAGE_ASPECT_COLOR_BIT, access::kTransferDst, c.then);
  }
  ctx_.end_label(cmd);
  copies_.clear();

  // The submission carrying cmd is the next one (as for Context::retire).
  const std::uint64_t serial = ctx_.submitted_serial() + 1;
  for (Block& b : blocks_)
    if (b.serial == kPending) b.serial = serial;
  for (Buffer& own : large_) ctx_.retire(std::move(own));  // freed once copied
  large_.clear();
}

void UploadRing::forget(std::uint64_t handle) {
  if (copies_.empty()) return;
  std::erase_if(copies_, [&](const Copy& c) { return c.dst == handle; });
}

}  // namespace lfx::gpu

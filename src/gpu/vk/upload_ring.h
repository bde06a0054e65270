// The staging ring behind upload_buffer / upload_image: the bytes are copied into host-visible
// blocks at once, and the copies into their destinations are recorded into the next command
// buffer liquidfx records (Context::record_uploads, which FrameRenderer::record and
// Context::submit_and_wait call first). Nothing here submits or waits. A block is written again
// only once the submission that copied from it has completed; until then new blocks are made.
// Private to the gpu library. One recording thread (like the rest of a Context's recording).
#pragma once

#include <vulkan/vulkan.h>

#include <cstdint>
#include <span>
#include <vector>

#include "liquidfx/core/result.h"
#include "liquidfx/gpu/barriers.h"
#include "liquidfx/gpu/buffer.h"

namespace lfx::gpu {

class Context;

class UploadRing {
 public:
  explicit UploadRing(const Context& ctx) : ctx_(ctx) {}

  /// Stages bytes for [offset, offset + size) of `dst`.
  Result<void> stage_buffer(VkBuffer dst, std::span<const std::byte> bytes, VkDeviceSize offset);
  /// Stages mip 0 of a colour image (tightly packed texels): the copy goes from `from` (the
  /// image's last use when staged) to `then`.
  Result<void> stage_image(VkImage dst, VkExtent2D extent, std::span<const std::byte> texels, const ImageAccess& from,
                           const ImageAccess& then);
  /// Records every staged copy with its barriers (after every earlier use of the destinations,
  /// before every later one) and forgets them.
  void record(VkCommandBuffer cmd);
  /// Drops the staged copies into an object being destroyed.
  void forget(std::uint64_t handle);
  std::size_t pending() const { return copies_.size(); }

 private:
  struct Block {
    Buffer buffer;
    VkDeviceSize used = 0;
    std::uint64_t serial = 0;  // the submission that copies from it last; kPending: not recorded yet
  };
  struct Copy {
    std::uint64_t dst = 0;  // a VkBuffer or VkImage handle
    bool image = false;
    VkBuffer src = VK_NULL_HANDLE;
    VkDeviceSize src_offset = 0;
    VkDeviceSize dst_offset = 0;  // buffers
    VkDeviceSize size = 0;
    VkExtent2D extent{};  // images
    ImageAccess from{};
    ImageAccess then{};
  };
  struct Slice {
    VkBuffer buffer;
    VkDeviceSize offset;
  };
  Result<Slice> write(std::span<const std::byte> bytes);
  void record_buffer_copies(VkCommandBuffer cmd);

  const Context& ctx_;
  std::vector<Copy> copies_;   // declared before blocks_: a block's Buffer calls forget() as it goes
  std::vector<Block> blocks_;  // blocks_[current_] takes the next bytes
  std::vector<Buffer> large_;  // uploads larger than a block, in buffers of their own
  std::size_t current_ = 0;
};

}  // namespace lfx::gpu

// A command buffer of a host's own, for tests that record liquidfx's frame and submit it
// themselves (with Context::next_signal() or Context::submit), outside submit_and_wait.
#pragma once

#include <vulkan/vulkan.h>

#include "liquidfx/gpu/context.h"

namespace lfx::test {

class HostCommandBuffer {
 public:
  explicit HostCommandBuffer(const gpu::Context& ctx);
  ~HostCommandBuffer();
  HostCommandBuffer(const HostCommandBuffer&) = delete;
  HostCommandBuffer& operator=(const HostCommandBuffer&) = delete;

  /// Resets and begins it for one submission; false on a Vulkan error.
  bool begin();
  bool end();
  VkCommandBuffer get() const { return cmd_; }

 private:
  VkDevice device_ = VK_NULL_HANDLE;
  VkCommandPool pool_ = VK_NULL_HANDLE;
  VkCommandBuffer cmd_ = VK_NULL_HANDLE;
};

}  // namespace lfx::test

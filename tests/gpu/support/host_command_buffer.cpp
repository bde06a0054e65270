#include "support/host_command_buffer.h"

namespace lfx::test {

HostCommandBuffer::HostCommandBuffer(const gpu::Context& ctx) : device_(ctx.device()) {
  VkCommandPoolCreateInfo pool_info{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
  pool_info.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
  pool_info.queueFamilyIndex = ctx.queue_family();
  if (vkCreateCommandPool(device_, &pool_info, nullptr, &pool_) != VK_SUCCESS) return;
  VkCommandBufferAllocateInfo alloc{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
  alloc.commandPool = pool_;
  alloc.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  alloc.commandBufferCount = 1;
  if (vkAllocateCommandBuffers(device_, &alloc, &cmd_) != VK_SUCCESS) cmd_ = VK_NULL_HANDLE;
}

HostCommandBuffer::~HostCommandBuffer() {
  if (pool_) vkDestroyCommandPool(device_, pool_, nullptr);
}

bool HostCommandBuffer::begin() {
  if (!cmd_ || vkResetCommandBuffer(cmd_, 0) != VK_SUCCESS) return false;
  VkCommandBufferBeginInfo info{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  info.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  return vkBeginCommandBuffer(cmd_, &info) == VK_SUCCESS;
}

bool HostCommandBuffer::end() {
  return vkEndCommandBuffer(cmd_) == VK_SUCCESS;
}

}  // namespace lfx::test

#include "device_memory.h"

namespace lfx::gpu {

Result<VkDeviceMemory> allocate_device_memory(const Context& ctx, const VkMemoryRequirements& req, std::uint32_t type,
                                              const void* next, const std::string& name) {
  const VkPhysicalDeviceMemoryProperties& props = ctx.memory_properties();
  const VkDeviceSize heap = props.memoryHeaps[props.memoryTypes[type].heapIndex].size;
  if (req.size > heap)
    return input_error(name + " needs " + byte_size_text(req.size) + ", more than the device's memory heap (" +
                       byte_size_text(heap) + ")");
  VkMemoryAllocateInfo alloc{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, next};
  alloc.allocationSize = req.size;
  alloc.memoryTypeIndex = type;
  VkDeviceMemory memory = VK_NULL_HANDLE;
  const VkResult result = vkAllocateMemory(ctx.device(), &alloc, nullptr, &memory);
  if (result == VK_ERROR_OUT_OF_DEVICE_MEMORY || result == VK_ERROR_OUT_OF_HOST_MEMORY)
    return input_error(name + " needs " + byte_size_text(req.size) + " and the device has no room for it (" +
                       vk_result_name(result) + ")");
  LFX_TRY(vk_check(result, name.c_str()));
  return memory;
}

}  // namespace lfx::gpu

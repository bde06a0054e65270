// Device memory for one buffer or image, with sizes that follow from input refused as input
// errors: an allocation larger than its heap, or one the driver has no room for, names its size
// (a scene that asks for 3 GiB is the scene's problem, not a GPU failure).
#pragma once

#include <vulkan/vulkan.h>

#include <string>

#include "liquidfx/core/result.h"
#include "liquidfx/core/text_file.h"
#include "liquidfx/gpu/context.h"

namespace lfx::gpu {

/// Allocates `req.size` bytes of memory type `type` (pNext: allocate flags, or null) for `name`.
Result<VkDeviceMemory> allocate_device_memory(const Context& ctx, const VkMemoryRequirements& req, std::uint32_t type,
                                              const void* next, const std::string& name);

}  // namespace lfx::gpu

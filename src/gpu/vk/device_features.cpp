// DeviceFeatures: what a VkDeviceCreateInfo enables of what liquidfx uses, read from every place
// Vulkan lets a host say it (pEnabledFeatures, VkPhysicalDeviceFeatures2, the Vulkan 1.2 / 1.3
// feature structs, or the single-feature structs promoted into them).
#include <cstring>
#include <string>
#include <vector>

#include "liquidfx/gpu/context.h"

namespace lfx::gpu {
namespace {

void read_core(const VkPhysicalDeviceFeatures& core, DeviceFeatures& f) {
  f.shader_int64 = f.shader_int64 || core.shaderInt64;
  f.fragment_stores_and_atomics = f.fragment_stores_and_atomics || core.fragmentStoresAndAtomics;
}

// One struct of the pNext chain (a feature may be stated in more than one).
void read_chained(const VkBaseInStructure* s, DeviceFeatures& f) {
  switch (s->sType) {
    case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2:
      read_core(reinterpret_cast<const VkPhysicalDeviceFeatures2*>(s)->features, f);
      break;
    case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES: {
      const auto* v = reinterpret_cast<const VkPhysicalDeviceVulkan12Features*>(s);
      f.timeline_semaphore = f.timeline_semaphore || v->timelineSemaphore;
      f.buffer_device_address = f.buffer_device_address || v->bufferDeviceAddress;
      f.shader_buffer_int64_atomics = f.shader_buffer_int64_atomics || v->shaderBufferInt64Atomics;
      break;
    }
    case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES: {
      const auto* v = reinterpret_cast<const VkPhysicalDeviceVulkan13Features*>(s);
      f.dynamic_rendering = f.dynamic_rendering || v->dynamicRendering;
      f.synchronization2 = f.synchronization2 || v->synchronization2;
      f.maintenance4 = f.maintenance4 || v->maintenance4;
      break;
    }
    case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TIMELINE_SEMAPHORE_FEATURES:
      f.timeline_semaphore = f.timeline_semaphore ||
                             reinterpret_cast<const VkPhysicalDeviceTimelineSemaphoreFeatures*>(s)->timelineSemaphore;
      break;
    case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_BUFFER_DEVICE_ADDRESS_FEATURES:
      f.buffer_device_address =
          f.buffer_device_address ||
          reinterpret_cast<const VkPhysicalDeviceBufferDeviceAddressFeatures*>(s)->bufferDeviceAddress;
      break;
    case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_INT64_FEATURES:
      f.shader_buffer_int64_atomics =
          f.shader_buffer_int64_atomics ||
          reinterpret_cast<const VkPhysicalDeviceShaderAtomicInt64Features*>(s)->shaderBufferInt64Atomics;
      break;
    case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DYNAMIC_RENDERING_FEATURES:
      f.dynamic_rendering =
          f.dynamic_rendering || reinterpret_cast<const VkPhysicalDeviceDynamicRenderingFeatures*>(s)->dynamicRendering;
      break;
    case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SYNCHRONIZATION_2_FEATURES:
      f.synchronization2 =
          f.synchronization2 || reinterpret_cast<const VkPhysicalDeviceSynchronization2Features*>(s)->synchronization2;
      break;
    case VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_4_FEATURES:
      f.maintenance4 = f.maintenance4 || reinterpret_cast<const VkPhysicalDeviceMaintenance4Features*>(s)->maintenance4;
      break;
    default:
      break;
  }
}

}  // namespace

DeviceFeatures DeviceFeatures::enabled_by(const VkDeviceCreateInfo& info) {
  DeviceFeatures f;
  if (info.pEnabledFeatures) read_core(*info.pEnabledFeatures, f);
  for (auto* s = static_cast<const VkBaseInStructure*>(info.pNext); s; s = s->pNext) read_chained(s, f);
  for (std::uint32_t i = 0; i < info.enabledExtensionCount; ++i)
    if (std::strcmp(info.ppEnabledExtensionNames[i], VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME) == 0)
      f.push_descriptor = true;
  return f;
}

std::vector<std::string> DeviceFeatures::missing_required() const {
  const std::pair<bool, const char*> required[] = {
      {dynamic_rendering, "dynamicRendering (Vulkan 1.3)"},
      {synchronization2, "synchronization2 (Vulkan 1.3)"},
      {maintenance4, "maintenance4 (Vulkan 1.3)"},
      {timeline_semaphore, "timelineSemaphore (Vulkan 1.2)"},
      {buffer_device_address, "bufferDeviceAddress (Vulkan 1.2)"},
      {push_descriptor, VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME},
  };
  std::vector<std::string> missing;
  for (const auto& [enabled, name] : required)
    if (!enabled) missing.emplace_back(name);
  return missing;
}

}  // namespace lfx::gpu

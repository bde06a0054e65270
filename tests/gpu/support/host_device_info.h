// The VkDeviceCreateInfo a host engine would have made its device with, for Context::adopt
// tests: every feature liquidfx uses enabled, each one switchable off.
#pragma once

#include <vulkan/vulkan.h>

#include <vector>

namespace lfx::test {

struct HostDeviceInfo {
  VkPhysicalDeviceVulkan12Features f12{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
  VkPhysicalDeviceVulkan13Features f13{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES};
  VkPhysicalDeviceFeatures2 features{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
  std::vector<const char*> extensions{VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME};
  VkDeviceCreateInfo info{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};

  HostDeviceInfo() {
    f12.timelineSemaphore = f12.bufferDeviceAddress = f12.shaderBufferInt64Atomics = VK_TRUE;
    f13.dynamicRendering = f13.synchronization2 = f13.maintenance4 = VK_TRUE;
    features.features.shaderInt64 = features.features.fragmentStoresAndAtomics = VK_TRUE;
  }
  HostDeviceInfo(const HostDeviceInfo&) = delete;
  /// The create info, its chain pointing into this object (valid while it lives).
  const VkDeviceCreateInfo* get() {
    features.pNext = &f13;
    f13.pNext = &f12;
    info.pNext = &features;
    info.enabledExtensionCount = std::uint32_t(extensions.size());
    info.ppEnabledExtensionNames = extensions.data();
    return &info;
  }
};

}  // namespace lfx::test

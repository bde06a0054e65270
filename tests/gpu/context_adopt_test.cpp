// Context::adopt over a host's own device: every feature liquidfx needs is checked against the
// VkDeviceCreateInfo the host made it with (each missing one named), and an adopted context can
// count the validation messages of the host's instance.
#include <gtest/gtest.h>

#include <string>

#include "liquidfx/gpu/buffer.h"
#include "liquidfx/gpu/context.h"
#include "support/gpu_test.h"
#include "support/host_device_info.h"

namespace lfx::test {
namespace {

class ContextAdoptTest : public GpuTest {
 protected:
  gpu::AdoptInfo host_objects() {
    return {ctx().instance(), ctx().physical_device(), ctx().device(), ctx().queue(), ctx().queue_family()};
  }
};

TEST_F(ContextAdoptTest, EveryMissingFeatureIsNamed) {
  HostDeviceInfo made;
  made.f12.timelineSemaphore = VK_FALSE;
  made.f13.maintenance4 = VK_FALSE;
  made.extensions.clear();
  gpu::AdoptInfo host = host_objects();
  host.device_info = made.get();
  auto refused = gpu::Context::adopt(host);
  ASSERT_FALSE(refused);
  const std::string& message = refused.error().message;
  for (const char* name : {"timelineSemaphore (Vulkan 1.2)", "maintenance4 (Vulkan 1.3)", "VK_KHR_push_descriptor"})
    EXPECT_NE(message.find(name), std::string::npos) << name << " not in: " << message;
  EXPECT_EQ(message.find("synchronization2"), std::string::npos) << "enabled, not named: " << message;
  EXPECT_NE(message.find(ctx().device_name()), std::string::npos) << message;
}

TEST_F(ContextAdoptTest, WithoutTheCreateInfoAdoptSaysWhatToPass) {
  auto refused = gpu::Context::adopt(host_objects());
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().message.find("device_info"), std::string::npos) << refused.error().message;
}

TEST_F(ContextAdoptTest, FeaturesStatedInTheirOwnStructsCount) {
  // A host that names each promoted feature in its own struct rather than the Vulkan 1.x ones.
  VkPhysicalDeviceTimelineSemaphoreFeatures timeline{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TIMELINE_SEMAPHORE_FEATURES};
  timeline.timelineSemaphore = VK_TRUE;
  VkPhysicalDeviceBufferDeviceAddressFeatures address{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_BUFFER_DEVICE_ADDRESS_FEATURES,
                                                      &timeline};
  address.bufferDeviceAddress = VK_TRUE;
  VkPhysicalDeviceDynamicRenderingFeatures rendering{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DYNAMIC_RENDERING_FEATURES,
                                                     &address};
  rendering.dynamicRendering = VK_TRUE;
  VkPhysicalDeviceSynchronization2Features sync{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SYNCHRONIZATION_2_FEATURES,
                                                &rendering};
  sync.synchronization2 = VK_TRUE;
  VkPhysicalDeviceMaintenance4Features maintenance{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_4_FEATURES, &sync};
  maintenance.maintenance4 = VK_TRUE;
  const char* extensions[] = {VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME};
  VkDeviceCreateInfo made{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, &maintenance};
  made.enabledExtensionCount = 1;
  made.ppEnabledExtensionNames = extensions;
  gpu::AdoptInfo host = host_objects();
  host.device_info = &made;
  auto adopted = gpu::Context::adopt(host);
  ASSERT_TRUE(adopted) << adopted.error().message;
  EXPECT_FALSE((*adopted)->fragment_int64_atomics()) << "not enabled: the bottle effect cannot be made";
  EXPECT_FALSE((*adopted)->validation_enabled()) << "not asked to count";
}

TEST_F(ContextAdoptTest, AnAdoptedContextCountsTheHostInstancesValidationMessages) {
  // A host of its own (validation on), adopted with counting asked for; the host then makes a
  // mistake on its device, which the adopted context sees.
  gpu::ContextOptions options;
  options.validation = true;
  auto engine = gpu::Context::create(options);
  ASSERT_TRUE(engine) << engine.error().message;
  if (!(*engine)->validation_enabled()) GTEST_SKIP() << "no validation layer installed";
  HostDeviceInfo made;
  made.f12.shaderBufferInt64Atomics = VK_FALSE;
  gpu::AdoptInfo host{(*engine)->instance(), (*engine)->physical_device(), (*engine)->device(), (*engine)->queue(),
                      (*engine)->queue_family()};
  host.device_info = made.get();
  host.count_validation_messages = true;
  auto refused = gpu::Context::adopt(host);
  ASSERT_FALSE(refused) << "counting needs debug_utils";
  EXPECT_NE(refused.error().message.find("VK_EXT_debug_utils"), std::string::npos) << refused.error().message;
  host.debug_utils = true;
  auto adopted = gpu::Context::adopt(host);
  ASSERT_TRUE(adopted) << adopted.error().message;
  EXPECT_TRUE((*adopted)->validation_enabled());
  EXPECT_EQ((*adopted)->validation_messages(), 0u);
  VkBufferCreateInfo empty{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};  // size 0: invalid
  empty.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
  VkBuffer buffer = VK_NULL_HANDLE;
  if (vkCreateBuffer((*engine)->device(), &empty, nullptr, &buffer) == VK_SUCCESS && buffer)
    vkDestroyBuffer((*engine)->device(), buffer, nullptr);
  EXPECT_GE((*adopted)->validation_messages(), 1u) << "the host's mistake, seen by the adopted context";
  adopted->reset();  // its messenger goes; the host's instance stays
  EXPECT_GE((*engine)->validation_messages(), 1u);
}

}  // namespace
}  // namespace lfx::test

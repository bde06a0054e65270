// The engine of the example, before it meets liquidfx: its instance and device (validation and
// synchronization validation on when the layer is installed), its images and buffers, its own
// passes (boxes into an HDR colour and a reversed-Z depth image, a compute particle spray, a UI
// canvas of bars) and its tonemap to PNG. Nothing here knows liquidfx; host_engine.cpp is what
// an engine adds to draw liquid into this frame.
#pragma once

#include <vulkan/vulkan.h>

#include <cstdint>
#include <glm/glm.hpp>
#include <string>

namespace engine {

[[noreturn]] void fail(const std::string& what);
void check(VkResult r, const char* what);

// One queue for graphics and compute, with the features and extension liquidfx lists
// (docs/integration.md); `info` is what the device was created with.
struct Device {
  VkInstance instance = VK_NULL_HANDLE;
  VkPhysicalDevice gpu = VK_NULL_HANDLE;
  VkDevice device = VK_NULL_HANDLE;
  VkQueue queue = VK_NULL_HANDLE;
  std::uint32_t family = 0;
  VkPhysicalDeviceVulkan12Features f12{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
  VkPhysicalDeviceVulkan13Features f13{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES, &f12};
  VkPhysicalDeviceFeatures2 features{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, &f13};
  const char* extension = VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME;
  float priority = 1.0f;
  VkDeviceQueueCreateInfo queue_info{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
  VkDeviceCreateInfo info{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, &features};
};
void create_device(Device& d);
/// Validation messages (warnings and errors) seen so far.
int validation_messages();

struct Target {
  VkImage image = VK_NULL_HANDLE;
  VkImageView view = VK_NULL_HANDLE;
  VkFormat format = VK_FORMAT_UNDEFINED;
  VkImageUsageFlags usage = 0;
  VkExtent2D extent{};
};
Target make_target(const Device& d, VkFormat format, VkImageUsageFlags usage, VkExtent2D extent);

struct HostBuffer {
  VkBuffer buffer = VK_NULL_HANDLE;
  void* mapped = nullptr;  // host-visible buffers only
};
HostBuffer make_buffer(const Device& d, VkDeviceSize size, VkBufferUsageFlags usage, bool readable);

/// An image layout transition with its stages and accesses.
struct Use {
  VkImageLayout layout;
  VkPipelineStageFlags2 stage;
  VkAccessFlags2 access;
};
void transition(VkCommandBuffer cmd, const Target& t, Use from, Use to);

struct Box {
  glm::vec3 centre, half_size, color;
};
struct ParticleStep {
  glm::vec3 nozzle;
  std::uint32_t count, spawned;  // records from `spawned` to `count` are new this step
  float dt, radius;
};

// The engine's own passes: its particle step, its boxes into colour and depth (cleared to the
// sky and to reversed Z's far 0), its UI canvas.
class Passes {
 public:
  Passes(const Device& d, VkBuffer particles);
  void step_particles(VkCommandBuffer cmd, const ParticleStep& step) const;
  /// Leaves both images as attachments (COLOR/DEPTH_ATTACHMENT_OPTIMAL, attachment writes).
  void draw_scene(VkCommandBuffer cmd, const Target& color, const Target& depth, const glm::mat4& view_proj,
                  const Box* boxes, std::size_t box_count, glm::vec3 sky) const;
  /// Bars on a dark canvas; leaves it a colour attachment.
  void draw_ui(VkCommandBuffer cmd, const Target& ui) const;

 private:
  const Device& d_;
  VkPipelineLayout box_layout_, particle_layout_;
  VkPipeline boxes_, particles_;
  VkDescriptorSetLayout set_layout_;
  VkDescriptorPool pool_;
  VkDescriptorSet set_;
};

/// Copies an image in TRANSFER_SRC_OPTIMAL into a buffer (tightly packed).
void copy_out(VkCommandBuffer cmd, const Target& t, const HostBuffer& to);
/// The engine's tonemap (x / (1 + x), sRGB) of an RGBA16F read-back, or an sRGB RGBA8 one as it is.
void write_png(const std::string& path, const HostBuffer& pixels, VkExtent2D extent, bool hdr);

}  // namespace engine

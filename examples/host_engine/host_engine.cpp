// An engine with liquidfx in its frame. The engine owns the Vulkan instance (validation and
// synchronization validation on when the layer is installed), the device, its own scene (a
// floor and boxes, its own shaders) drawn into its own HDR colour and reversed-Z depth images
// through its own camera, and its own compute particle simulation. liquidfx records into the
// engine's command buffer: a bottle, the engine's particles as one liquid (attached, updated as
// their count grows, detached), and a ripple over the engine's UI canvas. The engine submits and
// tonemaps. Writes frame.png, host_only.png (the same frame without liquidfx) and ui.png into the
// folder given as the first argument; exits 1 on any error or validation message.
#include <vulkan/vulkan.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <glm/ext/matrix_transform.hpp>
#include <glm/gtc/packing.hpp>
#include <glm/gtc/quaternion.hpp>
#include <string>
#include <vector>

#include "liquidfx/core/image.h"
#include "liquidfx/core/ripples/ripples_simulation.h"
#include "liquidfx/core/slosh/liquid_container.h"
#include "liquidfx/core/touch.h"
#include "liquidfx/gpu/context.h"
#include "liquidfx/gpu/effects/bottle_renderer.h"
#include "liquidfx/gpu/effects/ripples_renderer.h"
#include "liquidfx/gpu/effects/surface_renderer.h"
#include "liquidfx/gpu/render/frame_renderer.h"

namespace {

constexpr std::uint32_t kWidth = 480, kHeight = 270, kUiWidth = 320, kUiHeight = 180;
constexpr int kFrames = 20;
constexpr std::uint32_t kMaxParticles = 6000, kSpawnedPerFrame = 300;
constexpr float kParticleRadius = 0.005f;

[[noreturn]] void fail(const std::string& what) {
  std::fprintf(stderr, "host_engine: %s\n", what.c_str());
  std::exit(1);
}
void check(VkResult r, const char* what) {
  if (r != VK_SUCCESS) fail(std::string(what) + " failed (" + std::to_string(int(r)) + ")");
}
template <class T>
T take(lfx::Result<T> r) {
  if (!r) fail(r.error().message);
  return std::move(r.value());
}
void take(const lfx::Result<void>& r) {
  if (!r) fail(r.error().message);
}

int validation_messages = 0;
VKAPI_ATTR VkBool32 VKAPI_CALL on_message(VkDebugUtilsMessageSeverityFlagBitsEXT, VkDebugUtilsMessageTypeFlagsEXT,
                                          const VkDebugUtilsMessengerCallbackDataEXT* data, void*) {
  std::fprintf(stderr, "validation: %s\n", data->pMessage);
  ++validation_messages;
  return VK_FALSE;
}

// The engine's device: one queue for graphics and compute, the features liquidfx lists.
struct Device {
  VkInstance instance = VK_NULL_HANDLE;
  VkDebugUtilsMessengerEXT messenger = VK_NULL_HANDLE;
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

void create_device(Device& d) {
  std::uint32_t count = 0;
  vkEnumerateInstanceLayerProperties(&count, nullptr);
  std::vector<VkLayerProperties> layers(count);
  vkEnumerateInstanceLayerProperties(&count, layers.data());
  bool validation = false;
  for (const VkLayerProperties& l : layers) validation |= std::strcmp(l.layerName, "VK_LAYER_KHRONOS_validation") == 0;
  const char* layer = "VK_LAYER_KHRONOS_validation";
  const char* debug_utils = VK_EXT_DEBUG_UTILS_EXTENSION_NAME;
  const VkValidationFeatureEnableEXT sync = VK_VALIDATION_FEATURE_ENABLE_SYNCHRONIZATION_VALIDATION_EXT;
  VkValidationFeaturesEXT checks{VK_STRUCTURE_TYPE_VALIDATION_FEATURES_EXT, nullptr, 1, &sync};
  VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
  app.apiVersion = VK_API_VERSION_1_3;
  VkInstanceCreateInfo instance{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO, validation ? &checks : nullptr};
  instance.pApplicationInfo = &app;
  instance.enabledLayerCount = validation ? 1 : 0;
  instance.ppEnabledLayerNames = &layer;
  instance.enabledExtensionCount = 1;
  instance.ppEnabledExtensionNames = &debug_utils;
  check(vkCreateInstance(&instance, nullptr, &d.instance), "vkCreateInstance");
  VkDebugUtilsMessengerCreateInfoEXT messenger{VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT};
  messenger.messageSeverity =
      VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
  messenger.messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT;
  messenger.pfnUserCallback = on_message;
  auto create_messenger = reinterpret_cast<PFN_vkCreateDebugUtilsMessengerEXT>(
      vkGetInstanceProcAddr(d.instance, "vkCreateDebugUtilsMessengerEXT"));
  check(create_messenger(d.instance, &messenger, nullptr, &d.messenger), "vkCreateDebugUtilsMessengerEXT");
  std::printf("host_engine: validation %s\n", validation ? "on (with synchronization validation)" : "not installed");

  count = 1;
  const VkResult listed = vkEnumeratePhysicalDevices(d.instance, &count, &d.gpu);
  if ((listed != VK_SUCCESS && listed != VK_INCOMPLETE) || count == 0) fail("no Vulkan device");
  std::uint32_t families = 0;
  vkGetPhysicalDeviceQueueFamilyProperties(d.gpu, &families, nullptr);
  std::vector<VkQueueFamilyProperties> props(families);
  vkGetPhysicalDeviceQueueFamilyProperties(d.gpu, &families, props.data());
  while (d.family < families && !(props[d.family].queueFlags & VK_QUEUE_GRAPHICS_BIT)) ++d.family;
  d.f12.timelineSemaphore = d.f12.bufferDeviceAddress = d.f12.shaderBufferInt64Atomics = VK_TRUE;
  d.f13.dynamicRendering = d.f13.synchronization2 = d.f13.maintenance4 = VK_TRUE;
  d.features.features.shaderInt64 = d.features.features.fragmentStoresAndAtomics = VK_TRUE;
  d.queue_info.queueFamilyIndex = d.family;
  d.queue_info.queueCount = 1;
  d.queue_info.pQueuePriorities = &d.priority;
  d.info.queueCreateInfoCount = 1;
  d.info.pQueueCreateInfos = &d.queue_info;
  d.info.enabledExtensionCount = 1;
  d.info.ppEnabledExtensionNames = &d.extension;
  check(vkCreateDevice(d.gpu, &d.info, nullptr, &d.device), "vkCreateDevice");
  vkGetDeviceQueue(d.device, d.family, 0, &d.queue);
}

std::uint32_t memory_type(const Device& d, std::uint32_t bits, VkMemoryPropertyFlags wanted) {
  VkPhysicalDeviceMemoryProperties memory;
  vkGetPhysicalDeviceMemoryProperties(d.gpu, &memory);
  for (std::uint32_t i = 0; i < memory.memoryTypeCount; ++i)
    if ((bits & (1u << i)) && (memory.memoryTypes[i].propertyFlags & wanted) == wanted) return i;
  fail("no suitable memory");
}

struct Target {
  VkImage image = VK_NULL_HANDLE;
  VkDeviceMemory memory = VK_NULL_HANDLE;
  VkImageView view = VK_NULL_HANDLE;
  VkFormat format;
  VkImageUsageFlags usage;
  VkExtent2D extent;
};

Target make_target(const Device& d, VkFormat format, VkImageUsageFlags usage, VkExtent2D extent) {
  Target t{VK_NULL_HANDLE, VK_NULL_HANDLE, VK_NULL_HANDLE, format, usage, extent};
  VkImageCreateInfo info{VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO};
  info.imageType = VK_IMAGE_TYPE_2D;
  info.format = format;
  info.extent = {extent.width, extent.height, 1};
  info.mipLevels = info.arrayLayers = 1;
  info.samples = VK_SAMPLE_COUNT_1_BIT;
  info.usage = usage;
  check(vkCreateImage(d.device, &info, nullptr, &t.image), "vkCreateImage");
  VkMemoryRequirements req;
  vkGetImageMemoryRequirements(d.device, t.image, &req);
  VkMemoryAllocateInfo alloc{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, nullptr, req.size,
                             memory_type(d, req.memoryTypeBits, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT)};
  check(vkAllocateMemory(d.device, &alloc, nullptr, &t.memory), "vkAllocateMemory");
  check(vkBindImageMemory(d.device, t.image, t.memory, 0), "vkBindImageMemory");
  const bool depth = format == VK_FORMAT_D32_SFLOAT;
  VkImageViewCreateInfo view{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
  view.image = t.image;
  view.viewType = VK_IMAGE_VIEW_TYPE_2D;
  view.format = format;
  view.subresourceRange = {depth ? VK_IMAGE_ASPECT_DEPTH_BIT : VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
  check(vkCreateImageView(d.device, &view, nullptr, &t.view), "vkCreateImageView");
  return t;
}

struct HostBuffer {
  VkBuffer buffer = VK_NULL_HANDLE;
  VkDeviceMemory memory = VK_NULL_HANDLE;
  void* mapped = nullptr;
};

HostBuffer make_buffer(const Device& d, VkDeviceSize size, VkBufferUsageFlags usage, bool readable) {
  HostBuffer b;
  VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, nullptr, 0, size, usage};
  check(vkCreateBuffer(d.device, &info, nullptr, &b.buffer), "vkCreateBuffer");
  VkMemoryRequirements req;
  vkGetBufferMemoryRequirements(d.device, b.buffer, &req);
  const VkMemoryPropertyFlags wanted = readable
                                           ? VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT
                                           : VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT;
  VkMemoryAllocateInfo alloc{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, nullptr, req.size,
                             memory_type(d, req.memoryTypeBits, wanted)};
  check(vkAllocateMemory(d.device, &alloc, nullptr, &b.memory), "vkAllocateMemory");
  check(vkBindBufferMemory(d.device, b.buffer, b.memory, 0), "vkBindBufferMemory");
  if (readable) check(vkMapMemory(d.device, b.memory, 0, VK_WHOLE_SIZE, 0, &b.mapped), "vkMapMemory");
  return b;
}

VkShaderModule load_shader(const Device& d, const char* name) {
  std::ifstream file(std::string(HOST_SHADERS) + "/" + name + ".spv", std::ios::binary);
  std::vector<char> code((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
  if (code.empty()) fail(std::string("no shader ") + name);
  VkShaderModuleCreateInfo info{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO, nullptr, 0, code.size(),
                                reinterpret_cast<const std::uint32_t*>(code.data())};
  VkShaderModule module;
  check(vkCreateShaderModule(d.device, &info, nullptr, &module), "vkCreateShaderModule");
  return module;
}

struct BoxPush {
  glm::mat4 view_proj;
  glm::vec4 centre, half_size, color;
};
struct ParticlePush {
  glm::vec4 nozzle;
  std::uint32_t count, spawned;
  float dt, radius;
};

// The engine's passes: boxes into its colour and reversed-Z depth, its particle step.
struct Passes {
  VkPipelineLayout box_layout, particle_layout;
  VkPipeline boxes, particles;
  VkDescriptorSetLayout set_layout;
  VkDescriptorPool pool;
  VkDescriptorSet set;
};

Passes make_passes(const Device& d, VkBuffer particles) {
  Passes p;
  const VkPushConstantRange box_range{VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(BoxPush)};
  VkPipelineLayoutCreateInfo layout{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  layout.pushConstantRangeCount = 1;
  layout.pPushConstantRanges = &box_range;
  check(vkCreatePipelineLayout(d.device, &layout, nullptr, &p.box_layout), "vkCreatePipelineLayout");
  VkShaderModule vert = load_shader(d, "boxes.vert"), frag = load_shader(d, "boxes.frag");
  const VkPipelineShaderStageCreateInfo stages[] = {
      {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, nullptr, 0, VK_SHADER_STAGE_VERTEX_BIT, vert, "main"},
      {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, nullptr, 0, VK_SHADER_STAGE_FRAGMENT_BIT, frag, "main"}};
  VkPipelineVertexInputStateCreateInfo input{VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
  VkPipelineInputAssemblyStateCreateInfo assembly{VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO};
  assembly.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
  const VkViewport viewport{0, 0, float(kWidth), float(kHeight), 0, 1};
  const VkRect2D scissor{{0, 0}, {kWidth, kHeight}};
  VkPipelineViewportStateCreateInfo viewports{
      VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO, nullptr, 0, 1, &viewport, 1, &scissor};
  VkPipelineRasterizationStateCreateInfo raster{VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO};
  raster.lineWidth = 1.0f;
  VkPipelineMultisampleStateCreateInfo samples{VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO};
  samples.rasterizationSamples = VK_SAMPLE_COUNT_1_BIT;
  VkPipelineDepthStencilStateCreateInfo depth{VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO};
  depth.depthTestEnable = depth.depthWriteEnable = VK_TRUE;
  depth.depthCompareOp = VK_COMPARE_OP_GREATER;  // reversed Z: near is 1
  VkPipelineColorBlendAttachmentState blend{};
  blend.colorWriteMask = 0xF;
  VkPipelineColorBlendStateCreateInfo blending{VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO};
  blending.attachmentCount = 1;
  blending.pAttachments = &blend;
  const VkFormat color_format = VK_FORMAT_R16G16B16A16_SFLOAT;
  VkPipelineRenderingCreateInfo rendering{VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO};
  rendering.colorAttachmentCount = 1;
  rendering.pColorAttachmentFormats = &color_format;
  rendering.depthAttachmentFormat = VK_FORMAT_D32_SFLOAT;
  VkGraphicsPipelineCreateInfo info{VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO, &rendering};
  info.stageCount = 2;
  info.pStages = stages;
  info.pVertexInputState = &input;
  info.pInputAssemblyState = &assembly;
  info.pViewportState = &viewports;
  info.pRasterizationState = &raster;
  info.pMultisampleState = &samples;
  info.pDepthStencilState = &depth;
  info.pColorBlendState = &blending;
  info.layout = p.box_layout;
  check(vkCreateGraphicsPipelines(d.device, VK_NULL_HANDLE, 1, &info, nullptr, &p.boxes), "boxes pipeline");

  const VkDescriptorSetLayoutBinding binding{0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT};
  VkDescriptorSetLayoutCreateInfo set_layout{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO, nullptr, 0, 1,
                                             &binding};
  check(vkCreateDescriptorSetLayout(d.device, &set_layout, nullptr, &p.set_layout), "set layout");
  const VkPushConstantRange particle_range{VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(ParticlePush)};
  VkPipelineLayoutCreateInfo particle_layout{
      VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO, nullptr, 0, 1, &p.set_layout, 1, &particle_range};
  check(vkCreatePipelineLayout(d.device, &particle_layout, nullptr, &p.particle_layout), "particle layout");
  VkShaderModule comp = load_shader(d, "particles.comp");
  VkComputePipelineCreateInfo compute{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
  compute.stage = {
      VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, nullptr, 0, VK_SHADER_STAGE_COMPUTE_BIT, comp, "main"};
  compute.layout = p.particle_layout;
  check(vkCreateComputePipelines(d.device, VK_NULL_HANDLE, 1, &compute, nullptr, &p.particles), "particle pipeline");
  for (VkShaderModule m : {vert, frag, comp}) vkDestroyShaderModule(d.device, m, nullptr);

  const VkDescriptorPoolSize size{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1};
  VkDescriptorPoolCreateInfo pool{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO, nullptr, 0, 1, 1, &size};
  check(vkCreateDescriptorPool(d.device, &pool, nullptr, &p.pool), "descriptor pool");
  VkDescriptorSetAllocateInfo alloc{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO, nullptr, p.pool, 1, &p.set_layout};
  check(vkAllocateDescriptorSets(d.device, &alloc, &p.set), "descriptor set");
  const VkDescriptorBufferInfo records{particles, 0, VK_WHOLE_SIZE};
  VkWriteDescriptorSet write{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, nullptr, p.set,   0, 0, 1,
                             VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,      nullptr, &records};
  vkUpdateDescriptorSets(d.device, 1, &write, 0, nullptr);
  return p;
}

void barrier(VkCommandBuffer cmd, VkImage image, VkImageAspectFlags aspect, VkImageLayout to,
             VkPipelineStageFlags2 stage, VkAccessFlags2 access) {
  VkImageMemoryBarrier2 b{VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER_2};
  b.srcStageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT;  // the frame before (the engine's copies)
  b.srcAccessMask = VK_ACCESS_2_MEMORY_WRITE_BIT;
  b.dstStageMask = stage;
  b.dstAccessMask = access;
  b.oldLayout = VK_IMAGE_LAYOUT_UNDEFINED;
  b.newLayout = to;
  b.image = image;
  b.subresourceRange = {aspect, 0, 1, 0, 1};
  VkDependencyInfo dep{VK_STRUCTURE_TYPE_DEPENDENCY_INFO};
  dep.imageMemoryBarrierCount = 1;
  dep.pImageMemoryBarriers = &b;
  vkCmdPipelineBarrier2(cmd, &dep);
}

void begin(VkCommandBuffer cmd, const Target& color, const Target* depth, glm::vec3 clear) {
  VkRenderingAttachmentInfo c{VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO};
  c.imageView = color.view;
  c.imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
  c.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR;
  c.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
  c.clearValue.color = {{clear.r, clear.g, clear.b, 1.0f}};
  VkRenderingAttachmentInfo z{VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO};
  z.imageView = depth ? depth->view : VK_NULL_HANDLE;
  z.imageLayout = VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL;
  z.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR;
  z.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
  z.clearValue.depthStencil = {0.0f, 0};  // reversed Z: far is 0
  VkRenderingInfo info{VK_STRUCTURE_TYPE_RENDERING_INFO};
  info.renderArea = {{0, 0}, color.extent};
  info.layerCount = 1;
  info.colorAttachmentCount = 1;
  info.pColorAttachments = &c;
  info.pDepthAttachment = depth ? &z : nullptr;
  vkCmdBeginRendering(cmd, &info);
}

void copy_out(VkCommandBuffer cmd, const Target& t, const HostBuffer& to) {
  const VkBufferImageCopy region{
      0, 0, 0, {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1}, {0, 0, 0}, {t.extent.width, t.extent.height, 1}};
  vkCmdCopyImageToBuffer(cmd, t.image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, to.buffer, 1, &region);
}

// The engine's tonemap (x / (1 + x), sRGB) of an RGBA16F readback, or an sRGB RGBA8 one as is.
void write(const std::string& path, const HostBuffer& pixels, VkExtent2D extent, bool hdr) {
  lfx::ImageRgba8 image{int(extent.width), int(extent.height)};
  for (std::size_t i = 0; i < std::size_t(extent.width) * extent.height; ++i)
    for (int k = 0; k < 4; ++k) {
      if (!hdr) {
        image.pixels[i * 4 + k] = static_cast<const std::uint8_t*>(pixels.mapped)[i * 4 + k];
        continue;
      }
      const float x = glm::unpackHalf1x16(static_cast<const std::uint16_t*>(pixels.mapped)[i * 4 + k]);
      const float l = k == 3 ? 1.0f : x / (1.0f + x);
      const float s = l <= 0.0031308f ? 12.92f * l : 1.055f * std::pow(l, 1.0f / 2.4f) - 0.055f;
      image.pixels[i * 4 + k] = std::uint8_t(std::clamp(s, 0.0f, 1.0f) * 255.0f + 0.5f);
    }
  if (auto r = lfx::write_png(path, image); !r) fail(r.error().message);
}

}  // namespace

int main(int argc, char** argv) {
  const std::string out = argc > 1 ? argv[1] : ".";
  Device d;
  create_device(d);
  lfx::gpu::AdoptInfo adopt{d.instance, d.gpu, d.device, d.queue, d.family};
  adopt.device_info = &d.info;
  adopt.debug_utils = true;
  auto ctx = take(lfx::gpu::Context::adopt(adopt));

  const VkExtent2D extent{kWidth, kHeight}, ui_extent{kUiWidth, kUiHeight};
  const VkImageUsageFlags hdr_usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_STORAGE_BIT |
                                      VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT;
  const Target color = make_target(d, VK_FORMAT_R16G16B16A16_SFLOAT, hdr_usage, extent);
  const Target depth = make_target(d, VK_FORMAT_D32_SFLOAT,
                                   VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT | VK_IMAGE_USAGE_SAMPLED_BIT, extent);
  const Target ui = make_target(
      d, VK_FORMAT_R8G8B8A8_SRGB,
      VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT, ui_extent);
  const HostBuffer particles = make_buffer(d, kMaxParticles * 32, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, false);
  const HostBuffer readback = make_buffer(d, kWidth * kHeight * 8, VK_BUFFER_USAGE_TRANSFER_DST_BIT, true);
  const HostBuffer ui_readback = make_buffer(d, kUiWidth * kUiHeight * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT, true);
  const Passes passes = make_passes(d, particles.buffer);
  VkCommandPoolCreateInfo pool_info{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO, nullptr,
                                    VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT, d.family};
  VkCommandPool pool;
  check(vkCreateCommandPool(d.device, &pool_info, nullptr, &pool), "vkCreateCommandPool");
  VkCommandBufferAllocateInfo cmd_info{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO, nullptr, pool,
                                       VK_COMMAND_BUFFER_LEVEL_PRIMARY, 1};
  VkCommandBuffer cmd;
  check(vkAllocateCommandBuffers(d.device, &cmd_info, &cmd), "vkAllocateCommandBuffers");

  // liquidfx: a bottle, the engine's particles as a liquid, a ripple over the engine's UI.
  auto shape = take(lfx::ContainerShape::create_named("bottle", 0.94f));
  lfx::LiquidContainer bottle(shape, lfx::SloshKnobs{});
  auto bottles = take(lfx::gpu::BottleRenderer::create(*ctx));
  auto surfaces = take(lfx::gpu::SurfaceRenderer::create(*ctx));
  lfx::SurfaceKnobs surface_knobs;  // kept alive while the surface is attached
  surface_knobs.write_depth = true;
  lfx::RipplesKnobs ripple_knobs;
  lfx::RipplesSimulation water(ripple_knobs, {});
  auto ripples = take(lfx::gpu::RipplesRenderer::create(*ctx, water));
  auto frame = take(lfx::gpu::FrameRenderer::create(*ctx, kWidth, kHeight));
  auto ui_frame = take(lfx::gpu::FrameRenderer::create(*ctx, kUiWidth, kUiHeight));
  std::vector<lfx::gpu::FramePasses*> scene_passes = {bottles.get(), surfaces.get()};
  std::vector<lfx::gpu::FramePasses*> ui_passes = {ripples.get()};

  // The engine's camera: reversed Z with no far plane, its own sun.
  const glm::mat4 view = glm::lookAt(glm::vec3(0.05f, 0.22f, 0.62f), glm::vec3(0.0f, 0.11f, 0.0f), glm::vec3(0, 1, 0));
  const float near_plane = 0.05f, f = 1.0f / std::tan(0.5f * glm::radians(40.0f));
  glm::mat4 projection(0.0f);
  projection[0][0] = f * float(kHeight) / float(kWidth);
  projection[1][1] = -f;  // Vulkan's y points down
  projection[2][3] = -1.0f;
  projection[3][2] = near_plane;  // depth = near / view depth
  const glm::vec3 sky(0.55f, 0.65f, 0.8f);
  const glm::vec3 sun_direction = glm::normalize(glm::vec3(0.4f, 0.8f, 0.45f));
  const BoxPush boxes[] = {
      {projection * view, {0, -0.01f, 0, 0}, {1.5f, 0.01f, 1.5f, 0}, {0.55f, 0.5f, 0.45f, 1}},          // the floor
      {projection * view, {-0.015f, 0.04f, 0.2f, 0}, {0.03f, 0.04f, 0.03f, 0}, {0.8f, 0.1f, 0.1f, 1}},  // near box
      {projection * view, {0.2f, 0.08f, -0.25f, 0}, {0.08f, 0.08f, 0.08f, 0}, {0.2f, 0.35f, 0.8f, 1}},  // far box
  };

  auto run_frame = [&](int index, bool liquidfx, bool spray) {
    const double dt = 1.0 / 60.0;
    const std::uint32_t count = std::min(kMaxParticles, std::uint32_t(index + 1) * kSpawnedPerFrame);
    const std::uint32_t spawned = std::min(kMaxParticles, std::uint32_t(index) * kSpawnedPerFrame);
    if (liquidfx) {
      const float tilt = 0.15f * std::sin(float(index) * 0.3f);
      bottle.update({glm::vec3(0.0f), glm::angleAxis(tilt, glm::vec3(0, 0, 1))}, index ? dt : 0.0);
      if (!bottles->set_containers({{&bottle, {}}})) fail("set_containers");
      lfx::gpu::ParticleSource source;  // the engine's records: position at 0, velocity at 16
      source.buffer = particles.buffer;
      source.buffer_bytes = kMaxParticles * 32;
      source.stride = 32;
      source.velocity_offset = 16;
      source.count = count;
      source.radius = kParticleRadius;
      if (spray)
        take((index == 0 ? surfaces->attach("spray", source, surface_knobs) : surfaces->update("spray", source)));
      lfx::RipplesInput touch;
      if (index == 0) touch.touches.push_back({lfx::uv_at_pixel({200.0f, 90.0f}, {kUiWidth, kUiHeight}), 1.0f});
      water.advance(dt, touch);
      lfx::gpu::FrameView v;
      v.view = view;
      v.projection = projection;
      v.lighting = {sun_direction, glm::vec3(2.2f), sky * 0.6f, sky, glm::vec3(0.3f, 0.28f, 0.25f)};
      v.time = index * dt;
      const lfx::gpu::ImageAccess drawn = lfx::gpu::access::kColorAttachment, read = lfx::gpu::access::kTransferSrc;
      const lfx::gpu::ImageAccess z{
          VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL,
          VK_PIPELINE_STAGE_2_EARLY_FRAGMENT_TESTS_BIT | VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT,
          VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_READ_BIT | VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT};
      const lfx::gpu::HostFrame host{{color.image, color.format, extent, color.usage, drawn, read},
                                     {depth.image, depth.format, extent, depth.usage, z, z}};
      const lfx::gpu::HostFrame ui_host{{ui.image, ui.format, ui_extent, ui.usage, drawn, read}, {}};
      take(frame->prepare(v, scene_passes, &host));
      take(ui_frame->prepare({}, ui_passes, &ui_host));
    }
    const VkCommandBufferBeginInfo begin_info{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO, nullptr,
                                              VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT};
    check(vkBeginCommandBuffer(cmd, &begin_info), "vkBeginCommandBuffer");
    // The engine's frame: its particles, its scene, its UI canvas.
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, passes.particles);
    vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, passes.particle_layout, 0, 1, &passes.set, 0, nullptr);
    const ParticlePush step{{0.12f, 0.3f, 0.05f, 0}, count, spawned, float(dt), kParticleRadius};
    vkCmdPushConstants(cmd, passes.particle_layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(step), &step);
    vkCmdDispatch(cmd, (count + 63) / 64, 1, 1);
    barrier(cmd, color.image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
            VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT, VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT);
    barrier(cmd, depth.image, VK_IMAGE_ASPECT_DEPTH_BIT, VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL,
            VK_PIPELINE_STAGE_2_EARLY_FRAGMENT_TESTS_BIT, VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT);
    begin(cmd, color, &depth, sky);
    vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, passes.boxes);
    for (const BoxPush& b : boxes) {
      vkCmdPushConstants(cmd, passes.box_layout, VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0,
                         sizeof(b), &b);
      vkCmdDraw(cmd, 36, 1, 0, 0);
    }
    vkCmdEndRendering(cmd);
    barrier(cmd, ui.image, VK_IMAGE_ASPECT_COLOR_BIT, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
            VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT, VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT);
    begin(cmd, ui, nullptr, glm::vec3(0.2f, 0.22f, 0.3f));
    std::vector<VkClearRect> bars;  // the UI's own drawing: bars
    for (std::uint32_t x = 8; x < kUiWidth; x += 24) bars.push_back({{{int(x), 0}, {8, kUiHeight}}, 0, 1});
    const VkClearAttachment bar{VK_IMAGE_ASPECT_COLOR_BIT, 0, {{{0.9f, 0.8f, 0.4f, 1.0f}}}};
    vkCmdClearAttachments(cmd, 1, &bar, std::uint32_t(bars.size()), bars.data());
    vkCmdEndRendering(cmd);
    if (liquidfx) {  // into the engine's images, left for the engine's copies below
      frame->record(cmd, scene_passes);
      ui_frame->record(cmd, ui_passes);
    } else {
      for (const Target* t : {&color, &ui}) {
        VkImageMemoryBarrier2 b{VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER_2,
                                nullptr,
                                VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
                                VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT,
                                VK_PIPELINE_STAGE_2_COPY_BIT,
                                VK_ACCESS_2_TRANSFER_READ_BIT,
                                VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL,
                                VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                                0,
                                0,
                                t->image,
                                {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1}};
        const VkDependencyInfo dep{VK_STRUCTURE_TYPE_DEPENDENCY_INFO, nullptr, 0, 0, nullptr, 0, nullptr, 1, &b};
        vkCmdPipelineBarrier2(cmd, &dep);
      }
    }
    copy_out(cmd, color, readback);
    copy_out(cmd, ui, ui_readback);
    check(vkEndCommandBuffer(cmd), "vkEndCommandBuffer");
    // The engine's submission, with liquidfx's signal so that it frees what it replaced.
    const VkSemaphoreSubmitInfo signal = ctx->next_signal();
    const VkCommandBufferSubmitInfo cmd_submit{VK_STRUCTURE_TYPE_COMMAND_BUFFER_SUBMIT_INFO, nullptr, cmd, 0};
    VkSubmitInfo2 submit{VK_STRUCTURE_TYPE_SUBMIT_INFO_2};
    submit.commandBufferInfoCount = 1;
    submit.pCommandBufferInfos = &cmd_submit;
    submit.signalSemaphoreInfoCount = 1;
    submit.pSignalSemaphoreInfos = &signal;
    check(vkQueueSubmit2(d.queue, 1, &submit, VK_NULL_HANDLE), "vkQueueSubmit2");
    take(ctx->wait_for(signal.value));
  };

  for (int i = 0; i < kFrames; ++i) run_frame(i, true, true);
  write(out + "/frame.png", readback, extent, true);
  write(out + "/ui.png", ui_readback, ui_extent, false);
  run_frame(kFrames, false, false);
  write(out + "/host_only.png", readback, extent, true);
  take(surfaces->detach("spray"));
  run_frame(kFrames + 1, true, false);  // the frame after detach: the spray is gone, the rest draws
  std::printf("host_engine: %d frames of %ux%u, %u particles; pictures in %s\n", kFrames, kWidth, kHeight,
              std::min(kMaxParticles, kFrames * kSpawnedPerFrame), out.c_str());

  check(vkDeviceWaitIdle(d.device), "vkDeviceWaitIdle");
  bottles.reset();
  surfaces.reset();
  ripples.reset();
  frame.reset();
  ui_frame.reset();
  ctx.reset();  // liquidfx's objects go; the engine's are its own (they live to the program's end)
  if (validation_messages > 0) fail(std::to_string(validation_messages) + " validation messages");
  return 0;
}

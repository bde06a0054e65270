#include "engine.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <glm/gtc/packing.hpp>
#include <vector>

#include "liquidfx/core/image.h"  // the engine borrows liquidfx's PNG writer

namespace engine {
namespace {

// The push constants of boxes.vert and particles.comp.
struct BoxPush {
  glm::mat4 view_proj;
  glm::vec4 centre, half_size, color;
};
struct ParticlePush {
  glm::vec4 nozzle;
  std::uint32_t count, spawned;
  float dt, radius;
};

int messages = 0;
VKAPI_ATTR VkBool32 VKAPI_CALL on_message(VkDebugUtilsMessageSeverityFlagBitsEXT, VkDebugUtilsMessageTypeFlagsEXT,
                                          const VkDebugUtilsMessengerCallbackDataEXT* data, void*) {
  std::fprintf(stderr, "validation: %s\n", data->pMessage);
  ++messages;
  return VK_FALSE;
}

std::uint32_t memory_type(const Device& d, std::uint32_t bits, VkMemoryPropertyFlags wanted) {
  VkPhysicalDeviceMemoryProperties memory;
  vkGetPhysicalDeviceMemoryProperties(d.gpu, &memory);
  for (std::uint32_t i = 0; i < memory.memoryTypeCount; ++i)
    if ((bits & (1u << i)) && (memory.memoryTypes[i].propertyFlags & wanted) == wanted) return i;
  fail("no suitable memory");
}

VkDeviceMemory allocate(const Device& d, const VkMemoryRequirements& req, VkMemoryPropertyFlags wanted) {
  VkMemoryAllocateInfo alloc{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, nullptr, req.size,
                             memory_type(d, req.memoryTypeBits, wanted)};
  VkDeviceMemory memory;
  check(vkAllocateMemory(d.device, &alloc, nullptr, &memory), "vkAllocateMemory");
  return memory;
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

VkPipelineLayout make_layout(const Device& d, const VkDescriptorSetLayout* set, VkShaderStageFlags stages,
                             std::uint32_t push_bytes) {
  const VkPushConstantRange range{stages, 0, push_bytes};
  const VkPipelineLayoutCreateInfo info{
      VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO, nullptr, 0, set ? 1u : 0u, set, 1, &range};
  VkPipelineLayout layout;
  check(vkCreatePipelineLayout(d.device, &info, nullptr, &layout), "vkCreatePipelineLayout");
  return layout;
}

// The boxes: reversed Z (GREATER), dynamic viewport and scissor, RGBA16F over D32.
VkPipeline make_box_pipeline(const Device& d, VkPipelineLayout layout) {
  VkShaderModule vert = load_shader(d, "boxes.vert"), frag = load_shader(d, "boxes.frag");
  const VkPipelineShaderStageCreateInfo stages[] = {
      {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, nullptr, 0, VK_SHADER_STAGE_VERTEX_BIT, vert, "main"},
      {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, nullptr, 0, VK_SHADER_STAGE_FRAGMENT_BIT, frag, "main"}};
  VkPipelineVertexInputStateCreateInfo input{VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
  VkPipelineInputAssemblyStateCreateInfo assembly{VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO};
  assembly.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
  VkPipelineViewportStateCreateInfo viewports{VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO};
  viewports.viewportCount = viewports.scissorCount = 1;
  const VkDynamicState dynamic[] = {VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR};
  const VkPipelineDynamicStateCreateInfo dynamics{VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO, nullptr, 0, 2,
                                                  dynamic};
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
  info.pDynamicState = &dynamics;
  info.layout = layout;
  VkPipeline pipeline;
  check(vkCreateGraphicsPipelines(d.device, VK_NULL_HANDLE, 1, &info, nullptr, &pipeline), "boxes pipeline");
  vkDestroyShaderModule(d.device, vert, nullptr);
  vkDestroyShaderModule(d.device, frag, nullptr);
  return pipeline;
}

void begin(VkCommandBuffer cmd, const Target& color, const Target* depth, glm::vec3 clear) {
  VkRenderingAttachmentInfo c{VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO};
  c.imageView = color.view;
  c.imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
  c.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR;
  c.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
  c.clearValue.color = {{clear.r, clear.g, clear.b, 1.0f}};
  VkRenderingAttachmentInfo z = c;
  z.imageView = depth ? depth->view : VK_NULL_HANDLE;
  z.imageLayout = VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL;
  z.clearValue.depthStencil = {0.0f, 0};  // reversed Z: far is 0
  VkRenderingInfo info{VK_STRUCTURE_TYPE_RENDERING_INFO};
  info.renderArea = {{0, 0}, color.extent};
  info.layerCount = 1;
  info.colorAttachmentCount = 1;
  info.pColorAttachments = &c;
  info.pDepthAttachment = depth ? &z : nullptr;
  vkCmdBeginRendering(cmd, &info);
  const VkViewport viewport{0, 0, float(color.extent.width), float(color.extent.height), 0, 1};
  vkCmdSetViewport(cmd, 0, 1, &viewport);
  vkCmdSetScissor(cmd, 0, 1, &info.renderArea);
}

// Whatever the frame before left (the engine's copies), drawn over from scratch.
constexpr Use kAnything{VK_IMAGE_LAYOUT_UNDEFINED, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, VK_ACCESS_2_MEMORY_WRITE_BIT};
constexpr Use kColorTarget{VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
                           VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT};
constexpr Use kDepthTarget{VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL, VK_PIPELINE_STAGE_2_EARLY_FRAGMENT_TESTS_BIT,
                           VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT};

}  // namespace

void fail(const std::string& what) {
  std::fprintf(stderr, "host_engine: %s\n", what.c_str());
  std::exit(1);
}

void check(VkResult r, const char* what) {
  if (r != VK_SUCCESS) fail(std::string(what) + " failed (" + std::to_string(int(r)) + ")");
}

int validation_messages() {
  return messages;
}

void create_device(Device& d) {
  std::uint32_t count = 0;
  vkEnumerateInstanceLayerProperties(&count, nullptr);
  std::vector<VkLayerProperties> layers(count);
  vkEnumerateInstanceLayerProperties(&count, layers.data());
  const char* layer = "VK_LAYER_KHRONOS_validation";
  const bool validation = std::any_of(layers.begin(), layers.end(),
                                      [&](const VkLayerProperties& l) { return std::strcmp(l.layerName, layer) == 0; });
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
  VkDebugUtilsMessengerEXT handle;
  check(create_messenger(d.instance, &messenger, nullptr, &handle), "vkCreateDebugUtilsMessengerEXT");
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

Target make_target(const Device& d, VkFormat format, VkImageUsageFlags usage, VkExtent2D extent) {
  Target t{VK_NULL_HANDLE, VK_NULL_HANDLE, format, usage, extent};
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
  check(vkBindImageMemory(d.device, t.image, allocate(d, req, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT), 0),
        "vkBindImageMemory");
  VkImageViewCreateInfo view{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
  view.image = t.image;
  view.viewType = VK_IMAGE_VIEW_TYPE_2D;
  view.format = format;
  const bool depth = format == VK_FORMAT_D32_SFLOAT;
  view.subresourceRange = {depth ? VK_IMAGE_ASPECT_DEPTH_BIT : VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
  check(vkCreateImageView(d.device, &view, nullptr, &t.view), "vkCreateImageView");
  return t;
}

HostBuffer make_buffer(const Device& d, VkDeviceSize size, VkBufferUsageFlags usage, bool readable) {
  HostBuffer b;
  VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, nullptr, 0, size, usage};
  check(vkCreateBuffer(d.device, &info, nullptr, &b.buffer), "vkCreateBuffer");
  VkMemoryRequirements req;
  vkGetBufferMemoryRequirements(d.device, b.buffer, &req);
  const VkDeviceMemory memory =
      allocate(d, req,
               readable ? VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT
                        : VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
  check(vkBindBufferMemory(d.device, b.buffer, memory, 0), "vkBindBufferMemory");
  if (readable) check(vkMapMemory(d.device, memory, 0, VK_WHOLE_SIZE, 0, &b.mapped), "vkMapMemory");
  return b;
}

void transition(VkCommandBuffer cmd, const Target& t, Use from, Use to) {
  const VkImageAspectFlags aspect =
      t.format == VK_FORMAT_D32_SFLOAT ? VK_IMAGE_ASPECT_DEPTH_BIT : VK_IMAGE_ASPECT_COLOR_BIT;
  const VkImageMemoryBarrier2 b{VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER_2,
                                nullptr,
                                from.stage,
                                from.access,
                                to.stage,
                                to.access,
                                from.layout,
                                to.layout,
                                VK_QUEUE_FAMILY_IGNORED,
                                VK_QUEUE_FAMILY_IGNORED,
                                t.image,
                                {aspect, 0, 1, 0, 1}};
  const VkDependencyInfo dep{VK_STRUCTURE_TYPE_DEPENDENCY_INFO, nullptr, 0, 0, nullptr, 0, nullptr, 1, &b};
  vkCmdPipelineBarrier2(cmd, &dep);
}

Passes::Passes(const Device& d, VkBuffer particles) : d_(d) {
  box_layout_ = make_layout(d, nullptr, VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, sizeof(BoxPush));
  boxes_ = make_box_pipeline(d, box_layout_);

  const VkDescriptorSetLayoutBinding binding{0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT};
  const VkDescriptorSetLayoutCreateInfo set_layout{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO, nullptr, 0, 1,
                                                   &binding};
  check(vkCreateDescriptorSetLayout(d.device, &set_layout, nullptr, &set_layout_), "set layout");
  particle_layout_ = make_layout(d, &set_layout_, VK_SHADER_STAGE_COMPUTE_BIT, sizeof(ParticlePush));
  VkComputePipelineCreateInfo compute{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
  compute.stage = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
                   nullptr,
                   0,
                   VK_SHADER_STAGE_COMPUTE_BIT,
                   load_shader(d, "particles.comp"),
                   "main"};
  compute.layout = particle_layout_;
  check(vkCreateComputePipelines(d.device, VK_NULL_HANDLE, 1, &compute, nullptr, &particles_), "particle pipeline");
  vkDestroyShaderModule(d.device, compute.stage.module, nullptr);

  const VkDescriptorPoolSize size{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1};
  const VkDescriptorPoolCreateInfo pool{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO, nullptr, 0, 1, 1, &size};
  check(vkCreateDescriptorPool(d.device, &pool, nullptr, &pool_), "descriptor pool");
  const VkDescriptorSetAllocateInfo alloc{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO, nullptr, pool_, 1,
                                          &set_layout_};
  check(vkAllocateDescriptorSets(d.device, &alloc, &set_), "descriptor set");
  const VkDescriptorBufferInfo records{particles, 0, VK_WHOLE_SIZE};
  const VkWriteDescriptorSet write{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, nullptr, set_,    0, 0, 1,
                                   VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,      nullptr, &records};
  vkUpdateDescriptorSets(d.device, 1, &write, 0, nullptr);
}

void Passes::step_particles(VkCommandBuffer cmd, const ParticleStep& step) const {
  const ParticlePush push{glm::vec4(step.nozzle, 0.0f), step.count, step.spawned, step.dt, step.radius};
  vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, particles_);
  vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, particle_layout_, 0, 1, &set_, 0, nullptr);
  vkCmdPushConstants(cmd, particle_layout_, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(push), &push);
  vkCmdDispatch(cmd, (step.count + 63) / 64, 1, 1);
}

void Passes::draw_scene(VkCommandBuffer cmd, const Target& color, const Target& depth, const glm::mat4& view_proj,
                        const Box* boxes, std::size_t box_count, glm::vec3 sky) const {
  transition(cmd, color, kAnything, kColorTarget);
  transition(cmd, depth, kAnything, kDepthTarget);
  begin(cmd, color, &depth, sky);
  vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, boxes_);
  for (std::size_t i = 0; i < box_count; ++i) {
    const BoxPush push{view_proj, glm::vec4(boxes[i].centre, 0), glm::vec4(boxes[i].half_size, 0),
                       glm::vec4(boxes[i].color, 1)};
    vkCmdPushConstants(cmd, box_layout_, VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(push),
                       &push);
    vkCmdDraw(cmd, 36, 1, 0, 0);
  }
  vkCmdEndRendering(cmd);
}

void Passes::draw_ui(VkCommandBuffer cmd, const Target& ui) const {
  transition(cmd, ui, kAnything, kColorTarget);
  begin(cmd, ui, nullptr, glm::vec3(0.2f, 0.22f, 0.3f));
  std::vector<VkClearRect> bars;
  for (std::uint32_t x = 8; x < ui.extent.width; x += 24) bars.push_back({{{int(x), 0}, {8, ui.extent.height}}, 0, 1});
  const VkClearAttachment bar{VK_IMAGE_ASPECT_COLOR_BIT, 0, {{{0.9f, 0.8f, 0.4f, 1.0f}}}};
  vkCmdClearAttachments(cmd, 1, &bar, std::uint32_t(bars.size()), bars.data());
  vkCmdEndRendering(cmd);
}

void copy_out(VkCommandBuffer cmd, const Target& t, const HostBuffer& to) {
  const VkBufferImageCopy region{
      0, 0, 0, {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1}, {0, 0, 0}, {t.extent.width, t.extent.height, 1}};
  vkCmdCopyImageToBuffer(cmd, t.image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, to.buffer, 1, &region);
}

void write_png(const std::string& path, const HostBuffer& pixels, VkExtent2D extent, bool hdr) {
  lfx::ImageRgba8 image{int(extent.width), int(extent.height)};
  for (std::size_t i = 0; i < image.pixels.size(); ++i) {
    if (!hdr) {
      image.pixels[i] = static_cast<const std::uint8_t*>(pixels.mapped)[i];
      continue;
    }
    const float x = glm::unpackHalf1x16(static_cast<const std::uint16_t*>(pixels.mapped)[i]);
    const float l = i % 4 == 3 ? 1.0f : x / (1.0f + x);
    const float s = l <= 0.0031308f ? 12.92f * l : 1.055f * std::pow(l, 1.0f / 2.4f) - 0.055f;
    image.pixels[i] = std::uint8_t(std::clamp(s, 0.0f, 1.0f) * 255.0f + 0.5f);
  }
  if (auto r = lfx::write_png(path, image); !r) fail(r.error().message);
}

}  // namespace engine

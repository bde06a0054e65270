#include "imgui_overlay.h"

#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_vulkan.h>
#include <imgui.h>

#include <algorithm>

namespace lfx::viewer {

Result<std::unique_ptr<ImGuiOverlay>> ImGuiOverlay::create(window::Window& window) {
  std::unique_ptr<ImGuiOverlay> o(new ImGuiOverlay(window));
  const VkFormat format = window.swapchain().format();
  if (format == VK_FORMAT_UNDEFINED) return gpu_error("the window has no swapchain yet for the viewer's panels");
  LFX_TRY(o->init(format));
  return o;
}

Result<void> ImGuiOverlay::init(VkFormat format) {
  gpu::Context& ctx = window_.context();
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  imgui_ = true;
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;  // the panels' layout is the viewer's, not a file in the working folder
  ImGui::StyleColorsDark();
  if (!ImGui_ImplGlfw_InitForVulkan(window_.handle(), true)) return gpu_error("ImGui: cannot take the window's input");
  glfw_ = true;

  const VkDescriptorPoolSize sizes[] = {{VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 16}};
  VkDescriptorPoolCreateInfo pool{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
  pool.flags = VK_DESCRIPTOR_POOL_CREATE_FREE_DESCRIPTOR_SET_BIT;
  pool.maxSets = 16;
  pool.poolSizeCount = 1;
  pool.pPoolSizes = sizes;
  LFX_TRY(gpu::vk_check(vkCreateDescriptorPool(ctx.device(), &pool, nullptr, &pool_), "vkCreateDescriptorPool"));

  // Dear ImGui 1.86 draws inside a classic render pass: one colour attachment, the frame kept.
  VkAttachmentDescription colour{};
  colour.format = format;
  colour.samples = VK_SAMPLE_COUNT_1_BIT;
  colour.loadOp = VK_ATTACHMENT_LOAD_OP_LOAD;
  colour.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
  colour.stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE;
  colour.stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE;
  colour.initialLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
  colour.finalLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
  VkAttachmentReference reference{0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
  VkSubpassDescription subpass{};
  subpass.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS;
  subpass.colorAttachmentCount = 1;
  subpass.pColorAttachments = &reference;
  // The swapchain's barrier before the overlay makes the copied frame visible to the colour
  // attachment stage; the dependencies say the same to the render pass.
  VkSubpassDependency dependencies[2]{};
  dependencies[0].srcSubpass = VK_SUBPASS_EXTERNAL;
  dependencies[0].dstSubpass = 0;
  dependencies[0].srcStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT;
  dependencies[0].dstStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT;
  dependencies[0].srcAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT;
  dependencies[0].dstAccessMask = VK_ACCESS_COLOR_ATTACHMENT_READ_BIT | VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT;
  dependencies[1].srcSubpass = 0;
  dependencies[1].dstSubpass = VK_SUBPASS_EXTERNAL;
  dependencies[1].srcStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT;
  dependencies[1].dstStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT;
  dependencies[1].srcAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT;
  dependencies[1].dstAccessMask = VK_ACCESS_COLOR_ATTACHMENT_READ_BIT | VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT;
  VkRenderPassCreateInfo info{VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO};
  info.attachmentCount = 1;
  info.pAttachments = &colour;
  info.subpassCount = 1;
  info.pSubpasses = &subpass;
  info.dependencyCount = 2;
  info.pDependencies = dependencies;
  LFX_TRY(gpu::vk_check(vkCreateRenderPass(ctx.device(), &info, nullptr, &render_pass_), "vkCreateRenderPass"));
  format_ = format;

  ImGui_ImplVulkan_InitInfo init{};
  init.Instance = ctx.instance();
  init.PhysicalDevice = ctx.physical_device();
  init.Device = ctx.device();
  init.QueueFamily = ctx.queue_family();
  init.Queue = ctx.queue();
  init.DescriptorPool = pool_;
  init.MinImageCount = 2;
  // Its vertex buffers rotate over this many frames: at least the frames in flight (2).
  init.ImageCount = std::max<std::uint32_t>(window_.swapchain().image_count(), 2);
  init.MSAASamples = VK_SAMPLE_COUNT_1_BIT;
  if (!ImGui_ImplVulkan_Init(&init, render_pass_)) return gpu_error("ImGui: cannot set up its Vulkan drawing");
  vulkan_ = true;
  LFX_TRY(ctx.submit_and_wait([](VkCommandBuffer cmd) { ImGui_ImplVulkan_CreateFontsTexture(cmd); }));
  ImGui_ImplVulkan_DestroyFontUploadObjects();
  return success();
}

ImGuiOverlay::~ImGuiOverlay() {
  VkDevice device = window_.context().device();
  vkDeviceWaitIdle(device);
  if (vulkan_) ImGui_ImplVulkan_Shutdown();
  if (glfw_) ImGui_ImplGlfw_Shutdown();
  if (imgui_) ImGui::DestroyContext();
  for (const Framebuffer& f : framebuffers_) vkDestroyFramebuffer(device, f.handle, nullptr);
  if (render_pass_) vkDestroyRenderPass(device, render_pass_, nullptr);
  if (pool_) vkDestroyDescriptorPool(device, pool_, nullptr);
}

void ImGuiOverlay::new_frame() {
  ImGui_ImplVulkan_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  ImGui::NewFrame();
}

VkFramebuffer ImGuiOverlay::framebuffer_for(const window::SwapchainTarget& target) {
  // A rebuilt swapchain has new views; the old ones' framebuffers are idle (the swapchain waited
  // for the device before rebuilding).
  VkDevice device = window_.context().device();
  if (generation_ != window_.swapchain().generation()) {
    for (const Framebuffer& f : framebuffers_) vkDestroyFramebuffer(device, f.handle, nullptr);
    framebuffers_.clear();
    generation_ = window_.swapchain().generation();
  }
  for (const Framebuffer& f : framebuffers_)
    if (f.view == target.view) return f.handle;
  VkFramebufferCreateInfo info{VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO};
  info.renderPass = render_pass_;
  info.attachmentCount = 1;
  info.pAttachments = &target.view;
  info.width = target.extent.width;
  info.height = target.extent.height;
  info.layers = 1;
  VkFramebuffer made = VK_NULL_HANDLE;
  if (vkCreateFramebuffer(device, &info, nullptr, &made) != VK_SUCCESS) return VK_NULL_HANDLE;
  framebuffers_.push_back({target.view, made});
  return made;
}

void ImGuiOverlay::record(VkCommandBuffer cmd, const window::SwapchainTarget& target) {
  ImGui::Render();
  ImDrawData* draw = ImGui::GetDrawData();
  const VkFramebuffer framebuffer = target.format == format_ ? framebuffer_for(target) : VK_NULL_HANDLE;
  if (!framebuffer || !draw) return;  // a changed surface format: the frame is shown without panels
  VkRenderPassBeginInfo begin{VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO};
  begin.renderPass = render_pass_;
  begin.framebuffer = framebuffer;
  begin.renderArea.extent = target.extent;
  vkCmdBeginRenderPass(cmd, &begin, VK_SUBPASS_CONTENTS_INLINE);
  ImGui_ImplVulkan_RenderDrawData(draw, cmd);
  vkCmdEndRenderPass(cmd);
}

}  // namespace lfx::viewer

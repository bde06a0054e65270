// lfx::viewer::ImGuiOverlay: Dear ImGui (Debian's, with its GLFW and Vulkan backends) on a
// liquidfx window: its panels drawn over the swapchain image after the frame was copied there.
#pragma once

#include <vulkan/vulkan.h>

#include <memory>
#include <vector>

#include "liquidfx/core/result.h"
#include "liquidfx/window/window.h"

namespace lfx::viewer {

class ImGuiOverlay {
 public:
  /// Takes the window's input (chaining to callbacks installed before it) and the window's
  /// Context; the swapchain must have been built (its format picks the render pass).
  static Result<std::unique_ptr<ImGuiOverlay>> create(window::Window& window);
  ~ImGuiOverlay();
  ImGuiOverlay(const ImGuiOverlay&) = delete;
  ImGuiOverlay& operator=(const ImGuiOverlay&) = delete;

  /// Starts a frame of widgets (ImGui::NewFrame).
  void new_frame();
  /// Ends the frame of widgets and draws them over `target` (a Swapchain overlay).
  void record(VkCommandBuffer cmd, const window::SwapchainTarget& target);

 private:
  explicit ImGuiOverlay(window::Window& window) : window_(window) {}
  Result<void> init(VkFormat format);
  VkFramebuffer framebuffer_for(const window::SwapchainTarget& target);

  window::Window& window_;
  VkDescriptorPool pool_ = VK_NULL_HANDLE;
  VkRenderPass render_pass_ = VK_NULL_HANDLE;
  VkFormat format_ = VK_FORMAT_UNDEFINED;
  struct Framebuffer {
    VkImageView view;
    VkFramebuffer handle;
  };
  std::vector<Framebuffer> framebuffers_;  // one per swapchain image view
  std::uint32_t generation_ = 0;           // the swapchain's they were made for
  bool imgui_ = false, glfw_ = false, vulkan_ = false;
};

}  // namespace lfx::viewer

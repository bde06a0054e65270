// lfx::window::Window: a GLFW window with a liquidfx Context that presents to it and a Swapchain.
#pragma once

#include <vulkan/vulkan.h>

#include <memory>
#include <string>

#include "liquidfx/core/result.h"
#include "liquidfx/gpu/context.h"
#include "liquidfx/window/swapchain.h"

struct GLFWwindow;

namespace lfx::window {

using gpu::Context;
using gpu::ContextOptions;
using gpu::Image;

class Window {
 public:
  /// Opens a resizable window of width x height screen units. Fails (a GPU error) when there is
  /// no display or no device can present to it.
  static Result<std::unique_ptr<Window>> open(const std::string& title, int width, int height,
                                              ContextOptions options = {});
  ~Window();
  Window(const Window&) = delete;
  Window& operator=(const Window&) = delete;

  Context& context() { return *context_; }
  Swapchain& swapchain() { return *swapchain_; }
  GLFWwindow* handle() const { return window_; }
  /// Current framebuffer size in pixels (0x0 while minimised).
  VkExtent2D framebuffer_extent() const;
  bool should_close() const;
  /// Processes window events.
  void poll_events() const;

 private:
  Window() = default;
  GLFWwindow* window_ = nullptr;
  std::unique_ptr<Context> context_;
  std::unique_ptr<Swapchain> swapchain_;
};

}  // namespace lfx::window

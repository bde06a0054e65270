#include "liquidfx/window/window.h"

#define GLFW_INCLUDE_VULKAN
#include <GLFW/glfw3.h>

namespace lfx::window {
namespace {

// GLFW is initialised once per process and terminated with the last window.
int& open_windows() {
  static int count = 0;
  return count;
}

std::string glfw_error_text() {
  const char* description = nullptr;
  glfwGetError(&description);
  return description ? description : "unknown GLFW error";
}

}  // namespace

Result<std::unique_ptr<Window>> Window::open(const std::string& title, int width, int height, ContextOptions options) {
  if (width <= 0 || height <= 0) return input_error("window size must be positive");
  if (open_windows() == 0 && !glfwInit()) return gpu_error("cannot open a window: " + glfw_error_text());
  std::unique_ptr<Window> w(new Window());
  ++open_windows();
  if (!glfwVulkanSupported()) return gpu_error("GLFW finds no Vulkan loader able to present");
  glfwWindowHint(GLFW_CLIENT_API, GLFW_NO_API);
  glfwWindowHint(GLFW_RESIZABLE, GLFW_TRUE);
  w->window_ = glfwCreateWindow(width, height, title.c_str(), nullptr, nullptr);
  if (!w->window_) return gpu_error("cannot create a window: " + glfw_error_text());

  std::uint32_t count = 0;
  const char** extensions = glfwGetRequiredInstanceExtensions(&count);
  for (std::uint32_t i = 0; i < count; ++i) options.instance_extensions.emplace_back(extensions[i]);
  GLFWwindow* handle = w->window_;
  options.create_surface = [handle](VkInstance instance, VkSurfaceKHR* surface) {
    return glfwCreateWindowSurface(instance, handle, nullptr, surface);
  };
  LFX_TRY_ASSIGN(w->context_, Context::create(options));
  LFX_TRY_ASSIGN(w->swapchain_, Swapchain::create(*w->context_, w->framebuffer_extent()));
  return w;
}

Window::~Window() {
  swapchain_.reset();
  context_.reset();
  if (window_) glfwDestroyWindow(window_);
  if (--open_windows() == 0) glfwTerminate();
}

VkExtent2D Window::framebuffer_extent() const {
  int w = 0, h = 0;
  glfwGetFramebufferSize(window_, &w, &h);
  if (glfwGetWindowAttrib(window_, GLFW_ICONIFIED)) return {0, 0};
  return {static_cast<std::uint32_t>(w), static_cast<std::uint32_t>(h)};
}

bool Window::should_close() const {
  return glfwWindowShouldClose(window_);
}

void Window::poll_events() const {
  glfwPollEvents();
}

}  // namespace lfx::window

// A real window (under Xvfb in the test suite; lavapipe presents to X11): open, present frames,
// resize, minimise, restore, close, with effects reallocating as the window resizes while frames
// are in flight, and validation clean throughout.
#include "liquidfx/window/window.h"

#include <GLFW/glfw3.h>
#include <gtest/gtest.h>

#include "liquidfx/scene/player.h"

namespace lfx::test {
namespace {

// Presents frames until one is shown or the attempts run out; returns how many were shown.
int present_frames(window::Window& window, scene::ScenePlayer& player, int frames) {
  int shown = 0;
  for (int i = 0; i < frames; ++i) {
    window.poll_events();
    const VkExtent2D size = window.framebuffer_extent();
    if (size.width > 0 && size.height > 0 &&
        (size.width != player.renderer().targets().width() || size.height != player.renderer().targets().height())) {
      EXPECT_TRUE(player.renderer().resize(size.width, size.height));
    }
    EXPECT_TRUE(player.prepare());  // the frame's allocations, before it records
    auto presented = window.swapchain().present(size, player.renderer().targets().output,
                                                [&](VkCommandBuffer cmd) { player.record(cmd); });
    EXPECT_TRUE(presented) << (presented ? "" : presented.error().message);
    if (presented && *presented) ++shown;
    EXPECT_TRUE(player.advance(1.0 / 30.0));
  }
  return shown;
}

TEST(WindowTest, PresentsResizesMinimisesAndCloses) {
  gpu::ContextOptions options;
  options.validation = true;
  auto window = window::Window::open("liquidfx window test", 320, 180, options);
  ASSERT_TRUE(window) << window.error().message;
  gpu::Context& ctx = (*window)->context();
  ASSERT_TRUE(ctx.validation_enabled());

  // The room with ripples over it: resizing the window reallocates their buffers and wave field
  // while the swapchain's two frames are in flight.
  auto scene = scene::parse_scene(R"({"effects": [
      {"type": "ripples", "name": "rings", "keep_alive": true, "count": 16},
      {"type": "ripples", "name": "waves", "mode": "waves", "wave_resolution": 64, "rain": {"rate": 20}}]})",
                                  "window.json");
  ASSERT_TRUE(scene) << scene.error().message;
  const VkExtent2D initial = (*window)->framebuffer_extent();
  ASSERT_GT(initial.width, 0u);
  auto player = scene::ScenePlayer::create(ctx, *scene, initial.width, initial.height);
  ASSERT_TRUE(player) << player.error().message;

  EXPECT_EQ(present_frames(**window, **player, 5), 5);
  EXPECT_EQ((*window)->swapchain().extent().width, initial.width);

  // Resize: the swapchain follows the framebuffer.
  glfwSetWindowSize((*window)->handle(), 400, 260);
  for (int i = 0; i < 50 && (*window)->framebuffer_extent().width != 400; ++i) glfwWaitEventsTimeout(0.02);
  ASSERT_EQ((*window)->framebuffer_extent().width, 400u);
  const std::uint32_t generation = (*window)->swapchain().generation();
  EXPECT_EQ(present_frames(**window, **player, 5), 5);
  EXPECT_GT((*window)->swapchain().generation(), generation);
  EXPECT_EQ((*window)->swapchain().extent().width, 400u);
  EXPECT_EQ((*window)->swapchain().extent().height, 260u);

  // Minimised: nothing is presented and nothing fails; restored: presenting resumes.
  const auto minimised = (*window)->swapchain().present({0, 0}, (*player)->renderer().targets().output,
                                                        [&](VkCommandBuffer cmd) { (*player)->record(cmd); });
  ASSERT_TRUE(minimised);
  EXPECT_FALSE(*minimised);
  glfwIconifyWindow((*window)->handle());
  present_frames(**window, **player, 3);
  glfwRestoreWindow((*window)->handle());
  for (int i = 0; i < 50 && (*window)->framebuffer_extent().width == 0; ++i) glfwWaitEventsTimeout(0.02);
  EXPECT_GT(present_frames(**window, **player, 5), 0);

  // Close.
  glfwSetWindowShouldClose((*window)->handle(), GLFW_TRUE);
  EXPECT_TRUE((*window)->should_close());
  EXPECT_EQ(ctx.validation_messages(), 0u);
  player->reset();
  window->reset();
}

}  // namespace
}  // namespace lfx::test

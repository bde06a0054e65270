// Frame-fenced lifetime: with two frames in flight, the frame size and every effect's buffers
// and images change every frame for 100 frames. Nothing waits for the device to be idle; what
// a frame replaces is retired and freed once the frames that used it are done. Validation
// (with synchronization validation) must stay silent.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>

#include "liquidfx/scene/player.h"
#include "support/gpu_test.h"

namespace lfx::test {
namespace {

class FramesInFlightTest : public GpuTest {};

TEST_F(FramesInFlightTest, ResizingAndReallocatingEveryFrameIsSafeAndFreesWhatItReplaces) {
  auto s = scene::parse_scene(R"({"effects": [
      {"type": "ripples", "name": "rings", "source": "sunset", "keep_alive": true, "count": 4},
      {"type": "ripples", "name": "waves", "mode": "waves", "wave_resolution": 32, "rain": {"rate": 30}},
      {"type": "bottle", "name": "jars", "shape": "cylinder", "copies": 1}]})",
                              "in_flight.json");
  ASSERT_TRUE(s) << s.error().message;
  auto made = scene::ScenePlayer::create(ctx(), *s, 96, 54);
  ASSERT_TRUE(made) << made.error().message;
  scene::ScenePlayer& player = **made;

  VkCommandPoolCreateInfo pool_info{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
  pool_info.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
  pool_info.queueFamilyIndex = ctx().queue_family();
  VkCommandPool pool = VK_NULL_HANDLE;
  ASSERT_EQ(vkCreateCommandPool(ctx().device(), &pool_info, nullptr, &pool), VK_SUCCESS);
  constexpr int kInFlight = 2;
  std::array<VkCommandBuffer, kInFlight> cmds{};
  VkCommandBufferAllocateInfo alloc{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
  alloc.commandPool = pool;
  alloc.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  alloc.commandBufferCount = kInFlight;
  ASSERT_EQ(vkAllocateCommandBuffers(ctx().device(), &alloc, cmds.data()), VK_SUCCESS);
  std::array<std::uint64_t, kInFlight> serials{};

  std::size_t most_retired = 0;
  std::uint64_t overlapping = 0;  // frames submitted while the one before was still running
  for (int frame = 0; frame < 100; ++frame) {
    const int slot = frame % kInFlight;
    if (serials[slot]) {
      ASSERT_TRUE(ctx().wait_for(serials[slot]));
    }
    overlapping += ctx().completed_serial() < ctx().submitted_serial();
    // Everything changes: the frame's size, the ring pool, the wave field, the containers.
    ASSERT_TRUE(player.renderer().resize(std::uint32_t(96 + (frame % 7) * 8), std::uint32_t(54 + (frame % 5) * 6)));
    ASSERT_TRUE(player.set_knob("rings", "count", double(4 + frame)));
    ASSERT_TRUE(player.set_knob("waves", "wave_resolution", frame % 2 ? 32.0 : 40.0));
    ASSERT_TRUE(player.set_knob("jars", "copies", double(1 + frame % 4)));
    ASSERT_TRUE(player.advance(1.0 / 60.0));
    ASSERT_TRUE(player.prepare());
    VkCommandBuffer cmd = cmds[std::size_t(slot)];
    ASSERT_EQ(vkResetCommandBuffer(cmd, 0), VK_SUCCESS);
    VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
    ASSERT_EQ(vkBeginCommandBuffer(cmd, &begin), VK_SUCCESS);
    player.record(cmd);
    ASSERT_EQ(vkEndCommandBuffer(cmd), VK_SUCCESS);
    auto serial = ctx().submit(cmd);
    ASSERT_TRUE(serial) << serial.error().message;
    serials[std::size_t(slot)] = *serial;
    most_retired = std::max(most_retired, ctx().retired_count());
  }
  ASSERT_TRUE(ctx().wait_for(ctx().submitted_serial()));
  ctx().collect();
  EXPECT_EQ(ctx().retired_count(), 0u);
  // Freed as the frames completed, not hoarded until the end: a few frames' worth at most.
  EXPECT_LT(most_retired, 60u);
  EXPECT_GT(most_retired, 0u);
  std::printf("frames in flight: %llu of 100 frames overlapped the one before; at most %zu objects retired\n",
              static_cast<unsigned long long>(overlapping), most_retired);
  vkDestroyCommandPool(ctx().device(), pool, nullptr);
}

}  // namespace
}  // namespace lfx::test

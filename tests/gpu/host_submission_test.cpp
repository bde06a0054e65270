// A host that submits liquidfx's recorded frames itself, with Context::next_signal() among its
// signals: what liquidfx replaced while frames were in flight is freed once those submissions
// complete, with no call of the host's beyond the frame's own prepare and next_signal.
#include <gtest/gtest.h>

#include <algorithm>

#include "liquidfx/gpu/render/frame_renderer.h"
#include "support/gpu_test.h"
#include "support/host_command_buffer.h"

namespace lfx::test {
namespace {

class HostSubmissionTest : public GpuTest {};

TEST_F(HostSubmissionTest, WhatAFrameReplacedIsFreedOnceTheHostsOwnSubmissionsComplete) {
  auto renderer = gpu::FrameRenderer::create(ctx(), 64, 36);
  ASSERT_TRUE(renderer) << renderer.error().message;
  HostCommandBuffer cmd(ctx());

  const gpu::FrameView view;
  std::size_t most_waiting = 0;
  for (std::uint32_t frame = 0; frame < 6; ++frame) {
    ASSERT_TRUE((*renderer)->resize(64 + frame, 36));  // the old targets are retired
    ASSERT_TRUE((*renderer)->prepare(view, {}));
    most_waiting = std::max(most_waiting, ctx().retired_count());
    ASSERT_TRUE(cmd.begin());
    (*renderer)->record(cmd.get(), {});
    ASSERT_TRUE(cmd.end());
    // The host's own submission, liquidfx's signal among its own.
    const VkSemaphoreSubmitInfo signal = ctx().next_signal();
    VkCommandBufferSubmitInfo cmd_info{VK_STRUCTURE_TYPE_COMMAND_BUFFER_SUBMIT_INFO};
    cmd_info.commandBuffer = cmd.get();
    VkSubmitInfo2 submit{VK_STRUCTURE_TYPE_SUBMIT_INFO_2};
    submit.commandBufferInfoCount = 1;
    submit.pCommandBufferInfos = &cmd_info;
    submit.signalSemaphoreInfoCount = 1;
    submit.pSignalSemaphoreInfos = &signal;
    ASSERT_EQ(vkQueueSubmit2(ctx().queue(), 1, &submit, VK_NULL_HANDLE), VK_SUCCESS);
    ASSERT_TRUE(ctx().wait_for(signal.value));
  }
  // Each frame's prepare freed the targets the frame before replaced (their frame is done); the
  // next frame's prepare frees the last ones.
  EXPECT_LE(most_waiting, 1u);
  ASSERT_TRUE((*renderer)->prepare(view, {}));
  EXPECT_EQ(ctx().retired_count(), 0u);
}

}  // namespace
}  // namespace lfx::test

// A host that submits liquidfx's recorded frames itself, with Context::next_signal() among its
// signals: what liquidfx replaced while frames were in flight is freed once those submissions
// complete, with no call of the host's beyond the frame's own prepare and next_signal; and
// liquidfx submits nothing of its own on the way (its uploads travel in the host's frame).
#include <gtest/gtest.h>

#include <algorithm>

#include "liquidfx/gpu/render/frame_renderer.h"
#include "liquidfx/gpu/transfer.h"
#include "liquidfx/scene/player.h"
#include "support/golden.h"
#include "support/gpu_test.h"
#include "support/host_command_buffer.h"

namespace lfx::test {
namespace {

class HostSubmissionTest : public GpuTest {
 protected:
  // The host's own submission of a recorded frame, liquidfx's signal among its own; waits.
  void submit_as_host(VkCommandBuffer cmd) {
    const VkSemaphoreSubmitInfo signal = ctx().next_signal();
    VkCommandBufferSubmitInfo cmd_info{VK_STRUCTURE_TYPE_COMMAND_BUFFER_SUBMIT_INFO};
    cmd_info.commandBuffer = cmd;
    VkSubmitInfo2 submit{VK_STRUCTURE_TYPE_SUBMIT_INFO_2};
    submit.commandBufferInfoCount = 1;
    submit.pCommandBufferInfos = &cmd_info;
    submit.signalSemaphoreInfoCount = 1;
    submit.pSignalSemaphoreInfos = &signal;
    ASSERT_EQ(vkQueueSubmit2(ctx().queue(), 1, &submit, VK_NULL_HANDLE), VK_SUCCESS);
    ASSERT_TRUE(ctx().wait_for(signal.value));
  }
};

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
    submit_as_host(cmd.get());
  }
  // Each frame's prepare freed the targets the frame before replaced (their frame is done); the
  // next frame's prepare frees the last ones.
  EXPECT_LE(most_waiting, 1u);
  ASSERT_TRUE((*renderer)->prepare(view, {}));
  EXPECT_EQ(ctx().retired_count(), 0u);
}

// Creating every effect of a scene, changing what it uploads (a knob that lays the bottle's
// containers out anew, twice) and preparing frames submits nothing: the only submissions are the
// host's, and its frames still show what the staged uploads carried (the golden frames).
TEST_F(HostSubmissionTest, EffectsAndFramesSubmitNothingOfTheirOwnAndTheirUploadsArriveInTheHostsFrame) {
  struct Row {
    const char* scene;
    int frame;
    const char* change;   // a knob setting for an extra first frame ("" for none)...
    const char* restore;  // ...and the scene's own value, set again after it
  };
  for (const Row& row :
       {Row{"bottle", 0, "water.inset=0.9", "water.inset=0.94"}, Row{"mix", 60, "", ""}, Row{"ripples", 20, "", ""}}) {
    SCOPED_TRACE(row.scene);
    auto scene = scene::load_scene(std::string(LIQUIDFX_SOURCE_DIR) + "/scenes/" + row.scene + ".json");
    ASSERT_TRUE(scene) << scene.error().message;
    const std::uint64_t before = ctx().submitted_serial();
    auto player = scene::ScenePlayer::create(ctx(), *scene, 320, 180);
    ASSERT_TRUE(player) << player.error().message;
    EXPECT_GT(ctx().pending_uploads(), 0u) << "creating the effects staged their data";
    EXPECT_EQ(ctx().submitted_serial(), before) << "creating the effects submitted work";

    HostCommandBuffer cmd(ctx());
    std::uint64_t host_submissions = 0;
    std::size_t staged_by_prepare = 0;
    auto host_frame = [&](const std::string& what) {
      ASSERT_TRUE((*player)->prepare());
      staged_by_prepare = ctx().pending_uploads();
      ASSERT_TRUE(cmd.begin());
      (*player)->record(cmd.get());
      ASSERT_TRUE(cmd.end());
      EXPECT_EQ(ctx().pending_uploads(), 0u) << what << " recorded every staged upload";
      EXPECT_EQ(ctx().submitted_serial(), before + host_submissions) << what << " submitted work of its own";
      submit_as_host(cmd.get());
      ++host_submissions;
    };
    if (*row.change) {
      ASSERT_TRUE((*player)->set_knob(std::string(row.change)));
      host_frame(row.change);
      EXPECT_GT(staged_by_prepare, 0u) << row.change << ": its prepare staged the new container meshes";
      ASSERT_TRUE((*player)->set_knob(std::string(row.restore)));
    }
    for (int frame = 0; frame <= row.frame; ++frame) {
      host_frame("frame " + std::to_string(frame));
      if (frame < row.frame) {
        ASSERT_TRUE((*player)->advance(1.0 / scene->fps));
      }
    }
    // The frame the host submitted matches the golden frame of the convenience path.
    auto image = gpu::read_image_rgba8(ctx(), (*player)->renderer().targets().output);
    ASSERT_TRUE(image) << image.error().message;
    EXPECT_EQ(check_golden(std::string(row.scene) + "_" + std::to_string(row.frame), *image, {10, 0.004}), "");
  }
}

}  // namespace
}  // namespace lfx::test

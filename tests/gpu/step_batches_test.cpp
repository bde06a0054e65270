// Work advanced before a frame is drawn (a paused view, a catch-up after a hitch) is bounded:
// liquidfx's own frames submit the steps beyond one batch in submissions of their own, and the
// liquid is the same as if every frame had been drawn.
#include <gtest/gtest.h>

#include "liquidfx/gpu/render/frame_passes.h"
#include "liquidfx/scene/player.h"
#include "support/gpu_test.h"

namespace lfx::test {
namespace {

class StepBatchesTest : public GpuTest {
 protected:
  std::unique_ptr<scene::ScenePlayer> dam_break() {
    auto scene = scene::load_scene(std::string(LIQUIDFX_SOURCE_DIR) + "/scenes/dam_break.json");
    EXPECT_TRUE(scene) << scene.error().message;
    EXPECT_TRUE(scene::apply_setting(*scene, "water.count=2000"));
    auto player = scene::ScenePlayer::create(ctx(), *scene, 64, 36);
    EXPECT_TRUE(player) << player.error().message;
    return player ? std::move(*player) : nullptr;
  }
};

TEST_F(StepBatchesTest, AFrameAfterALongAdvanceSubmitsItsStepsInBatchesAndShowsTheSameLiquid) {
  auto drawn_every_frame = dam_break();
  auto drawn_once = dam_break();
  ASSERT_TRUE(drawn_every_frame && drawn_once);
  constexpr int kFrames = 12;
  const double dt = 1.0 / 30.0;
  for (int frame = 0; frame < kFrames; ++frame) {
    ASSERT_TRUE(drawn_every_frame->advance(dt));
    ASSERT_TRUE(drawn_every_frame->render());
    ASSERT_TRUE(drawn_once->advance(dt));
  }
  auto expected = drawn_every_frame->render();
  ASSERT_TRUE(expected);

  ASSERT_TRUE(drawn_once->prepare());
  const std::size_t pile = drawn_once->pending_steps();
  ASSERT_GT(pile, 2 * gpu::kStepsPerBatch) << "the test needs a pile of several batches";
  const std::uint64_t before = ctx().submitted_serial();
  ASSERT_TRUE(drawn_once->submit_step_batches());
  EXPECT_LE(drawn_once->pending_steps(), gpu::kStepsPerBatch) << "the frame holds at most one batch";
  EXPECT_GE(ctx().submitted_serial() - before, (pile - gpu::kStepsPerBatch) / gpu::kStepsPerBatch);
  auto image = drawn_once->render();
  ASSERT_TRUE(image);
  ASSERT_EQ(image->pixels.size(), expected->pixels.size());
  EXPECT_EQ(image->pixels, expected->pixels) << "the same steps in the same order give the same liquid";
}

}  // namespace
}  // namespace lfx::test

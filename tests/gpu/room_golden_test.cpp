// Golden images of the backdrop room (scenes/room.json at 320x180).
#include "liquidfx/scene/player.h"
#include "support/golden.h"
#include "support/gpu_test.h"

namespace lfx::test {
namespace {

class RoomGoldenTest : public GpuTest {};

TEST_F(RoomGoldenTest, FirstAndLastFrame) {
  auto scene = scene::load_scene(std::string(LIQUIDFX_SOURCE_DIR) + "/scenes/room.json");
  ASSERT_TRUE(scene) << scene.error().message;
  auto player = scene::ScenePlayer::create(ctx(), *scene, 320, 180);
  ASSERT_TRUE(player) << player.error().message;
  auto first = (*player)->render();
  ASSERT_TRUE(first);
  EXPECT_EQ(check_golden("room_first", *first, {8, 0.002}), "");
  // The camera moves over the timeline; the last frame is seen from its last key.
  ASSERT_TRUE((*player)->advance(scene->duration));
  auto last = (*player)->render();
  ASSERT_TRUE(last);
  EXPECT_EQ(check_golden("room_last", *last, {8, 0.002}), "");
}

}  // namespace
}  // namespace lfx::test

// Golden frames of the demo scenes at 320x180: one row per scene, each run as its own test (so
// ctest runs them in parallel). A new effect adds its scenes here.
#include <string>
#include <vector>

#include "liquidfx/scene/player.h"
#include "support/golden.h"
#include "support/gpu_test.h"

namespace lfx::test {
namespace {

struct GoldenScene {
  const char* scene;        // scenes/<scene>.json
  std::vector<int> frames;  // compared with tests/golden/<scene>_<frame>.png
  Tolerance tolerance;
};

const GoldenScene kGoldenScenes[] = {
    {"room", {0, 60}, {8, 0.002}},
    {"bottle", {0, 95, 170}, {10, 0.004}},
    {"shelf", {70}, {10, 0.004}},
    {"ripples", {20}, {10, 0.004}},
    {"rain", {100}, {10, 0.004}},
    {"dam_break", {10}, {10, 0.004}},
    {"synthetic_lake", {20}, {10, 0.004}},
    {"mix", {60}, {10, 0.004}},
    {"bar", {66}, {10, 0.004}},
};

// ctest lists each row by its scene's name.
void PrintTo(const GoldenScene& row, std::ostream* os) {
  *os << row.scene;
}

class SceneGoldenTest : public GpuTest, public ::testing::WithParamInterface<GoldenScene> {};

TEST_P(SceneGoldenTest, FramesMatchTheirGoldens) {
  const GoldenScene& row = GetParam();
  auto scene = scene::load_scene(std::string(LIQUIDFX_SOURCE_DIR) + "/scenes/" + row.scene + ".json");
  ASSERT_TRUE(scene) << scene.error().message;
  auto player = scene::ScenePlayer::create(ctx(), *scene, 320, 180);
  ASSERT_TRUE(player) << player.error().message;
  int frame = 0;
  for (int wanted : row.frames) {
    for (; frame < wanted; ++frame) ASSERT_TRUE((*player)->advance(1.0 / scene->fps));
    auto image = (*player)->render();
    ASSERT_TRUE(image) << image.error().message;
    EXPECT_EQ(check_golden(std::string(row.scene) + "_" + std::to_string(wanted), *image, row.tolerance), "");
  }
}

INSTANTIATE_TEST_SUITE_P(DemoScenes, SceneGoldenTest, ::testing::ValuesIn(kGoldenScenes),
                         [](const ::testing::TestParamInfo<GoldenScene>& row) { return std::string(row.param.scene); });

}  // namespace
}  // namespace lfx::test

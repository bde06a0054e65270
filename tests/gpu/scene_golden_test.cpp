// Golden frames of the demo scenes at 320x180: one row per scene (or cheaper copy of one), each run as its own test (so
// ctest runs them in parallel). A new effect adds its scenes here.
#include <string>
#include <vector>

#include "liquidfx/scene/player.h"
#include "support/coarse_scene.h"
#include "support/golden.h"
#include "support/gpu_test.h"

namespace lfx::test {
namespace {

struct GoldenScene {
  const char* name;         // tests/golden/<name>_<frame>.png, and the test's name
  const char* scene;        // scenes/<scene>.json
  std::vector<int> frames;  // the frames compared
  Tolerance tolerance;
  std::vector<TextEdit> edits = {};  // a cheaper copy of a costly scene (support/coarse_scene.h)
  // Renders every frame on the way, as `liquidfx render` does: liquid that particles hand back to
  // a container comes back with a rendered frame's statistics (a host that skips rendering for
  // 144 frames sees it a frame after it renders again).
  bool render_between = false;
};

const GoldenScene kGoldenScenes[] = {
    {"room", "room", {0, 60}, {8, 0.002}},
    {"bottle", "bottle", {0, 95, 170}, {10, 0.004}},
    {"shelf", "shelf", {70}, {10, 0.004}},
    {"ripples", "ripples", {20}, {10, 0.004}},
    {"rain", "rain", {100}, {10, 0.004}},
    {"dam_break", "dam_break", {10}, {10, 0.004}},
    {"synthetic_lake", "synthetic_lake", {20}, {10, 0.004}},
    {"mix", "mix", {60}, {10, 0.004}},
    {"bar", "bar", {66}, {10, 0.004}},
    // The coarse pour: mid-pour, and the glass lifted with the poured wine in it.
    {"pour_coarse", "pour", {66, 144}, {10, 0.004}, coarse_pour_edits(), true},
};

// ctest lists each row by its name.
void PrintTo(const GoldenScene& row, std::ostream* os) {
  *os << row.name;
}

class SceneGoldenTest : public GpuTest, public ::testing::WithParamInterface<GoldenScene> {};

TEST_P(SceneGoldenTest, FramesMatchTheirGoldens) {
  const GoldenScene& row = GetParam();
  auto scene = load_edited_scene(row.scene, row.edits);
  ASSERT_TRUE(scene) << scene.error().message;
  auto player = scene::ScenePlayer::create(ctx(), *scene, 320, 180);
  ASSERT_TRUE(player) << player.error().message;
  int frame = 0;
  for (int wanted : row.frames) {
    for (; frame < wanted; ++frame) {
      ASSERT_TRUE((*player)->advance(1.0 / scene->fps));
      if (row.render_between && frame + 1 < wanted) {
        ASSERT_TRUE((*player)->render());
      }
    }
    auto image = (*player)->render();
    ASSERT_TRUE(image) << image.error().message;
    EXPECT_EQ(check_golden(std::string(row.name) + "_" + std::to_string(wanted), *image, row.tolerance), "");
  }
}

INSTANTIATE_TEST_SUITE_P(DemoScenes, SceneGoldenTest, ::testing::ValuesIn(kGoldenScenes),
                         [](const ::testing::TestParamInfo<GoldenScene>& row) { return std::string(row.param.name); });

}  // namespace
}  // namespace lfx::test

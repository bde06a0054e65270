// Transparent effects are composed the same whatever order they are listed in: the glass of a
// bottle in front of a particle liquid refracts the liquid, with the bottles listed first (the
// order docs/integration.md shows) or last.
#include <gtest/gtest.h>

#include <string>

#include "liquidfx/scene/player.h"
#include "liquidfx/scene/scene.h"
#include "support/golden.h"
#include "support/gpu_test.h"

namespace lfx::test {
namespace {

class TransparentOrderTest : public GpuTest {
 protected:
  // A dam break behind a bottle standing in front of its tank, the effects in the order given.
  ImageRgba8 render(bool bottles_first) {
    const std::string particles =
        R"({"type": "particles", "name": "water", "spheres": false, "count": 2000,
            "tank": {"min": [0.0, 0.0, -0.05], "max": [1.0, 0.4, 0.05]},
            "blocks": [{"min": [0.0, 0.0, -0.05], "max": [0.3, 0.2, 0.05], "color": [0.12, 0.35, 0.75]}]},
           {"type": "surface", "name": "water_surface", "source": "water", "absorption": [25, 9, 5]})";
    const std::string bottle =
        R"({"type": "bottle", "name": "bottles", "containers": [
             {"name": "wine", "shape": "bottle", "position": [0.2, 0.0, 0.2], "fill": 0.5, "color": [0.5, 0.1, 0.1]}]})";
    const std::string effects = bottles_first ? bottle + ", " + particles : particles + ", " + bottle;
    const std::string text = R"({"resolution": [160, 90], "fps": 30,
      "camera": {"position": [0.3, 0.3, 0.9], "target": [0.25, 0.1, 0.0], "fov": 45},
      "effects": [)" + effects +
                             "]}";
    auto scene = scene::parse_scene(text, std::string(LIQUIDFX_SOURCE_DIR) + "/scenes/inline_order.json");
    EXPECT_TRUE(scene) << scene.error().message;
    if (!scene) return {};
    auto player = scene::ScenePlayer::create(ctx(), *scene, 160, 90);
    EXPECT_TRUE(player) << player.error().message;
    if (!player) return {};
    for (int frame = 0; frame < 8; ++frame) EXPECT_TRUE((*player)->advance(1.0 / 30.0));
    auto image = (*player)->render();
    EXPECT_TRUE(image) << image.error().message;
    return image ? *image : ImageRgba8{};
  }
};

TEST_F(TransparentOrderTest, BottlesListedBeforeOrAfterTheParticleSurfaceGiveTheSamePicture) {
  const ImageRgba8 bottles_first = render(true), bottles_last = render(false);
  ASSERT_FALSE(bottles_first.pixels.empty());
  ASSERT_EQ(bottles_first.pixels.size(), bottles_last.pixels.size());
  int differ = 0;
  for (std::size_t i = 0; i < bottles_first.pixels.size(); ++i)
    differ += bottles_first.pixels[i] != bottles_last.pixels[i];
  (void)write_png(test_output_path("transparent_order_bottles_first.png"), bottles_first);
  (void)write_png(test_output_path("transparent_order_bottles_last.png"), bottles_last);
  EXPECT_EQ(differ, 0) << "bytes that differ between the two orders";
}

}  // namespace
}  // namespace lfx::test

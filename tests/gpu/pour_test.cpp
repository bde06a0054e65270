// One liquid across effects: scenes/pour.json's wine bottle pours into a glass as particles that
// settle there and go back into the glass's liquid, and every drop is accounted for: the
// bottle's, the glass's and the particles' liquid add up to the same volume in every frame, the
// bottle only loses liquid and the glass only gains it, and the pour stops once the bottle is
// turned back.
#include <cmath>
#include <cstdio>
#include <memory>
#include <string>
#include <utility>

#include "liquidfx/scene/player.h"
#include "support/coarse_scene.h"
#include "support/gpu_test.h"

namespace lfx::test {
namespace {

class PourSceneTest : public GpuTest {
 protected:
  // The scene text played at 96 x 54; nullptr (a failure said) when it does not load.
  std::unique_ptr<scene::ScenePlayer> play(const std::string& text, const std::string& path) {
    auto scene = scene::parse_scene(text, path);
    if (!scene) {
      ADD_FAILURE() << scene.error().message;
      return nullptr;
    }
    return play(*scene);
  }
  std::unique_ptr<scene::ScenePlayer> play(const scene::Scene& scene) {
    auto player = scene::ScenePlayer::create(ctx(), scene, 96, 54);
    if (!player) {
      ADD_FAILURE() << player.error().message;
      return nullptr;
    }
    return std::move(player.value());
  }
};

// The statistic `name` ("<effect>.<stat>") as the player reports it now.
double stat(const scene::ScenePlayer& player, const std::string& name) {
  for (const auto& [n, v] : player.stats())
    if (n == name) return v;
  ADD_FAILURE() << "no statistic " << name;
  return std::nan("");
}

// One frame of 1/30 s, rendered (the statistics come back with it).
void play_frame(scene::ScenePlayer& player) {
  ASSERT_TRUE(player.advance(1.0 / 30.0));
  ASSERT_TRUE(player.render());
}

TEST_F(PourSceneTest, TheBottleLosesExactlyWhatTheParticlesGain) {
  auto scene = load_edited_scene("pour", coarse_pour_edits());
  ASSERT_TRUE(scene) << scene.error().message;
  const auto player = play(*scene);
  ASSERT_TRUE(player);
  const auto stat = [&](const std::string& name) { return test::stat(*player, name); };
  const double start = stat("glassware.bottle.volume_m3");
  ASSERT_GT(start, 1e-4);
  EXPECT_EQ(stat("glassware.glass.volume_m3"), 0.0);
  double bottle_before = start, glass_before = 0.0, largest_error = 0.0, poured_after_turning_back = 0.0;
  int measured = 0;
  const int frames = int(std::lround(player->scene().duration * 30.0));
  for (int f = 0; f < frames; ++f) {
    ASSERT_NO_FATAL_FAILURE(play_frame(*player));
    const double bottle = stat("glassware.bottle.volume_m3"), glass = stat("glassware.glass.volume_m3");
    const double particles = stat("wine.volume_m3");
    ASSERT_GE(glass, glass_before) << "the glass lost liquid at frame " << f;
    glass_before = glass;
    ASSERT_GE(bottle, 0.0);
    ASSERT_LE(bottle, bottle_before) << "the bottle's fill rose without inflow at frame " << f;
    // The track turns the bottle back to 80 degrees at 3.1 s: nothing pours after.
    if (player->time() > 3.15) poured_after_turning_back += bottle_before - bottle;
    bottle_before = bottle;
    if (std::isnan(particles)) continue;  // before the first statistics came back
    ++measured;
    largest_error = std::max(largest_error, std::abs(bottle + glass + particles - start) / start);
  }
  const double poured = start - bottle_before;
  std::printf(
      "poured %.1f ml of %.1f, %.1f ml of it back in the glass; largest relative error of the sum %.3g over "
      "%d frames\n",
      poured * 1e6, start * 1e6, glass_before * 1e6, largest_error, measured);
  EXPECT_GT(measured, frames - 5);
  EXPECT_GT(poured, 0.2 * start);
  EXPECT_GT(glass_before, 0.5 * poured);  // most of it settled in the glass and went back into liquid
  // What left the bottle and is not in the glass is still particles: in flight, settling in the
  // glass, or spilled at rest outside it.
  const double spilled = stat("wine.spilled_m3"), particles = stat("wine.volume_m3");
  std::printf("spilled %.1f ml, particles %.1f ml\n", spilled * 1e6, particles * 1e6);
  EXPECT_GT(spilled, 0.0);
  EXPECT_LE(spilled, particles);
  EXPECT_NEAR(glass_before, poured - particles, 1e-12);
  EXPECT_LT(largest_error, 1e-3);
  EXPECT_EQ(poured_after_turning_back, 0.0);
}

// The wine poured into a glass of an immiscible liquid keeps a layer of its own, which holds
// exactly what the glass gained.
TEST_F(PourSceneTest, WinePouredOnAnImmiscibleLiquidStaysALayer) {
  std::vector<TextEdit> edits = coarse_pour_edits();
  edits.push_back({"\"fill\": 0.0,", "\"fill\": 0.15, \"poured_liquid\": \"floats\","});
  auto scene = load_edited_scene("pour", edits);
  ASSERT_TRUE(scene) << scene.error().message;
  const auto player = play(*scene);
  ASSERT_TRUE(player);
  const auto stat = [&](const std::string& name) { return test::stat(*player, name); };
  const double own = stat("glassware.glass.volume_m3");
  ASSERT_GT(own, 0.0);
  EXPECT_EQ(stat("glassware.glass.layer_m3"), 0.0);
  while (player->time() < 3.5) ASSERT_NO_FATAL_FAILURE(play_frame(*player));
  const double glass = stat("glassware.glass.volume_m3"), layer = stat("glassware.glass.layer_m3");
  std::printf("the glass holds %.1f ml: %.1f of its own and a layer of %.1f ml of wine\n", glass * 1e6, own * 1e6,
              layer * 1e6);
  EXPECT_GT(layer, 0.1 * own);
  EXPECT_NEAR(layer, glass - own, 1e-12);
}

// In the viewer: the pointer picks the bottle up (the particles' tank beside it leaves the press
// alone), the wheel tilts it, and it pours into the particles, every drop accounted for.
TEST_F(PourSceneTest, ABottleCarriedAndTiltedPours) {
  const std::string text = R"({"resolution": [96, 54], "fps": 30, "duration": 3,
    "camera": {"position": [-0.2, 0.15, 0.5], "target": [-0.2, 0.15, 0.0], "fov": 40},
    "effects": [
      {"type": "bottle", "name": "glassware", "containers": [
        {"name": "bottle", "shape": "wine_bottle", "position": [-0.2, 0, 0], "fill": 0.7}]},
      {"type": "particles", "name": "wine", "spheres": false, "spacing": 0.005, "count": 3000,
       "tank": {"min": [-0.12, 0, -0.1], "max": [0.2, 0.4, 0.1]},
       "pours": [{"from": "glassware", "container": "bottle"}]}]})";
  const auto player = play(text, "carried_pour.json");
  ASSERT_TRUE(player);
  const auto stat = [&](const std::string& name) { return test::stat(*player, name); };
  ASSERT_NO_FATAL_FAILURE(play_frame(*player));
  const double start = stat("glassware.volume_m3");
  scene::InputEvent press;
  press.kind = scene::InputKind::press;
  press.position = glm::vec2(0.5f, 0.5f);  // the bottle's middle
  ASSERT_TRUE(player->input(press));
  EXPECT_EQ(stat("glassware.in_hand"), 1.0);
  // Twelve notches of eight degrees: the neck points down past the horizontal.
  scene::InputEvent wheel = press;
  wheel.kind = scene::InputKind::wheel;
  wheel.wheel = -12.0f;
  ASSERT_TRUE(player->input(wheel));
  for (int f = 0; f < 30; ++f) ASSERT_NO_FATAL_FAILURE(play_frame(*player));
  const double bottle = stat("glassware.volume_m3"), particles = stat("wine.volume_m3");
  std::printf("carried and tilted: the bottle poured %.1f ml; particles %.1f ml\n", (start - bottle) * 1e6,
              particles * 1e6);
  EXPECT_LT(bottle, 0.8 * start);
  EXPECT_NEAR(bottle + particles, start, 1e-12 * start);
}

// A pour from a container that cannot pour is refused at its key, saying why.
TEST_F(PourSceneTest, APourFromNowhereIsRefusedWithItsReason) {
  const auto made = [&](const std::string& shape, const std::string& from, const std::string& container) {
    const std::string text = R"({"resolution": [64, 36], "effects": [
      {"type": "bottle", "name": "glassware", "containers": [{"name": "jug", "shape": ")" +
                             shape + R"("}]},
      {"type": "particles", "name": "wine", "spacing": 0.005, "count": 100,
       "tank": {"min": [-0.2, 0, -0.1], "max": [0.2, 0.3, 0.1]},
       "pours": [{"from": ")" +
                             from + R"(", "container": ")" + container + R"("}]}]})";
    auto scene = scene::parse_scene(text, "pour_errors.json");
    EXPECT_TRUE(scene) << scene.error().message;
    auto player = scene::ScenePlayer::create(ctx(), *scene, 64, 36);
    return player ? std::string() : player.error().message;
  };
  EXPECT_EQ(made("wine_bottle", "glassware", "jug"), "");
  const std::string closed = made("bottle", "glassware", "jug");
  EXPECT_NE(closed.find("/pours/0/container"), std::string::npos) << closed;
  EXPECT_NE(closed.find("\"jug\" has no opening"), std::string::npos) << closed;
  const std::string unknown = made("wine_bottle", "glassware", "cup");
  EXPECT_NE(unknown.find("no container \"cup\" (containers: jug)"), std::string::npos) << unknown;
  const std::string itself = made("wine_bottle", "wine", "jug");
  EXPECT_NE(itself.find("/pours/0/from: names this effect itself"), std::string::npos) << itself;
}

}  // namespace
}  // namespace lfx::test

// The effect contract: live knobs through the one path (set and refused), pointer input with a
// world-space ray, effects finding each other by name, statistics named per instance.
#include <gtest/gtest.h>

#include <glm/geometric.hpp>

#include "liquidfx/core/slosh/container_shape.h"
#include "liquidfx/scene/effect.h"
#include "liquidfx/scene/player.h"
#include "support/golden.h"
#include "support/gpu_test.h"

namespace lfx::test {
namespace {

using scene::ScenePlayer;

std::unique_ptr<ScenePlayer> play(gpu::Context& ctx, const std::string& json, std::uint32_t w = 160,
                                  std::uint32_t h = 90) {
  auto s = scene::parse_scene(json, "contract.json");
  EXPECT_TRUE(s) << s.error().message;
  if (!s) return nullptr;
  auto p = ScenePlayer::create(ctx, *s, w, h);
  EXPECT_TRUE(p) << p.error().message;
  return p ? std::move(p.value()) : nullptr;
}

const char* kPond = R"({"backdrop": {"visible": false}, "camera": {"tonemap": "none"},
  "effects": [{"type": "ripples", "name": "pond", "source": "pebbles", "caustics": 0,
               "touches": [{"time": 0.01, "position": [0.5, 0.5]}]}]})";

int pixels_differing(const ImageRgba8& a, const ImageRgba8& b) {
  return int(compare_images(a, b, 3).share_differing * a.width * a.height + 0.5);
}

class EffectContractTest : public GpuTest {};

TEST_F(EffectContractTest, AKnobSetLiveChangesTheNextFrameAndSettingItBackRestoresIt) {
  auto player = play(ctx(), kPond);
  ASSERT_TRUE(player);
  for (int i = 0; i < 5; ++i) ASSERT_TRUE(player->advance(1.0 / 30.0));
  auto before = player->render();
  ASSERT_TRUE(before);
  ASSERT_TRUE(player->set_knob("pond", "distortion", 0.0));
  auto flat = player->render();
  ASSERT_TRUE(flat);
  EXPECT_GT(pixels_differing(*before, *flat), 100);              // the ring no longer bends the picture
  ASSERT_TRUE(player->set_knob("ripples", "distortion", 0.02));  // by type: every instance
  auto again = player->render();
  ASSERT_TRUE(again);
  EXPECT_EQ(pixels_differing(*before, *again), 0);
}

TEST_F(EffectContractTest, AKnobOutOfRangeIsRefusedAndKeepsItsValue) {
  auto player = play(ctx(), kPond);
  ASSERT_TRUE(player);
  auto r = player->set_knob("pond", "distortion", 5.0);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error().message.find("outside"), std::string::npos) << r.error().message;
  const scene::KnobGroup group = player->effects()[0]->knob_groups()[0];
  EXPECT_EQ(format_knob(group.values, *find_knob(group.table, "distortion")), "0.02");
  EXPECT_FALSE(player->set_knob("pond", "nonsense", 1.0));
  EXPECT_FALSE(player->set_knob("lake", "distortion", 0.01));
}

// An effect that refuses some values after they were written: the old value must come back.
struct Picky : scene::Effect {
  struct Knobs {
    float level = 1.0f;
  } knobs;
  const KnobSpec table[1] = {{"level", KnobType::real, 0.0, 10.0, "", "", offsetof(Knobs, level), {}}};
  std::vector<scene::KnobGroup> knob_groups() override { return {{"picky", table, &knobs}}; }
  Result<void> knob_changed(const scene::KnobGroup&, const KnobSpec&) override {
    if (knobs.level > 5.0f) return input_error("level above 5 is not supported here");
    return success();
  }
  Result<void> advance(double) override { return success(); }
  std::vector<gpu::FramePasses*> passes() override { return {}; }
};

TEST_F(EffectContractTest, AValueTheEffectRefusesIsUndone) {
  Picky picky;
  ASSERT_TRUE(scene::set_effect_knob(picky, "", "level", 3.0));
  EXPECT_FLOAT_EQ(picky.knobs.level, 3.0f);
  auto refused = scene::set_effect_knob(picky, "picky", "level", 7.0);
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().message.find("above 5"), std::string::npos);
  EXPECT_FLOAT_EQ(picky.knobs.level, 3.0f);
  EXPECT_FALSE(scene::set_effect_knob(picky, "other", "level", 1.0));
}

TEST_F(EffectContractTest, SetOnTheCommandLineGoesThroughTheLivePathToEveryContainer) {
  auto s = scene::parse_scene(R"({"effects": [{"type": "bottle", "name": "shelf", "containers": [
      {"name": "water", "shape": "bottle", "fill": 0.3}, {"name": "wine.red", "shape": "wine_glass", "fill": 0.6}]}]})",
                              "shelf.json");
  ASSERT_TRUE(s) << s.error().message;
  ASSERT_TRUE(scene::apply_setting(*s, "wine.red.fill=0.45"));  // one container (a knob group)
  ASSERT_TRUE(scene::apply_setting(*s, "shelf.opacity=0.5"));   // the instance: both
  auto player = ScenePlayer::create(ctx(), *s, 160, 90);
  ASSERT_TRUE(player) << player.error().message;
  auto groups = (*player)->effects()[0]->knob_groups();
  ASSERT_EQ(groups.size(), 2u);
  const KnobSpec& fill = *find_knob(groups[0].table, "fill");
  const KnobSpec& opacity = *find_knob(groups[0].table, "opacity");
  EXPECT_EQ(format_knob(groups[0].values, fill), "0.3");
  EXPECT_EQ(format_knob(groups[1].values, fill), "0.45");
  EXPECT_EQ(format_knob(groups[0].values, opacity), "0.5");
  EXPECT_EQ(format_knob(groups[1].values, opacity), "0.5");
  auto bad = scene::parse_scene(R"({"effects": [{"type": "bottle", "name": "b"}]})", "b.json");
  ASSERT_TRUE(bad);
  ASSERT_TRUE(scene::apply_setting(*bad, "nowhere.fill=0.5"));
  auto refused = ScenePlayer::create(ctx(), *bad, 160, 90);
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().message.find("--set nowhere.fill=0.5: no effect or knob group \"nowhere\""),
            std::string::npos)
      << refused.error().message;
}

TEST_F(EffectContractTest, CopiesFollowTheKnobLive) {
  auto player = play(ctx(), R"({"effects": [{"type": "bottle", "name": "b", "copies": 4}]})");
  ASSERT_TRUE(player);
  auto count = [&] {
    for (const auto& [name, value] : player->stats())
      if (name == "b.containers") return value;
    return -1.0;
  };
  EXPECT_EQ(count(), 4.0);
  ASSERT_TRUE(player->set_knob("b", "copies", 9.0));
  ASSERT_TRUE(player->render());
  EXPECT_EQ(count(), 9.0);
}

TEST_F(EffectContractTest, APressDropsARippleWhereThePointerIs) {
  auto player = play(ctx(), R"({"effects": [{"type": "ripples", "name": "pond", "count": 16}]})");
  ASSERT_TRUE(player);
  auto live = [&] { return player->stats().front(); };
  EXPECT_EQ(live().first, "pond.live_ripples");
  EXPECT_EQ(live().second, 0.0);
  scene::InputEvent press;
  press.kind = scene::InputKind::press;
  press.position = {0.3f, 0.6f};
  EXPECT_TRUE(player->input(press));
  ASSERT_TRUE(player->advance(1.0 / 60.0));
  EXPECT_EQ(live().second, 1.0);
  scene::InputEvent release = press;
  release.kind = scene::InputKind::release;
  EXPECT_TRUE(player->input(release));
  scene::InputEvent wheel = press;
  wheel.kind = scene::InputKind::wheel;
  EXPECT_FALSE(player->input(wheel));  // nothing takes it
}

TEST_F(EffectContractTest, AHeldPointerPushesTheParticleLiquid) {
  // A still pool seen from the front; one player's pointer sweeps through it, the other's not.
  const char* pool = R"({"camera": {"position": [0.15, 0.08, 0.6], "target": [0.15, 0.04, 0.0], "fov": 40},
    "effects": [{"type": "particles", "name": "pool", "count": 3000,
                 "tank": {"min": [0, 0, -0.05], "max": [0.3, 0.2, 0.05]},
                 "blocks": [{"min": [0, 0, -0.05], "max": [0.3, 0.06, 0.05]}]}]})";
  auto still = play(ctx(), pool), swept = play(ctx(), pool);
  ASSERT_TRUE(still && swept);
  auto energy = [](ScenePlayer& p) {
    for (const auto& [name, value] : p.stats())
      if (name == "pool.kinetic_energy_j") return value;
    return -1.0;
  };
  scene::InputEvent e;
  e.kind = scene::InputKind::press;
  e.position = {0.25f, 0.62f};
  EXPECT_TRUE(swept->input(e));
  e.kind = scene::InputKind::drag;
  e.held = true;
  for (int frame = 0; frame < 12; ++frame) {
    e.position.x = 0.25f + 0.04f * float(frame);  // across the pool at about 0.6 m/s
    if (frame > 0) {
      EXPECT_TRUE(swept->input(e));
    }
    for (ScenePlayer* p : {still.get(), swept.get()}) {
      ASSERT_TRUE(p->advance(1.0 / 30.0));
      ASSERT_TRUE(p->render());
    }
  }
  EXPECT_GT(energy(*swept), 10.0 * energy(*still)) << "swept " << energy(*swept) << " J, still " << energy(*still);
  e.kind = scene::InputKind::release;
  EXPECT_TRUE(swept->input(e));
}

TEST_F(EffectContractTest, ARightClickDropsABlobIntoTheRunningSpread) {
  // The spread's pointer: a right click adds a blob of the first blob's size and colour where the
  // pointer is, into the moving liquid; the volume grows by about one blob's.
  auto player = play(ctx(), R"({"effects": [{"type": "spread", "name": "paint", "cells": 32, "thickness_cells": 64,
    "blobs": [{"centre": [0.5, 0.5], "radius": 0.2, "amount": 0.02}]}]})");
  ASSERT_TRUE(player);
  auto volume = [&] {
    for (const auto& [name, value] : player->stats())
      if (name == "paint.volume") return value;
    return -1.0;
  };
  auto run = [&](int frames) {
    for (int frame = 0; frame < frames; ++frame) {
      ASSERT_TRUE(player->advance(1.0 / 60.0));
      ASSERT_TRUE(player->render());
    }
  };
  run(2);
  const double one = volume();
  ASSERT_GT(one, 0.0);
  scene::InputEvent click;
  click.kind = scene::InputKind::press;
  click.button = scene::PointerButton::right;
  click.position = {0.75f, 0.5f};
  EXPECT_TRUE(player->input(click));
  run(2);
  EXPECT_NEAR(volume(), 2.0 * one, 0.02 * one);
}

TEST_F(EffectContractTest, AGrabbedBottleShakesItsLiquidAndFliesWhenThrown) {
  // Picked up by the pointer, shaken up and to the right and let go while moving: the liquid
  // tilts with the shake, the bottle flies, lands, comes to rest, and is somewhere else.
  const char* shelf = R"({"camera": {"position": [0, 0.25, 0.9], "target": [0, 0.1, 0], "fov": 40},
    "effects": [{"type": "bottle", "name": "b", "shape": "bottle", "fill": 0.5}]})";
  auto player = play(ctx(), shelf, 320, 180);
  ASSERT_TRUE(player);
  auto still = player->render();  // where it stands, untouched
  ASSERT_TRUE(still);
  auto stat = [&](const std::string& name) {
    for (const auto& [n, value] : player->stats())
      if (n == "b." + name) return value;
    return -1.0;
  };
  // Where the bottle's middle is in the frame.
  const Camera camera = player->camera();
  const glm::vec4 clip = camera.projection(320.0f / 180.0f) * camera.view() * glm::vec4(0.0f, 0.08f, 0.0f, 1.0f);
  glm::vec2 at = (glm::vec2(clip) / clip.w + 1.0f) * 0.5f;
  scene::InputEvent e;
  e.kind = scene::InputKind::press;
  e.position = at;
  ASSERT_TRUE(player->input(e));
  EXPECT_EQ(stat("in_hand"), 1.0);
  double tilt = 0.0;
  e.kind = scene::InputKind::drag;
  e.held = true;
  for (int frame = 0; frame < 10; ++frame) {
    at += glm::vec2(0.02f, -0.015f);  // up and to the right, faster and faster is not needed
    e.position = at;
    EXPECT_TRUE(player->input(e));
    ASSERT_TRUE(player->advance(1.0 / 60.0));
    tilt = std::max(tilt, stat("largest_tilt_deg"));
  }
  e.kind = scene::InputKind::release;
  EXPECT_TRUE(player->input(e));
  EXPECT_EQ(stat("in_hand"), 1.0);  // in the air
  for (int frame = 0; frame < 75; ++frame) ASSERT_TRUE(player->advance(1.0 / 30.0));
  std::printf("shaken: the liquid tilted %.1f degrees; after 2.5 s in hand %.0f, agitation %.3f\n", tilt,
              stat("in_hand"), stat("largest_agitation"));
  EXPECT_GT(tilt, 3.0);
  EXPECT_EQ(stat("in_hand"), 0.0);  // landed
  auto thrown = player->render();
  ASSERT_TRUE(thrown);
  EXPECT_GT(pixels_differing(*thrown, *still), 500);  // it is somewhere else
  // Nothing there where it stood: the press goes to no one.
  e.kind = scene::InputKind::press;
  e.position = (glm::vec2(clip) / clip.w + 1.0f) * 0.5f;
  EXPECT_FALSE(player->input(e));
}

TEST_F(EffectContractTest, TheRayThroughAPointLeavesTheCameraTowardsWhatIsThere) {
  auto player = play(ctx(), R"({"camera": {"position": [0, 1, 3], "target": [0, 0.5, 0]}})", 320, 180);
  ASSERT_TRUE(player);
  const scene::Ray center = player->ray_through({0.5f, 0.5f});
  EXPECT_LT(glm::distance(center.origin, glm::vec3(0, 1, 3)), 1e-5f);
  EXPECT_GT(glm::dot(center.direction, glm::normalize(glm::vec3(0, -0.5f, -3))), 0.99999f);
  const scene::Ray right = player->ray_through({1.0f, 0.5f}), low = player->ray_through({0.5f, 1.0f});
  EXPECT_GT(right.direction.x, 0.1f);                     // right of the frame is +x here
  EXPECT_LT(low.direction.y, center.direction.y - 0.1f);  // the bottom of the frame looks lower
}

TEST_F(EffectContractTest, EffectsFindEachOtherByNameWithClearErrors) {
  auto s = scene::parse_scene(R"({"effects": [{"type": "ripples", "name": "a"}, {"type": "bottle", "name": "b"},
                                              {"type": "ripples", "name": "c"}]})",
                              "find.json");
  ASSERT_TRUE(s) << s.error().message;
  Picky dummy_a;
  const scene::MadeEffect made[] = {{&s->effects[0], &dummy_a}};
  auto block = scene::JsonObject::from(s->effects[1].block, s->effects[1].path);
  ASSERT_TRUE(block);
  const scene::EffectSetup setup(&ctx(), *s, s->effects[1], *block, made);
  // Each reference is read from a key of an object, and its errors are at that key.
  const auto find = [&](const char* name, const char* type) {
    const nlohmann::json value = {{"source", name}};
    const auto object = scene::JsonObject::from(value, "/effects/1");
    return setup.find_effect(*object, "source", type);
  };
  auto found = find("a", "ripples");
  ASSERT_TRUE(found);
  EXPECT_EQ(*found, &dummy_a);
  auto wrong_type = find("a", "particles");
  ASSERT_FALSE(wrong_type);
  EXPECT_NE(wrong_type.error().message.find("/effects/1/source: \"a\" is a ripples effect, not particles"),
            std::string::npos)
      << wrong_type.error().message;
  auto later = find("c", "ripples");
  ASSERT_FALSE(later);
  EXPECT_NE(later.error().message.find("comes after this effect"), std::string::npos);
  auto itself = find("b", "ripples");
  ASSERT_FALSE(itself);
  EXPECT_NE(itself.error().message.find("names this effect itself"), std::string::npos) << itself.error().message;
  auto missing = find("z", "ripples");
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().message.find("/effects/1/source: no ripples effect named \"z\" (there is a, c)"),
            std::string::npos)
      << missing.error().message;
}

TEST_F(EffectContractTest, EffectsThatHoldLiquidReportItsVolume) {
  // The bottles: each container's fill of its liquid mesh, at any tilt. The particles: a cube of
  // the spacing each (the liquid at rest density), the same every frame while none comes or goes;
  // the block holds whole particles, so up to a spacing a side of it stays empty.
  auto player = play(ctx(), R"({"effects": [
      {"type": "bottle", "name": "b", "shape": "bottle", "fill": 0.3, "copies": 3},
      {"type": "particles", "name": "pool", "count": 3000, "tank": {"min": [0.5, 0, -0.05], "max": [0.8, 0.2, 0.05]},
       "blocks": [{"min": [0.5, 0, -0.05], "max": [0.8, 0.08, 0.05]}]}]})");
  ASSERT_TRUE(player);
  auto stat = [&](const std::string& name) {
    for (const auto& [n, value] : player->stats())
      if (n == name) return value;
    return -1.0;
  };
  std::vector<double> pool;
  for (int i = 0; i < 6; ++i) {
    ASSERT_TRUE(player->advance(1.0 / 30.0));
    ASSERT_TRUE(player->render());
    if (i >= 2) pool.push_back(stat("pool.volume_m3"));  // read back from the GPU by then
  }
  auto shape = ContainerShape::create_named("bottle", 0.94f);
  ASSERT_TRUE(shape);
  const double bottle = 3 * double(0.3f) * std::abs((*shape)->liquid_volume.volume);
  EXPECT_NEAR(stat("b.volume_m3"), bottle, 1e-12);
  const double block = 0.3 * 0.08 * 0.1;
  for (double v : pool) EXPECT_EQ(v, pool.front());
  EXPECT_GT(pool.front(), 0.8 * block);
  EXPECT_LE(pool.front(), block);
  std::printf("volumes: three bottles %.6f m3; the pool %.6f m3 every frame, of a %.6f m3 block\n", stat("b.volume_m3"),
              pool.front(), block);
}

}  // namespace
}  // namespace lfx::test

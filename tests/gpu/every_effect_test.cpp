// Every registered effect through one script, from the demo scene its registration carries: it
// draws, every knob changes live and reads back, the pointer changes the picture exactly when an
// effect takes it, a resize draws at the new size (and back as before when the frame's shape was
// kept: a 2D effect lays its liquid out anew for a new shape), and a host's frame with two
// frames in flight draws it, detached and attached again. Validation stays silent throughout
// (GpuTest). A new effect is covered by registering it: nothing here names one.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <string>
#include <vector>

#include "liquidfx/gpu/render/frame_renderer.h"
#include "liquidfx/scene/effect.h"
#include "liquidfx/scene/player.h"
#include "support/golden.h"
#include "support/gpu_test.h"
#include "support/host_command_buffer.h"
#include "support/host_scene.h"

namespace lfx::test {
namespace {

using scene::ScenePlayer;

constexpr std::uint32_t kWidth = 128, kHeight = 72;
constexpr double kStep = 1.0 / 30.0;

std::vector<std::string> registered_types() {
  std::vector<std::string> names;
  for (const scene::EffectType& t : scene::effect_types()) names.emplace_back(t.name);
  return names;
}

int pixels_differing(const ImageRgba8& a, const ImageRgba8& b) {
  if (a.width != b.width || a.height != b.height) return a.width * a.height;
  return int(compare_images(a, b, 3).share_differing * a.width * a.height + 0.5);
}
int pixels_differing(const std::vector<glm::vec3>& a, const std::vector<glm::vec3>& b) {
  int n = 0;
  for (std::size_t i = 0; i < a.size(); ++i) n += glm::length(a[i] - b[i]) > 0.01f;
  return n;
}

// Another valid value of a knob near its current one: a flag flipped, the next choice, an integer
// one step, a number (each component of a vector) a tenth of the way to its farther bound.
KnobValue another_value(const KnobSpec& k, const void* values) {
  const char* at = static_cast<const char*>(values) + k.offset;
  const auto nudged = [&](double v) { return v + 0.1 * ((k.max - v > v - k.min ? k.max : k.min) - v); };
  switch (k.type) {
    case KnobType::boolean:
      return !*reinterpret_cast<const bool*>(at);
    case KnobType::enumeration:
      return std::string(k.choices[std::size_t(*reinterpret_cast<const int*>(at) + 1) % k.choices.size()]);
    case KnobType::integer: {
      const int v = *reinterpret_cast<const int*>(at);
      return double(v < k.max ? v + 1 : v - 1);
    }
    case KnobType::real:
      return nudged(*reinterpret_cast<const float*>(at));
    case KnobType::vec3: {
      const glm::vec3 v = *reinterpret_cast<const glm::vec3*>(at);
      return glm::vec3(float(nudged(v.x)), float(nudged(v.y)), float(nudged(v.z)));
    }
  }
  return 0.0;
}

class EveryEffectTest : public GpuTest, public ::testing::WithParamInterface<std::string> {
 protected:
  // The type's demo scene; without_it: with every instance of the type left out.
  scene::Scene demo(bool without_it = false) {
    const scene::EffectType* type = scene::find_effect_type(GetParam());
    auto s = scene::parse_scene(std::string(type->demo), GetParam() + " demo");
    EXPECT_TRUE(s) << s.error().message;
    if (!s) return {};
    if (without_it) std::erase_if(s->effects, [&](const scene::EffectInstance& e) { return e.type == GetParam(); });
    return *s;
  }
  std::unique_ptr<ScenePlayer> play(const scene::Scene& s) {
    auto p = ScenePlayer::create(ctx(), s, kWidth, kHeight);
    EXPECT_TRUE(p) << p.error().message;
    return p ? std::move(p.value()) : nullptr;
  }
  // The instance under test: the demo's last of the type.
  scene::Effect& tested(const ScenePlayer& p) {
    std::size_t index = 0;
    for (std::size_t i = 0; i < p.scene().effects.size(); ++i)
      if (p.scene().effects[i].type == GetParam()) index = i;
    return *p.effects()[index];
  }
  ImageRgba8 render(ScenePlayer& p) {
    auto image = p.render();
    EXPECT_TRUE(image) << image.error().message;
    return image ? *image : ImageRgba8();
  }
  int area() const { return int(kWidth * kHeight); }
};

TEST_P(EveryEffectTest, ItsDemoDrawsIt) {
  auto with = play(demo()), without = play(demo(true));
  ASSERT_TRUE(with && without);
  for (int i = 0; i < 3; ++i) {
    ASSERT_TRUE(with->advance(kStep));
    ASSERT_TRUE(without->advance(kStep));
  }
  const ImageRgba8 drawn = render(*with);
  (void)write_png(test_output_path("every_effect_" + GetParam() + ".png"), drawn);
  const int differing = pixels_differing(drawn, render(*without));
  std::printf("%s: %d of %d pixels are the effect's\n", GetParam().c_str(), differing, area());
  EXPECT_GT(differing, area() / 100);
}

TEST_P(EveryEffectTest, EveryKnobChangesLiveReadsBackAndIsSetBack) {
  auto player = play(demo());
  ASSERT_TRUE(player);
  ASSERT_TRUE(player->advance(kStep));
  ImageRgba8 last = render(*player);
  int knobs = 0, visible = 0;
  for (const scene::KnobGroup& g : tested(*player).knob_groups())
    for (const KnobSpec& k : g.table) {
      SCOPED_TRACE(g.name + "." + k.name);
      const std::string before = format_knob(g.values, k);
      auto set = player->set_knob(g.name, k.name, another_value(k, g.values));
      ASSERT_TRUE(set) << set.error().message;
      EXPECT_NE(format_knob(g.values, k), before);
      const ImageRgba8 changed = render(*player);  // the frame after the change
      visible += pixels_differing(changed, last) > 0;
      auto old = parse_knob_text(k, before);
      ASSERT_TRUE(old);
      ASSERT_TRUE(player->set_knob(g.name, k.name, *old));
      EXPECT_EQ(format_knob(g.values, k), before);
      last = render(*player);
      ++knobs;
    }
  std::printf("%s: %d knobs changed live, %d of them visibly in the next frame\n", GetParam().c_str(), knobs, visible);
  EXPECT_GT(knobs, 0);
  EXPECT_GT(visible, 0);
}

TEST_P(EveryEffectTest, ThePointerChangesThePictureExactlyWhenAnEffectTakesIt) {
  auto touched = play(demo()), untouched = play(demo());
  ASSERT_TRUE(touched && untouched);
  bool taken = false;
  scene::InputEvent e;
  e.position = {0.5f, 0.5f};
  for (int frame = 0; frame < 6; ++frame) {
    if (frame < 4) {  // a press at the centre, a drag to the right while held, a release
      e.kind = frame == 0 ? scene::InputKind::press : frame == 3 ? scene::InputKind::release : scene::InputKind::drag;
      e.held = e.kind == scene::InputKind::drag;
      if (frame > 0) e.position.x += 0.05f;
      taken |= touched->input(e);
    }
    ASSERT_TRUE(touched->advance(kStep));
    ASSERT_TRUE(untouched->advance(kStep));
  }
  const int differing = pixels_differing(render(*touched), render(*untouched));
  std::printf("%s: the pointer was %s; %d pixels differ\n", GetParam().c_str(), taken ? "taken" : "not taken",
              differing);
  if (taken) {
    EXPECT_GT(differing, 0);
  } else {
    EXPECT_EQ(differing, 0);  // the same scene, the same frames
  }
}

TEST_P(EveryEffectTest, AResizedFrameDrawsItAndBackItIsAsBefore) {
  auto player = play(demo()), without = play(demo(true));
  ASSERT_TRUE(player && without);
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(player->advance(kStep));
  const ImageRgba8 before = render(*player);
  // Half the size, then another shape: drawn at each.
  for (const VkExtent2D size : {VkExtent2D{kWidth / 2, kHeight / 2}, VkExtent2D{kWidth * 3 / 2, kHeight / 2}}) {
    ASSERT_TRUE(player->renderer().resize(size.width, size.height));
    ASSERT_TRUE(without->renderer().resize(size.width, size.height));
    const ImageRgba8 resized = render(*player);
    EXPECT_EQ(resized.width, int(size.width));
    EXPECT_EQ(resized.height, int(size.height));
    EXPECT_GT(pixels_differing(resized, render(*without)), int(size.width * size.height) / 400)
        << "the effect is drawn at " << size.width << "x" << size.height;
    if (size.width == kWidth / 2) {  // the same shape: back at the first size, the same picture
      ASSERT_TRUE(player->renderer().resize(kWidth, kHeight));
      EXPECT_EQ(pixels_differing(render(*player), before), 0);
    }
  }
}

TEST_P(EveryEffectTest, AHostFrameDrawsItWithTwoFramesInFlightDetachedAndAttachedAgain) {
  auto player = play(demo());
  ASSERT_TRUE(player);
  auto host_renderer = gpu::FrameRenderer::create(ctx());
  ASSERT_TRUE(host_renderer) << host_renderer.error().message;
  gpu::FrameRenderer& renderer = **host_renderer;
  const HostCase format{VK_FORMAT_R16G16B16A16_SFLOAT, VK_FORMAT_D32_SFLOAT, false, "rgba16f_d32"};
  std::array<HostScene, 2> images{HostScene(ctx(), format, {kWidth, kHeight}),
                                  HostScene(ctx(), format, {kWidth, kHeight})};
  std::array<HostCommandBuffer, 2> cmds{HostCommandBuffer(ctx()), HostCommandBuffer(ctx())};
  std::array<std::uint64_t, 2> serials{};
  // The host's frame: its picture, then the demo's effects (the tested one only when attached).
  const auto frame = [&](std::size_t slot, bool attached) {
    if (serials[slot]) {
      ASSERT_TRUE(ctx().wait_for(serials[slot]));
    }
    auto listed = player->effect_passes();
    ASSERT_TRUE(listed) << listed.error().message;
    std::vector<gpu::FramePasses*> passes = *listed;
    if (!attached)
      for (gpu::FramePasses* own : tested(*player).passes()) std::erase(passes, own);
    gpu::FrameView view = gpu::FrameView::through(player->camera(), kWidth, kHeight);
    view.time = player->time();
    const gpu::HostFrame host = images[slot].frame();
    auto prepared = renderer.prepare(view, passes, &host);
    ASSERT_TRUE(prepared) << prepared.error().message;
    ASSERT_TRUE(cmds[slot].begin());
    images[slot].draw(cmds[slot].get(), true, nullptr, 0.0f);
    renderer.record(cmds[slot].get());
    ASSERT_TRUE(cmds[slot].end());
    auto serial = ctx().submit(cmds[slot].get());
    ASSERT_TRUE(serial) << serial.error().message;
    serials[slot] = *serial;
  };
  // Moving, two frames in flight, detached for two of them.
  std::uint64_t overlapping = 0;
  for (int i = 0; i < 8; ++i) {
    ASSERT_TRUE(player->advance(kStep));
    frame(std::size_t(i % 2), i < 3 || i > 4);
    overlapping += ctx().completed_serial() + 1 < ctx().submitted_serial();
  }
  ASSERT_TRUE(ctx().wait_for(ctx().submitted_serial()));
  // Still: attached, detached, attached again.
  std::array<std::vector<glm::vec3>, 3> seen;
  for (std::size_t i = 0; i < seen.size(); ++i) {
    frame(i % 2, i != 1);
    ASSERT_TRUE(ctx().wait_for(serials[i % 2]));
    seen[i] = images[i % 2].read();
  }
  const int detached = pixels_differing(seen[0], seen[1]), again = pixels_differing(seen[0], seen[2]);
  std::printf("%s in a host frame: %llu of 8 frames overlapped; %d pixels are its, %d differ attached again\n",
              GetParam().c_str(), static_cast<unsigned long long>(overlapping), detached, again);
  (void)write_png(test_output_path("every_effect_" + GetParam() + "_host.png"), to_image(seen[0], kWidth));
  EXPECT_GT(detached, area() / 100);
  EXPECT_EQ(again, 0);
}

INSTANTIATE_TEST_SUITE_P(Registered, EveryEffectTest, ::testing::ValuesIn(registered_types()),
                         [](const ::testing::TestParamInfo<std::string>& p) { return p.param; });

}  // namespace
}  // namespace lfx::test

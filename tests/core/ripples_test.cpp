// The ripple pool, the ring function and the wave-equation field (CPU reference).
#include <gtest/gtest.h>

#include <cmath>

#include "liquidfx/core/ripples/ripple_pool.h"
#include "liquidfx/core/ripples/wave_field.h"

namespace lfx {
namespace {

TEST(RipplePoolTest, CapacityAndReplacementOfTheLeastLifeLeft) {
  RipplesKnobs knobs;  // lifetime: min(0.8 / 1.2, ln(100) / 2) = 0.667 s
  RipplePool pool(3);
  pool.add({0.1f, 0.1f}, 1.0f, knobs);
  pool.advance(0.1, knobs);
  pool.add({0.2f, 0.2f}, 1.0f, knobs);
  pool.advance(0.1, knobs);
  pool.add({0.3f, 0.3f}, 1.0f, knobs);
  EXPECT_EQ(pool.live(), 3u);
  pool.add({0.4f, 0.4f}, 1.0f, knobs);  // full: the oldest (least life left) goes
  EXPECT_EQ(pool.live(), 3u);
  bool has_first = false, has_new = false;
  for (const Ripple& r : pool.slots()) {
    has_first = has_first || r.center.x == 0.1f;
    has_new = has_new || r.center.x == 0.4f;
  }
  EXPECT_FALSE(has_first);
  EXPECT_TRUE(has_new);
  pool.advance(0.7, knobs);  // everything has faded
  EXPECT_EQ(pool.live(), 0u);
  // Inactive slots are reused first.
  pool.add({0.5f, 0.5f}, 1.0f, knobs);
  EXPECT_EQ(pool.live(), 1u);
  EXPECT_EQ(pool.gpu({100, 100}, knobs).size(), 1u);
}

TEST(RipplePoolTest, TheClockNeverWraps) {
  RipplesKnobs knobs;
  RipplePool pool(8);
  pool.advance(1e7, knobs);  // four months
  pool.add({0.5f, 0.5f}, 1.0f, knobs);
  pool.advance(0.25, knobs);
  const auto gpu = pool.gpu({100, 100}, knobs);
  ASSERT_EQ(gpu.size(), 1u);
  EXPECT_NEAR(gpu[0].center_radius.z, 0.25f * knobs.speed, 1e-6f);
}

TEST(RipplePoolTest, GridAndScreenConversions) {
  // 400 x 300 board at (100, 50) in an 800 x 400 image: 4 x 3 cells, 10 px gaps, 20 px margin.
  const GridRect grid{{100, 50}, {400, 300}, 4, 3, 10.0f, 20.0f};
  const glm::vec2 image(800, 400);
  // Cells are (360 - 30) / 4 = 82.5 wide and (260 - 20) / 3 = 80 tall.
  const glm::vec2 first = RipplePool::cell_center(grid, 0, 0, image);
  EXPECT_NEAR(first.x * 800, 100 + 20 + 41.25f, 1e-3f);
  EXPECT_NEAR(first.y * 400, 50 + 20 + 40, 1e-3f);
  const glm::vec2 last = RipplePool::cell_center(grid, 3, 2, image);
  EXPECT_NEAR(last.x * 800, 100 + 20 + 3 * 92.5f + 41.25f, 1e-3f);
  EXPECT_NEAR(last.y * 400, 50 + 20 + 2 * 90 + 40, 1e-3f);
  // Screen positions clamp into the board.
  EXPECT_EQ(RipplePool::screen_to_uv(grid, {0, 0}, image), glm::vec2(100.0f / 800, 50.0f / 400));
  EXPECT_EQ(RipplePool::screen_to_uv(grid, {900, 500}, image), glm::vec2(500.0f / 800, 350.0f / 400));
  EXPECT_EQ(RipplePool::screen_to_uv(grid, {300, 200}, image), glm::vec2(300.0f / 800, 200.0f / 400));

  RipplesKnobs knobs;
  RipplePool pool(8);
  pool.add_swap(grid, {0, 0}, {3, 2}, image, knobs);
  ASSERT_EQ(pool.live(), 2u);
  EXPECT_FLOAT_EQ(pool.slots()[0].intensity, 1.0f);
  EXPECT_FLOAT_EQ(pool.slots()[1].intensity, 0.8f);
  EXPECT_EQ(pool.slots()[1].center, last);
}

TEST(RipplePoolTest, RingsAreRoundInPixelsOnAnyAspect) {
  RipplesKnobs knobs;
  RipplePool pool(1);
  const glm::vec2 image(1600, 900);
  pool.add({0.5f, 0.5f}, 1.0f, knobs);
  pool.advance(0.2, knobs);
  const auto ripples = pool.gpu(image, knobs);
  const shared::RippleParams params = RipplePool::gpu_params(knobs);
  // The primary ring's crest along x and along y, in pixels from the centre.
  auto crest = [&](glm::vec2 direction) {
    float best = 0.0f, at = 0.0f;
    for (int px = 0; px < 450; ++px) {
      const glm::vec2 pixel = 0.5f * image + direction * float(px);
      const float v = shared::ripple_at(ripples[0], params, pixel / 900.0f).visibility;
      if (v > best) {
        best = v;
        at = float(px);
      }
    }
    return at;
  };
  const float along_x = crest({1, 0}), along_y = crest({0, 1});
  EXPECT_NEAR(along_x, 0.2f * 1.2f * 900.0f, 1.0f);
  EXPECT_EQ(along_x, along_y);
}

// Radius (short sides) of the outgoing wavefront: the outermost cell still moving noticeably.
float front_radius(const WaveField& f) {
  const glm::vec2 center = f.position(f.width() / 2, f.height() / 2);
  float peak = 0.0f;
  for (int x = f.width() / 2; x < f.width(); ++x) peak = std::max(peak, std::abs(f.height_at(x, f.height() / 2)));
  float radius = 0.0f;
  for (int x = f.width() / 2; x < f.width(); ++x)
    if (std::abs(f.height_at(x, f.height() / 2)) > 0.2f * peak) radius = f.position(x, 0).x - center.x;
  return radius;
}

float simulate(int cells, double frame_rate, float seconds) {
  RipplesKnobs knobs;
  knobs.wave_damping = 0.0f;
  WaveField field(cells, 16.0f / 9.0f);
  const glm::vec2 center = field.position(field.width() / 2, field.height() / 2);
  field.disturb({glm::vec4(center, 0.03f, 0.02f)});
  double carried = 0.0;
  for (int frame = 0; frame < int(std::lround(seconds * frame_rate)); ++frame) {
    const WaveStepping s = plan_wave_steps(field.cell_size(), knobs.wave_speed, 1.0 / frame_rate, &carried);
    for (int i = 0; i < s.steps; ++i) field.step(s.dt, knobs, {});
  }
  return front_radius(field);
}

TEST(WaveFieldTest, WaveSpeedIsTheSameAtAnyResolutionAndFrameRate) {
  const float expected = 0.03f + 0.3f * RipplesKnobs{}.wave_speed;  // the drop's edge plus c t
  const float coarse_30 = simulate(96, 30.0, 0.3f), fine_30 = simulate(192, 30.0, 0.3f);
  const float coarse_144 = simulate(96, 144.0, 0.3f), fine_144 = simulate(192, 144.0, 0.3f);
  for (float r : {coarse_30, fine_30, coarse_144, fine_144}) EXPECT_NEAR(r, expected, 0.1f * expected);
  EXPECT_NEAR(coarse_30, fine_30, 2.5f / 96.0f);  // within the coarse grid's resolution
  EXPECT_NEAR(coarse_30, coarse_144, 1.5f / 96.0f);
  EXPECT_NEAR(fine_30, fine_144, 1.5f / 192.0f);
}

TEST(WaveFieldTest, EnergyNeverGrowsAndWallsReflect) {
  RipplesKnobs knobs;
  knobs.wave_damping = 0.2f;
  knobs.wave_edges = RippleEdges::reflecting;
  WaveField field(64, 1.0f);
  // A pond: a wall across the middle with a gap.
  std::vector<std::uint8_t> mask(std::size_t(field.width()) * field.height(), 1);
  for (int y = 0; y < field.height(); ++y)
    if (y < 20 || y > 44) mask[std::size_t(y) * field.width() + 32] = 0;
  field.set_mask(mask);
  field.disturb({glm::vec4(field.position(16, 32), 0.05f, 0.02f)});
  double carried = 0.0;
  // Energy sampled at whole sub-steps wobbles a few percent (it is the modified energy of the
  // symplectic step that is conserved); it never exceeds the start, and damping takes it down.
  const double start = field.energy(knobs.wave_speed);
  for (int frame = 0; frame < 60; ++frame) {
    const WaveStepping s = plan_wave_steps(field.cell_size(), knobs.wave_speed, 1.0 / 60.0, &carried);
    for (int i = 0; i < s.steps; ++i) field.step(s.dt, knobs, {});
    EXPECT_LE(field.energy(knobs.wave_speed), start * 1.1);
  }
  EXPECT_LT(field.energy(knobs.wave_speed), start * 0.95);
  EXPECT_GT(field.energy(knobs.wave_speed), 0.0);
  // Behind the wall, far from the gap, the water moved less than in front of it.
  EXPECT_LT(std::abs(field.height_at(48, 4)), std::abs(field.height_at(16, 4)) + 1e-6f);
}

}  // namespace
}  // namespace lfx

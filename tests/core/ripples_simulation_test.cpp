// The ripples runtime without a GPU: swaps, touches, held points, live knob changes, wave
// batches and masks.
#include "liquidfx/core/ripples/ripples_simulation.h"

#include <gtest/gtest.h>

namespace lfx {
namespace {

TEST(RipplesSimulationTest, ASwapExchangesTheTilesAndRipplesAtBothCells) {
  RipplesKnobs knobs;
  RipplesSetup setup;
  setup.board = RipplesBoard{};
  setup.board->columns = 3;
  setup.board->rows = 2;
  RipplesSimulation sim(knobs, setup);
  ASSERT_EQ(sim.tile_of_cell().size(), 6u);
  RipplesInput input;
  input.swaps.push_back({{0, 0}, {2, 1}});
  sim.advance(0.1, input);
  EXPECT_EQ(sim.tile_of_cell()[0], 5u);
  EXPECT_EQ(sim.tile_of_cell()[5], 0u);
  EXPECT_EQ(sim.pool().live(), 2u);
  // The ripples sit at the cells' centres, inside the board's rectangle.
  const glm::vec4 r = setup.board->rect;
  for (const Ripple& ripple : sim.pool().slots())
    if (ripple.active) {
      EXPECT_GT(ripple.center.x, r.x);
      EXPECT_LT(ripple.center.x, r.z);
    }
}

TEST(RipplesSimulationTest, AHeldPointStartsRipplesAtTheSameRateAtAnyFrameRate) {
  for (double hz : {30.0, 240.0}) {
    RipplesKnobs knobs;
    knobs.count = 1000;
    knobs.max_radius = 4.0f;
    knobs.decay = 0.0f;
    RipplesSimulation sim(knobs, {});
    RipplesInput input;
    input.held.push_back({0.5f, 0.5f});
    for (int i = 0; i < int(hz); ++i) sim.advance(1.0 / hz, input);
    EXPECT_NEAR(double(sim.pool().live()), 20.0, 1.0) << hz << " Hz";
  }
}

TEST(RipplesSimulationTest, CountIsLiveAndKeepsTheRipplesWithMostLifeLeft) {
  RipplesKnobs knobs;
  knobs.count = 8;
  RipplesSimulation sim(knobs, {});
  for (int i = 0; i < 6; ++i) {
    RipplesInput input;
    input.touches.push_back({{0.1f * float(i), 0.5f}, 1.0f});
    sim.advance(0.05, input);
  }
  ASSERT_EQ(sim.pool().live(), 6u);
  knobs.count = 2;
  sim.knobs_changed();
  EXPECT_EQ(sim.pool().capacity(), 2u);
  EXPECT_EQ(sim.pool().live(), 2u);
  for (const Ripple& r : sim.pool().slots()) EXPECT_GT(r.center.x, 0.35f);  // the two youngest
  knobs.count = 64;
  sim.knobs_changed();
  EXPECT_EQ(sim.pool().capacity(), 64u);
  EXPECT_EQ(sim.pool().live(), 2u);
}

TEST(RipplesSimulationTest, WavesCollectTheirStepsUntilDrawnAndRestartOnANewResolution) {
  RipplesKnobs knobs;
  knobs.mode = RippleMode::waves;
  RipplesSimulation sim(knobs, {});
  RipplesInput drop;
  drop.touches.push_back({{0.5f, 0.5f}, 2.0f});
  drop.held.push_back({0.2f, 0.2f});
  sim.advance(1.0 / 30.0, drop);
  sim.advance(1.0 / 30.0, {});
  auto batches = sim.take_wave_batches();
  ASSERT_EQ(batches.size(), 2u);
  ASSERT_EQ(batches[0].drops.size(), 1u);
  EXPECT_FLOAT_EQ(batches[0].drops[0].depth, 2.0f * knobs.drop_depth);
  EXPECT_EQ(batches[0].held.size(), 1u);
  EXPECT_TRUE(batches[1].drops.empty());
  int steps = 0;
  for (const WaveBatch& b : batches) steps += b.stepping.steps;
  EXPECT_GT(steps, 0);
  EXPECT_TRUE(sim.take_wave_batches().empty());
  const std::uint64_t generation = sim.wave_generation();
  knobs.wave_resolution = 128;
  sim.knobs_changed();
  EXPECT_EQ(sim.wave_generation(), generation + 1);
}

TEST(RipplesSimulationTest, TheEllipseMaskKeepsWaterInsideIt) {
  RipplesKnobs knobs;
  RipplesSetup setup;
  EXPECT_TRUE(RipplesSimulation(knobs, setup).wave_mask(40, 20).empty());
  setup.mask = RipplesMask::ellipse;
  const std::vector<std::uint8_t> mask = RipplesSimulation(knobs, setup).wave_mask(40, 20);
  ASSERT_EQ(mask.size(), 800u);
  EXPECT_EQ(mask[10 * 40 + 20], 1);  // centre: water
  EXPECT_EQ(mask[0], 0);             // corner: wall
  int water = 0;
  for (std::uint8_t m : mask) water += m;
  // pi/4 of the field times 0.92^2, within a cell's worth along the rim.
  EXPECT_NEAR(double(water) / 800.0, 3.14159265 / 4.0 * 0.92 * 0.92, 0.03);
}

}  // namespace
}  // namespace lfx

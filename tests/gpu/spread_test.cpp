// The spread solver on compute shaders against SpreadSimulation, the CPU reference, on a small
// grid: the same liquid after the same strokes, the volume kept, the projection converging,
// validation silent.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "liquidfx/core/spread/spread_simulation.h"
#include "liquidfx/gpu/effects/spread_solver.h"
#include "support/gpu_test.h"

namespace lfx::test {
namespace {

class SpreadGpuTest : public GpuTest {};

std::vector<SpreadStroke> circle_stroke(double t, double dt) {
  auto at = [](double s) {
    return glm::vec2(0.85f + 0.3f * float(std::cos(4.0 * s)), 0.5f + 0.3f * float(std::sin(4.0 * s)));
  };
  return {{at(t), at(t + dt), 0.08f}};
}

TEST_F(SpreadGpuTest, TheGpuMovesTheLiquidAsTheCpuReferenceDoes) {
  for (const SpreadThicknessScheme scheme : {SpreadThicknessScheme::donor_cell, SpreadThicknessScheme::muscl,
                                             SpreadThicknessScheme::swept, SpreadThicknessScheme::semi_lagrangian}) {
    SpreadKnobs knobs;
    knobs.cells = 32;
    knobs.thickness_cells = 64;
    knobs.thickness_scheme = scheme;
    knobs.traces = SpreadTraces::film;
    SpreadSimulation cpu(knobs, 16.0f / 9.0f);
    ASSERT_TRUE(cpu.add_blob({{0.6f, 0.4f}, 0.22f, 0.02f, {0.9f, 0.7f, 0.6f}}));
    ASSERT_TRUE(cpu.add_blob({{1.1f, 0.6f}, 0.2f, 0.025f, {0.3f, 0.5f, 0.9f}}));
    auto made = gpu::SpreadSolver::create(ctx(), knobs, cpu);
    ASSERT_TRUE(made) << made.error().message;
    gpu::SpreadSolver& gpu = **made;
    const double start = cpu.volume(), dt = 1.0 / 60.0;
    for (int frame = 0; frame < 12; ++frame) {
      const auto strokes = circle_stroke(cpu.time(), dt);
      ASSERT_TRUE(ctx().submit_and_wait([&](VkCommandBuffer cmd) {
        gpu.record_step(cmd, dt, strokes, nullptr);
        gpu.record_stats(cmd, nullptr);
      }));
      cpu.advance(dt, strokes);
    }
    auto fields = gpu.read_fields();
    ASSERT_TRUE(fields);
    double worst = 0.0, pigment_worst = 0.0;
    const float peak = cpu.max_thickness();
    for (std::size_t k = 0; k < fields->thickness.values.size(); ++k) {
      worst = std::max(worst, double(std::abs(fields->thickness.values[k] - cpu.thickness().values[k])));
      pigment_worst =
          std::max(pigment_worst, double(std::abs(fields->pigments[1].values[k] - cpu.pigment(1).values[k])));
    }
    const auto stats = gpu.stats();
    ASSERT_TRUE(stats);
    std::printf(
        "%s: thickness differs by %.2e at most (peak %.4f), pigment by %.2e; volume %.8f GPU, %.8f CPU, %.8f at the "
        "start; divergence %.3e -> %.3e\n",
        KnobEnumNames<SpreadThicknessScheme>::kNames[int(scheme)].data(), worst, double(peak), pigment_worst,
        stats->volume, cpu.volume(), start, stats->divergence_before, stats->divergence_after);
    EXPECT_LT(worst, 1e-3 * peak);
    EXPECT_LT(pigment_worst, 1e-3 * peak);
    EXPECT_NEAR(stats->volume, cpu.volume(), 1e-5 * start);
    EXPECT_NEAR(stats->max_thickness, double(cpu.max_thickness()), 1e-3 * peak);
    EXPECT_GE(stats->min_thickness, 0.0);
    EXPECT_LT(stats->divergence_after, 0.01 * stats->divergence_before);
    if (scheme != SpreadThicknessScheme::semi_lagrangian) {
      EXPECT_NEAR(stats->volume, start, 1e-5 * start);
    }
  }
}

}  // namespace
}  // namespace lfx::test

// The colour math of shaders/shared/color.h gives the same answer on the CPU and the GPU.
#include <random>

#include "liquidfx/shared/color.h"
#include "support/compute_harness.h"
#include "support/gpu_test.h"

namespace lfx::test {
namespace {

class SharedMathTest : public GpuTest {};

TEST_F(SharedMathTest, DisplayColorAgreesBetweenCpuAndGpu) {
  std::mt19937 rng(1234);
  std::uniform_real_distribution<float> radiance(0.0f, 20.0f), exposure(-4.0f, 4.0f);
  std::vector<glm::vec4> inputs(4096);
  for (auto& v : inputs) v = {radiance(rng), radiance(rng) * 0.1f, radiance(rng) * 0.01f, exposure(rng)};
  auto gpu = run_compute(ctx(), "color_math.comp", inputs, inputs.size(), std::uint32_t(inputs.size()));
  ASSERT_TRUE(gpu) << gpu.error().message;
  float worst = 0.0f;
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    const glm::vec3 cpu = shared::display_color(glm::vec3(inputs[i]), inputs[i].w);
    for (int c = 0; c < 3; ++c) worst = std::max(worst, std::abs(cpu[c] - (*gpu)[i][c]));
  }
  // Well under one 8-bit step: the GPU's pow/exp2 are not correctly rounded.
  EXPECT_LT(worst, 1e-3f);
}

TEST_F(SharedMathTest, ColorCurvesAreMonotonicAndBounded) {
  float previous = -1.0f;
  for (int i = 0; i <= 1000; ++i) {
    const float x = float(i) * 0.02f;
    const float y = shared::display_color(glm::vec3(x), 0.0f).x;
    EXPECT_GE(y, previous);
    EXPECT_LE(y, 1.0f);
    previous = y;
  }
  EXPECT_FLOAT_EQ(shared::linear_to_srgb(0.0f), 0.0f);
  EXPECT_NEAR(shared::linear_to_srgb(1.0f), 1.0f, 1e-6f);
}

}  // namespace
}  // namespace lfx::test

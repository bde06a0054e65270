// The liquid surface equation of shaders/shared/liquid_surface.h gives the same distance and
// normal on the CPU and the GPU, for random containers and points.
#include "liquidfx/shared/liquid_surface.h"

#include <cstring>
#include <glm/geometric.hpp>
#include <random>

#include "support/compute_harness.h"
#include "support/gpu_test.h"

namespace lfx::test {
namespace {

class LiquidSurfaceTest : public GpuTest {};

shared::LiquidContainerGpu random_container(std::mt19937& rng) {
  std::uniform_real_distribution<float> u(-1.0f, 1.0f), positive(0.0f, 1.0f);
  shared::LiquidContainerGpu c{};
  c.model = glm::mat4(1.0f);
  c.world_to_local = glm::mat4(1.0f);
  const glm::vec3 n = glm::normalize(glm::vec3(0.4f * u(rng), 1.0f, 0.4f * u(rng)));
  c.center = glm::vec4(0.1f * u(rng), 0.5f + 0.1f * u(rng), 0.1f * u(rng), 0.2f + 0.6f * positive(rng));
  c.plane = glm::vec4(n, glm::dot(n, glm::vec3(c.center)));
  c.wave_state = glm::vec4(3.14f * u(rng), 0.01f * positive(rng), positive(rng), 6.28f * positive(rng));
  c.wave_shape = glm::vec4(45.0f, 0.3f, 0.45f, 0.35f);
  c.noise = glm::vec4(positive(rng), 0.003f, 63.9f * positive(rng), 90.0f);
  return c;
}

TEST_F(LiquidSurfaceTest, CpuAndGpuAgree) {
  std::mt19937 rng(2024);
  std::uniform_real_distribution<float> u(-0.08f, 0.08f);
  float worst_distance = 0.0f, worst_normal = 0.0f;
  for (int trial = 0; trial < 8; ++trial) {
    const shared::LiquidContainerGpu c = random_container(rng);
    constexpr std::size_t kPoints = 1024;
    constexpr std::size_t kHeader = sizeof(c) / sizeof(glm::vec4);
    std::vector<glm::vec4> inputs(kHeader + kPoints);
    std::memcpy(inputs.data(), &c, sizeof c);
    for (std::size_t i = 0; i < kPoints; ++i)
      inputs[kHeader + i] = glm::vec4(glm::vec3(c.center) + glm::vec3(u(rng), u(rng), u(rng)), 0.0f);
    auto gpu = run_compute(ctx(), "liquid_surface.comp", inputs, kPoints, std::uint32_t(kPoints));
    ASSERT_TRUE(gpu) << gpu.error().message;
    for (std::size_t i = 0; i < kPoints; ++i) {
      const glm::vec3 p(inputs[kHeader + i]);
      worst_distance = std::max(worst_distance, std::abs(shared::liquid_surface_distance(c, p) - (*gpu)[i].x));
      worst_normal = std::max(worst_normal, glm::length(shared::liquid_surface_normal(c, p) -
                                                        glm::vec3((*gpu)[i].y, (*gpu)[i].z, (*gpu)[i].w)));
    }
  }
  EXPECT_LT(worst_distance, 1e-5f);  // metres: a hundredth of a millimetre
  EXPECT_LT(worst_normal, 1e-3f);
}

TEST_F(LiquidSurfaceTest, NormalIsTheGradientOfTheDistance) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> u(-0.05f, 0.05f);
  const shared::LiquidContainerGpu c = random_container(rng);
  for (int i = 0; i < 200; ++i) {
    const glm::vec3 p = glm::vec3(c.center) + glm::vec3(u(rng), u(rng), u(rng));
    const float h = 1e-4f;
    const glm::vec3 numeric(shared::liquid_surface_distance(c, p + glm::vec3(h, 0, 0)) -
                                shared::liquid_surface_distance(c, p - glm::vec3(h, 0, 0)),
                            shared::liquid_surface_distance(c, p + glm::vec3(0, h, 0)) -
                                shared::liquid_surface_distance(c, p - glm::vec3(0, h, 0)),
                            shared::liquid_surface_distance(c, p + glm::vec3(0, 0, h)) -
                                shared::liquid_surface_distance(c, p - glm::vec3(0, 0, h)));
    EXPECT_LT(glm::length(glm::normalize(numeric) - shared::liquid_surface_normal(c, p)), 0.02f);
  }
}

}  // namespace
}  // namespace lfx::test

// The particle liquid on the GPU: a tank at rest, the dam break against Martin and Moyce (1952),
// the counting sort against a CPU sort, frame-rate independence, determinism, walls.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>

#include "liquidfx/core/particles/particles_driver.h"
#include "liquidfx/gpu/effects/particles_solver.h"
#include "liquidfx/gpu/transfer.h"
#include "support/gpu_test.h"

namespace lfx {
namespace {

class ParticlesTest : public test::GpuTest {
 protected:
  // A driver and its solver, played frame by frame.
  struct Liquid {
    ParticlesKnobs knobs;
    std::optional<ParticlesDriver> driver;
    std::unique_ptr<gpu::ParticlesSolver> solver;
  };

  std::unique_ptr<Liquid> make(const ParticlesSetup& setup, ParticlesKnobs knobs) {
    auto l = std::make_unique<Liquid>();
    l->knobs = knobs;
    auto driver = ParticlesDriver::create(l->knobs, setup);
    EXPECT_TRUE(driver) << driver.error().message;
    l->driver.emplace(std::move(driver.value()));
    auto solver = gpu::ParticlesSolver::create(ctx(), *l->driver);
    EXPECT_TRUE(solver) << solver.error().message;
    l->solver = std::move(solver.value());
    return l;
  }

  // Plays `frames` frames of dt seconds, each prepared, recorded and waited for.
  void play(Liquid& l, int frames, double dt) {
    for (int f = 0; f < frames; ++f) {
      l.driver->advance(dt);
      ASSERT_TRUE(l.solver->prepare());
      ASSERT_TRUE(ctx().submit_and_wait([&](VkCommandBuffer cmd) { l.solver->record(cmd, nullptr); }));
    }
  }

  template <class T>
  std::vector<T> read(const gpu::Buffer& buffer) {
    auto bytes = gpu::read_buffer(ctx(), buffer);
    EXPECT_TRUE(bytes);
    std::vector<T> out(bytes->size() / sizeof(T));
    std::memcpy(out.data(), bytes->data(), out.size() * sizeof(T));
    return out;
  }

  std::uint32_t live(Liquid& l) { return read<shared::ParticleCounts>(l.solver->counts())[0].live; }

  std::vector<shared::ParticleRecord> particles(Liquid& l) {
    auto all = read<shared::ParticleRecord>(l.solver->records());
    all.resize(live(l));
    return all;
  }
};

ParticlesSetup dam_break(float a) {
  ParticlesSetup s;
  s.domain = {{0.0f, 0.0f, -0.05f}, {5.0f * a, 2.0f * a, 0.05f}};
  s.blocks.push_back({{0.0f, 0.0f, -0.05f}, {a, a, 0.05f}});
  return s;
}

TEST_F(ParticlesTest, DamBreakEmits) {
  ParticlesKnobs knobs;
  knobs.count = 4096;
  auto l = make(dam_break(0.2f), knobs);
  play(*l, 3, 1.0 / 30.0);
  const auto p = particles(*l);
  EXPECT_GT(p.size(), 3000u);
  const auto stats = l->solver->stats();
  ASSERT_TRUE(stats);
  EXPECT_EQ(stats->live, p.size());
}

}  // namespace
}  // namespace lfx

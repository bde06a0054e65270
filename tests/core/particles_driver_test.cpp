// The particle liquid's CPU half: the fixed step clock, emission by blocks and nozzles, the
// colliders' motion, setups it refuses, and the walls' distance grids.
#include "liquidfx/core/particles/particles_driver.h"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <glm/geometric.hpp>

#include "liquidfx/core/container/shapes.h"

namespace lfx {
namespace {

ParticlesSetup one_block() {
  ParticlesSetup s;
  s.domain = {{0.0f, 0.0f, 0.0f}, {1.0f, 0.5f, 0.2f}};
  s.blocks.push_back({{0.0f, 0.0f, 0.0f}, {0.2f, 0.2f, 0.2f}});
  return s;
}

TEST(ParticlesDriverTest, BlocksAreFilledWithTheCountInsideTheirBox) {
  ParticlesKnobs knobs;
  knobs.count = 8000;
  auto d = ParticlesDriver::create(knobs, one_block());
  ASSERT_TRUE(d) << d.error().message;
  EXPECT_NEAR(d->spacing(), 0.01f, 1e-5f);  // (0.008 m^3 / 8000)^(1/3)
  EXPECT_FLOAT_EQ(d->grid().cell, 0.02f);
  // The blocks are there before the first step: the picture at time 0 shows them.
  const ParticleWork w = d->take_work();
  EXPECT_TRUE(w.restart);
  EXPECT_TRUE(w.steps.empty());
  ASSERT_EQ(w.emitted.size(), 8000u);
  EXPECT_EQ(w.placed, 8000u);
  for (const auto& r : w.emitted) {
    const glm::vec3 p(r.position_foam);
    ASSERT_TRUE(p.x > 0.0f && p.x < 0.2f && p.y > 0.0f && p.y < 0.2f && p.z > 0.0f && p.z < 0.2f);
  }
  // The grid covers the tank with its margin on every side.
  const glm::vec3 far = d->grid().origin + glm::vec3(d->grid().nodes - 1) * d->grid().cell;
  EXPECT_LT(d->grid().origin.x, 0.0f);
  EXPECT_GT(far.x, 1.0f);
  EXPECT_GT(far.y, 0.5f);
}

TEST(ParticlesDriverTest, TheClockRunsTheSameStepsAtAnyFrameRate) {
  ParticlesKnobs knobs;
  knobs.count = 1000;
  for (const double fps : {24.0, 30.0, 60.0, 144.0, 240.0}) {
    auto d = ParticlesDriver::create(knobs, one_block());
    ASSERT_TRUE(d);
    const int frames = int(std::lround(fps));
    for (int f = 0; f < frames; ++f) d->advance(1.0 / fps);
    EXPECT_EQ(d->steps_done(), std::uint64_t(60 * d->steps_per_60th())) << fps << " fps";
  }
}

// A block is 1/(60 steps_at_rest) s: nothing of it is queued before a frame passed its end.
TEST(ParticlesDriverTest, TheIncompressibleClockQueuesWholeBlocksOfItsStepsAtRest) {
  for (const int steps_at_rest : {1, 2, 3}) {
    SCOPED_TRACE("steps_at_rest " + std::to_string(steps_at_rest));
    ParticlesKnobs knobs;
    knobs.count = 8000;
    knobs.solver = ParticleSolverKind::incompressible;
    knobs.steps_at_rest = steps_at_rest;
    auto d = ParticlesDriver::create(knobs, one_block());
    ASSERT_TRUE(d);
    const int block = d->slots_per_block();
    ASSERT_GT(block, 1) << "a block the GPU may join";
    EXPECT_EQ(steps_at_rest * block, d->steps_per_60th());
    const double block_seconds = 1.0 / (60.0 * steps_at_rest);
    d->advance(0.5 * block_seconds);  // half a block: nothing yet, whatever the frame rate
    EXPECT_EQ(d->steps_done(), 0u);
    d->advance(0.5 * block_seconds);
    const ParticleWork w = d->take_work();
    ASSERT_EQ(w.steps.size(), std::size_t(block));
    for (int i = 0; i < block; ++i) EXPECT_EQ(w.steps[i].slots_left, std::uint32_t(block - i)) << "slot " << i;
    knobs.substeps = 5;  // steps set by hand: every slot is a step
    EXPECT_EQ(d->slots_per_block(), 1);
  }
}

// A knob that changes the slots' length (substeps, steps_at_rest) changes it from the next
// slot on: the clock neither jumps nor repeats time.
TEST(ParticlesDriverTest, ChangingTheSlotsLengthContinuesTheClockWhereItWas) {
  ParticlesKnobs knobs;
  knobs.count = 8000;
  knobs.solver = ParticleSolverKind::incompressible;
  auto d = ParticlesDriver::create(knobs, one_block());
  ASSERT_TRUE(d);
  d->advance(0.5);
  knobs.steps_at_rest = 2;
  d->advance(0.25);
  knobs.substeps = 7;
  d->advance(0.25);
  const ParticleWork w = d->take_work();
  ASSERT_FALSE(w.steps.empty());
  for (std::size_t i = 1; i < w.steps.size(); ++i)
    ASSERT_NEAR(w.steps[i].time, w.steps[i - 1].time + double(w.steps[i - 1].dt), 1e-6) << "step " << i;
  EXPECT_NEAR(d->time(), 1.0, 1e-9);
}

TEST(ParticlesDriverTest, AutomaticSubstepsKeepSoundWithinTheCflLimit) {
  ParticlesKnobs knobs;
  knobs.count = 8000;
  knobs.solver = ParticleSolverKind::wcmpm;  // the solver whose steps follow the speed of sound
  auto d = ParticlesDriver::create(knobs, one_block());
  ASSERT_TRUE(d);
  EXPECT_LE(knobs.sound_speed * d->step_dt(), 0.4f * d->grid().cell * 1.0001f);
  knobs.substeps = 7;
  EXPECT_EQ(d->steps_per_60th(), 7);
  EXPECT_FLOAT_EQ(d->step_dt(), 1.0f / 420.0f);
}

TEST(ParticlesDriverTest, ANozzlePoursItsRateAtItsSpeed) {
  ParticlesSetup s;
  s.domain = {{-0.5f, 0.0f, -0.5f}, {0.5f, 1.0f, 0.5f}};
  s.spacing = 0.004f;
  ParticleNozzle n;
  n.position = {0.0f, 0.5f, 0.0f};
  n.direction = {1.0f, 0.0f, 0.0f};
  n.rate = 0.2e-3f;  // 0.2 litres a second
  n.speed = 1.5f;
  n.start = 0.25;
  n.end = 1.25;
  s.nozzles.push_back(n);
  ParticlesKnobs knobs;
  knobs.count = 100000;
  auto d = ParticlesDriver::create(knobs, s);
  ASSERT_TRUE(d);
  for (int f = 0; f < 90; ++f) d->advance(1.0 / 60.0);
  const ParticleWork w = d->take_work();
  const double volume = double(w.emitted.size()) * std::pow(0.004, 3);
  EXPECT_NEAR(volume, 0.2e-3, 0.2e-3 * 0.06) << w.emitted.size() << " particles";
  for (const auto& r : w.emitted) {
    ASSERT_NEAR(r.velocity_density.x, 1.5f, 1e-5f);
    ASSERT_LE(glm::length(glm::vec2(r.position_foam.y - 0.5f, r.position_foam.z)), n.radius() + 1e-4f);
  }
  // Nothing before the start or after the end; each step's emission follows its own ids.
  for (const ParticleStep& step : w.steps) {
    if (step.time < 0.25 || step.time >= 1.25) {
      EXPECT_EQ(step.emit_count, 0u) << step.time;
    }
    EXPECT_EQ(step.first_id, step.emit_first);
  }
}

TEST(ParticlesDriverTest, CollidersMoveWithTheirCarrierAndPassItsVelocity) {
  ParticlesSetup s = one_block();
  ParticleColliderDesc paddle;
  paddle.shape = ColliderShape::box;
  paddle.size = {0.01f, 0.1f, 0.05f};
  paddle.local.position = {0.0f, 0.1f, 0.0f};
  paddle.carrier = [](double t) {
    const float a = float(t) * 2.0f;  // 2 rad/s about y, on a 0.3 m circle
    return Pose{{0.5f + 0.3f * std::cos(a), 0.0f, 0.1f + 0.3f * std::sin(a)}, glm::angleAxis(-a, glm::vec3(0, 1, 0))};
  };
  s.colliders.push_back(paddle);
  ParticlesKnobs knobs;
  knobs.count = 1000;
  auto d = ParticlesDriver::create(knobs, s);
  ASSERT_TRUE(d);
  d->advance(0.5);
  const ParticleWork w = d->take_work();
  ASSERT_EQ(w.collider_count, 1u);
  const ParticleStep& step = w.steps.back();
  const shared::ParticleCollider& c = w.colliders[step.collider_first];
  EXPECT_EQ(std::bit_cast<std::uint32_t>(c.position_kind.w), shared::kColliderBox);
  // 0.3 m x 2 rad/s = 0.6 m/s along the circle; the spin is 2 rad/s about -y.
  EXPECT_NEAR(glm::length(glm::vec3(c.velocity)), 0.6f, 0.01f);
  EXPECT_NEAR(c.angular.y, -2.0f, 0.01f);
  EXPECT_NEAR(c.position_kind.y, 0.1f, 1e-5f);
}

TEST(ParticlesDriverTest, ACountChangeRestartsAndABadSetupIsRefused) {
  ParticlesKnobs knobs;
  knobs.count = 1000;
  auto d = ParticlesDriver::create(knobs, one_block());
  ASSERT_TRUE(d);
  d->advance(0.1);
  (void)d->take_work();
  knobs.count = 2000;
  ASSERT_TRUE(d->knobs_changed());
  EXPECT_EQ(d->steps_done(), 0u);
  EXPECT_TRUE(d->take_work().restart);
  ParticlesSetup long_tank = one_block();
  long_tank.domain.max.x = 20.0f;
  auto l = ParticlesDriver::create(knobs, long_tank);
  ASSERT_TRUE(l);
  knobs.count = 4000000;  // a grid far too fine for a 20 m tank
  EXPECT_FALSE(l->knobs_changed());

  ParticlesSetup bad = one_block();
  bad.blocks[0].max.x = 2.0f;
  EXPECT_FALSE(ParticlesDriver::create(knobs, bad));
  bad = one_block();
  bad.blocks.clear();
  EXPECT_FALSE(ParticlesDriver::create(knobs, bad));  // nothing to simulate
  bad = one_block();
  bad.domain.max.y = std::nanf("");
  EXPECT_FALSE(ParticlesDriver::create(knobs, bad));
}

TEST(ParticlesDriverTest, AWallsDistanceGridIsExactNearTheMesh) {
  const Mesh mesh = make_cylinder(0.04f, 0.1f);
  const auto made = shell_distance(mesh, 0.003f, 0.008f);
  ASSERT_TRUE(made) << made.error().message;
  const auto& grid = made.value();
  // At the samples within the band the grid holds the exact distance to the mesh.
  int checked = 0;
  for (int z = 0; z < grid->nz; z += 3)
    for (int y = 0; y < grid->ny; y += 3)
      for (int x = 0; x < grid->nx; x += 3) {
        const glm::vec3 p = grid->origin + glm::vec3(x, y, z) * grid->cell;
        const float exact = distance_to_mesh(mesh, p);
        if (exact >= grid->band) continue;
        ASSERT_NEAR(grid->values[grid->index(x, y, z)], exact, 1e-6f);
        ++checked;
      }
  EXPECT_GT(checked, 100);
}

}  // namespace
}  // namespace lfx

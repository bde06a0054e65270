// The exact damped oscillator: matches a fine numerical integration in every damping regime,
// composes over any split of a step, and never gains energy.
#include "liquidfx/core/slosh/oscillator.h"

#include <gtest/gtest.h>

#include <glm/geometric.hpp>
#include <random>

namespace lfx {
namespace {

// Reference: RK4 with a tiny step.
void integrate(glm::dvec2& x, glm::dvec2& v, double k, double c, double dt) {
  const int steps = 20000;
  const double h = dt / steps;
  auto accel = [&](glm::dvec2 xx, glm::dvec2 vv) { return -k * xx - c * vv; };
  for (int i = 0; i < steps; ++i) {
    const glm::dvec2 k1x = v, k1v = accel(x, v);
    const glm::dvec2 k2x = v + 0.5 * h * k1v, k2v = accel(x + 0.5 * h * k1x, v + 0.5 * h * k1v);
    const glm::dvec2 k3x = v + 0.5 * h * k2v, k3v = accel(x + 0.5 * h * k2x, v + 0.5 * h * k2v);
    const glm::dvec2 k4x = v + h * k3v, k4v = accel(x + h * k3x, v + h * k3v);
    x += h / 6.0 * (k1x + 2.0 * k2x + 2.0 * k3x + k4x);
    v += h / 6.0 * (k1v + 2.0 * k2v + 2.0 * k3v + k4v);
  }
}

TEST(OscillatorTest, ExactInEveryRegime) {
  const double k = 100.0;  // omega = 10
  for (double zeta : {0.0, 0.05, 0.7, 0.999999, 1.0, 1.000001, 3.0}) {
    for (double dt : {0.001, 0.05, 0.5, 2.0}) {
      const double c = 2.0 * zeta * 10.0;
      glm::dvec2 x(0.3, -0.1), v(1.0, 2.0), rx = x, rv = v;
      advance_damped_oscillator(x, v, k, c, dt);
      integrate(rx, rv, k, c, dt);
      EXPECT_NEAR(x.x, rx.x, 1e-8) << "zeta " << zeta << " dt " << dt;
      EXPECT_NEAR(v.y, rv.y, 1e-7) << "zeta " << zeta << " dt " << dt;
    }
  }
  // No stiffness: drag only.
  glm::dvec2 x(0.0), v(1.0, 0.0);
  advance_damped_oscillator(x, v, 0.0, 2.0, 1.0);
  EXPECT_NEAR(x.x, (1.0 - std::exp(-2.0)) / 2.0, 1e-12);
  EXPECT_NEAR(v.x, std::exp(-2.0), 1e-12);
}

TEST(OscillatorTest, AnySplitOfAStepGivesTheSameState) {
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> part(0.001, 0.2);
  for (double c : {0.5, 20.0, 60.0}) {
    glm::dvec2 whole_x(1.0, 0.5), whole_v(-0.3, 0.8), x = whole_x, v = whole_v;
    double total = 0.0;
    for (int i = 0; i < 50; ++i) {
      const double dt = part(rng);
      advance_damped_oscillator(x, v, 100.0, c, dt);
      total += dt;
    }
    advance_damped_oscillator(whole_x, whole_v, 100.0, c, total);
    EXPECT_NEAR(glm::length(x - whole_x), 0.0, 1e-9);
    EXPECT_NEAR(glm::length(v - whole_v), 0.0, 1e-9);
  }
}

TEST(OscillatorTest, EnergyNeverGrows) {
  std::mt19937 rng(6);
  std::uniform_real_distribution<double> dt(0.0, 1.0), zeta(0.0, 3.0);
  for (int trial = 0; trial < 200; ++trial) {
    const double k = 50.0, c = 2.0 * zeta(rng) * std::sqrt(k);
    glm::dvec2 x(0.2, -0.4), v(3.0, 1.0);
    double energy = 0.5 * glm::dot(v, v) + 0.5 * k * glm::dot(x, x);
    for (int step = 0; step < 20; ++step) {
      advance_damped_oscillator(x, v, k, c, dt(rng));
      const double next = 0.5 * glm::dot(v, v) + 0.5 * k * glm::dot(x, x);
      EXPECT_LE(next, energy * (1.0 + 1e-12) + 1e-15);
      energy = next;
    }
  }
}

}  // namespace
}  // namespace lfx

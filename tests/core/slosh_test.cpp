// The slosh controller: frame-rate independence, physics facts, robustness to bad input.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>
#include <map>
#include <numbers>
#include <random>

#include "liquidfx/core/container/inside_grid.h"
#include "liquidfx/core/container/shapes.h"
#include "liquidfx/core/container/volume.h"
#include "liquidfx/core/slosh/liquid_container.h"
#include "liquidfx/core/slosh/motion.h"

namespace lfx {
namespace {

constexpr double kPi = std::numbers::pi;

std::shared_ptr<const ContainerShape> shape_of(const char* name) {
  static std::map<std::string, std::shared_ptr<const ContainerShape>> cache;
  auto& entry = cache[name];
  if (!entry) entry = *ContainerShape::create(*make_shape(name), name, 0.94f);
  return entry;
}

// A push along x: smoothstep from 0 to 0.3 m over [0.1, 0.5] s, then rest.
Pose push(double t) {
  const double s = std::clamp((t - 0.1) / 0.4, 0.0, 1.0);
  return {glm::vec3(float(0.3 * s * s * (3.0 - 2.0 * s)), 0.0f, 0.0f), glm::quat(1, 0, 0, 0)};
}

// A push plus a tilt of the bottle about its base (the rotation moves the liquid's centroid).
Pose push_and_tilt(double t) {
  Pose p = push(t);
  const double s = std::clamp((t - 0.3) / 0.5, 0.0, 1.0);
  p.orientation = glm::angleAxis(float(0.6 * s * s * (3.0 - 2.0 * s)), glm::vec3(0.0f, 0.0f, 1.0f));
  return p;
}

// Lean of the surface along x, degrees (signed).
double lean(const LiquidContainer& c) {
  return glm::degrees(std::atan2(double(c.state().surface_normal.x), double(c.state().surface_normal.y)));
}

// Samples the motion at the given times and returns the lean at every 0.5 s mark.
std::vector<double> trace(Pose (*motion)(double), const std::vector<double>& times, const char* shape = "cylinder") {
  LiquidContainer c(shape_of(shape), SloshKnobs{});
  std::vector<double> marks;
  double previous = 0.0;
  for (std::size_t i = 0; i < times.size(); ++i) {
    EXPECT_TRUE(c.update(motion(times[i]), i == 0 ? 0.0 : times[i] - previous));
    previous = times[i];
    if (std::abs(times[i] * 2.0 - std::round(times[i] * 2.0)) < 1e-9) marks.push_back(lean(c));
  }
  return marks;
}

std::vector<double> uniform_times(double rate, double duration) {
  std::vector<double> t;
  const int n = int(std::lround(duration * rate));
  for (int i = 0; i <= n; ++i) t.push_back(double(i) / rate);
  return t;
}

TEST(SloshTest, SameTrajectoryAtAnyFrameRate) {
  for (Pose (*motion)(double) : {push, push_and_tilt}) {
    const std::vector<double> reference = trace(motion, uniform_times(1000.0, 4.0));
    double peak = 0.0;
    for (double v : reference) peak = std::max(peak, std::abs(v));
    ASSERT_GT(peak, 2.0);  // the push really sloshes

    std::vector<std::vector<double>> runs;
    for (double rate : {30.0, 60.0, 144.0, 240.0}) runs.push_back(trace(motion, uniform_times(rate, 4.0)));
    // Random jitter: dt anywhere in [0.3, 1.7] / 60 s, still landing on every 0.5 s mark.
    std::mt19937 rng(11);
    std::uniform_real_distribution<double> jitter(0.3 / 60.0, 1.7 / 60.0);
    std::vector<double> jittered = {0.0};
    while (jittered.back() < 4.0) {
      const double next_mark = std::floor(jittered.back() * 2.0 + 1.0) / 2.0;
      jittered.push_back(std::min(next_mark, jittered.back() + jitter(rng)));
    }
    runs.push_back(trace(motion, jittered));
    // A 0.5 s hitch while the liquid is still sloshing (the container at rest, or moving evenly).
    std::vector<double> hitch;
    for (double t : uniform_times(60.0, 4.0))
      if (t <= 1.5 + 1e-9 || t >= 2.0 - 1e-9) hitch.push_back(t);
    runs.push_back(trace(motion, hitch));

    double worst = 0.0;
    for (const auto& run : runs) {
      ASSERT_EQ(run.size(), reference.size());
      for (std::size_t i = 0; i < run.size(); ++i) worst = std::max(worst, std::abs(run[i] - reference[i]) / peak);
      for (std::size_t i = 0; i < run.size(); ++i)
        EXPECT_LT(std::abs(run[i] - reference[i]), 0.02 * peak)
            << "run " << (&run - runs.data()) << " mark " << double(i) * 0.5 << " s: " << run[i] << " vs "
            << reference[i];
    }
    std::printf("frame-rate independence: worst deviation %.2f%% of the peak tilt %.1f deg\n", 100.0 * worst, peak);
  }
}

TEST(SloshTest, SteadyAccelerationTiltsTheSurfaceNormalToGMinusA) {
  for (double rate : {30.0, 120.0}) {
    SloshKnobs knobs;
    knobs.max_tilt = 85.0f;
    knobs.damping = 0.5f;
    LiquidContainer c(shape_of("cylinder"), knobs);
    const double a = 3.0, dt = 1.0 / rate;
    for (int i = 0; i <= int(10.0 * rate); ++i) {
      const double t = i * dt;
      ASSERT_TRUE(c.update({glm::vec3(float(0.5 * a * t * t), 0, 0), glm::quat(1, 0, 0, 0)}, dt));
    }
    // The liquid piles up at the back: the normal leans forward by atan(a / g).
    const double expected = glm::degrees(std::atan(a / kGravity));
    EXPECT_NEAR(lean(c), expected, 0.03 * expected) << rate << " Hz";
  }
}

TEST(SloshTest, NaturalFrequencyIsTheFirstCylinderMode) {
  SloshKnobs knobs;
  knobs.damping = 0.0f;
  knobs.fill = 0.5f;
  LiquidContainer c(shape_of("cylinder"), knobs);
  ASSERT_TRUE(c.update(push(0.0), 0.0));
  // radius 0.04 * 0.94, depth half of the inset cylinder's height
  const double radius = 0.04 * 0.94 * std::sqrt(0.5 * 64 * std::sin(2 * kPi / 64) / kPi);
  const double depth = 0.5 * 0.15 * 0.94;
  const double expected = std::sqrt(1.841 * kGravity / radius * std::tanh(1.841 * depth / radius)) / (2 * kPi);
  // Kick it and count zero crossings of the lean.
  const double dt = 1.0 / 240.0;
  std::vector<double> crossings;
  double previous = 0.0;
  for (int i = 1; i < 2400; ++i) {
    const double t = i * dt;
    const Pose p{glm::vec3(t < 0.05 ? float(t) : 0.05f, 0.0f, 0.0f), glm::quat(1, 0, 0, 0)};
    ASSERT_TRUE(c.update(p, dt));
    const double l = lean(c);
    if (t > 0.2 && previous * l < 0.0) crossings.push_back(t);
    previous = l;
  }
  ASSERT_GE(crossings.size(), 6u);
  const double period = 2.0 * (crossings.back() - crossings.front()) / double(crossings.size() - 1);
  EXPECT_NEAR(1.0 / period, expected, 0.02 * expected);
  EXPECT_NEAR(c.state().frequency_hz, expected, 0.02 * expected);
}

// The sloshing frequency (Hz) read from zero crossings of the lean along `axis` after a nudge
// along it; `turn` turns the container about the vertical (degrees).
double measured_frequency(const std::shared_ptr<const ContainerShape>& shape, float fill, glm::vec3 axis, float turn) {
  SloshKnobs knobs;
  knobs.damping = 0.0f;
  knobs.fill = fill;
  LiquidContainer c(shape, knobs);
  const glm::quat orientation = glm::angleAxis(glm::radians(turn), glm::vec3(0, 1, 0));
  if (!c.update({glm::vec3(0.0f), orientation}, 0.0)) return -1.0;
  const double dt = 1.0 / 240.0;
  std::vector<double> crossings;
  double previous = 0.0;
  for (int i = 1; i < 4800 && crossings.size() < 12; ++i) {
    const double t = i * dt;
    if (!c.update({axis * float(std::min(t, 0.02)), orientation}, dt)) return -1.0;
    const glm::vec3 n = c.state().surface_normal;
    const double l = glm::dot(glm::vec3(n.x, 0.0f, n.z), axis);
    if (t > 0.1 && previous * l < 0.0) crossings.push_back(t);
    previous = l;
  }
  if (crossings.size() < 4) return -1.0;
  return 1.0 / (2.0 * (crossings.back() - crossings.front()) / double(crossings.size() - 1));
}

TEST(SloshTest, ARectangularTanksPeriodFollowsTheDispersionRelationAlongEachSide) {
  // omega^2 = g k tanh(k h), k = pi / L: L the free surface's length along the motion, h the
  // depth. A 0.3 x 0.2 x 0.12 m tank (0.94 of it liquid) at three fills, pushed along each side,
  // and turned a quarter about the vertical (the sides swap).
  const glm::vec3 size(0.3f, 0.2f, 0.12f);
  const auto tank = *ContainerShape::create(make_box(size), "tank", 0.94f);
  for (const float fill : {0.15f, 0.4f, 0.8f})
    for (const int side : {0, 2})
      for (const float turn : {0.0f, 90.0f}) {
        const int along = turn == 0.0f ? side : 2 - side;  // the tank's side the push runs along
        const double length = 0.94 * size[along], depth = 0.94 * size.y * fill;
        const double k = kPi / length;
        const double expected = std::sqrt(kGravity * k * std::tanh(k * depth)) / (2.0 * kPi);
        const glm::vec3 axis = side == 0 ? glm::vec3(1, 0, 0) : glm::vec3(0, 0, 1);
        const double measured = measured_frequency(tank, fill, axis, turn);
        std::printf("fill %.2f, pushed along %s, turned %.0f: %.3f Hz, dispersion relation %.3f Hz\n", double(fill),
                    side == 0 ? "x" : "z", double(turn), measured, expected);
        EXPECT_NEAR(measured, expected, 0.02 * expected);
      }
}

TEST(SloshTest, EnergyNeverGrowsWithoutInputAndSettlesToExactlyZero) {
  LiquidContainer c(shape_of("cylinder"), SloshKnobs{});
  double t = 0.0;
  for (; t < 0.6; t += 1.0 / 60.0) ASSERT_TRUE(c.update(push(t), t == 0.0 ? 0.0 : 1.0 / 60.0));
  ASSERT_GT(c.state().agitation, 0.0f);
  ASSERT_GT(c.state().wave_amplitude, 0.0f);
  double energy = c.slosh_energy();
  float agitation = c.state().agitation, wave = c.state().wave_energy;
  for (int i = 0; i < 60 * 30; ++i) {  // 30 s at rest
    ASSERT_TRUE(c.update(push(1.0), 1.0 / 60.0));
    EXPECT_LE(c.slosh_energy(), energy * (1.0 + 1e-9));
    EXPECT_LE(c.state().agitation, agitation);
    EXPECT_LE(c.state().wave_energy, wave);
    energy = c.slosh_energy();
    agitation = c.state().agitation;
    wave = c.state().wave_energy;
  }
  EXPECT_EQ(c.state().agitation, 0.0f);
  EXPECT_EQ(c.state().wave_energy, 0.0f);
  EXPECT_EQ(c.state().wave_amplitude, 0.0f);
  EXPECT_LT(c.state().tilt_degrees(), 0.01f);
}

// A throw: the hand speeds the bottle up to 2 m/s sideways and 1 m/s up over 0.25 s, lets go at
// t = 0.75 s, and it flies freely until t = 2.25 s.
Pose thrown(double t) {
  const double release = 0.75, hold = 0.25;
  const glm::dvec3 speed(2.0, 1.0, 0.0);
  glm::dvec3 p(0.0);
  if (t < release) {
    const double s = std::clamp((t - (release - hold)) / hold, 0.0, 1.0);
    p = speed * hold * (s * s * s - 0.5 * s * s * s * s);  // velocity rises as 3s^2 - 2s^3
  } else {
    const double f = t - release;
    p = speed * hold * 0.5 + speed * f + glm::dvec3(0.0, -0.5 * kGravity * f * f, 0.0);
  }
  return {glm::vec3(p), glm::quat(1, 0, 0, 0)};
}

TEST(SloshTest, FreeFallKeepsTheSurfaceAndRaisesAgitation) {
  LiquidContainer c(shape_of("cylinder"), SloshKnobs{});
  const double dt = 1.0 / 60.0;
  double at_release = 0.0;
  float agitation_at_release = 0.0f;
  for (int i = 0; i <= 135; ++i) {
    const double t = i * dt;
    ASSERT_TRUE(c.update(thrown(t), i ? dt : 0.0));
    if (std::abs(t - 0.8) < 1e-9) {
      at_release = lean(c);
      agitation_at_release = c.state().agitation;
    }
    if (t > 0.8) {
      EXPECT_NEAR(c.state().effective_gravity, 0.0f, 0.05f) << t;
      EXPECT_LT(std::abs(lean(c) - at_release), 3.0) << "the surface turned in free fall at t=" << t;
    }
  }
  EXPECT_GT(std::abs(at_release), 5.0);  // the throw itself did slosh it
  // Left alone it would have decayed to a quarter over the 1.5 s flight; falling stirs it instead.
  EXPECT_GT(c.state().agitation, 0.9f);
  EXPECT_GT(c.state().agitation, 0.8f * agitation_at_release);

  // Let go abruptly, at 3 m/s: bounded and finite, never past the tilt limit.
  LiquidContainer abrupt(shape_of("cylinder"), SloshKnobs{});
  ASSERT_TRUE(abrupt.update({}, 0.0));
  for (int i = 1; i < 120; ++i) {
    const double f = i * dt;
    ASSERT_TRUE(
        abrupt.update({glm::vec3(float(3.0 * f), float(-0.5 * kGravity * f * f), 0.0f), glm::quat(1, 0, 0, 0)}, dt));
    EXPECT_TRUE(std::isfinite(lean(abrupt)));
    EXPECT_LE(abrupt.state().tilt_degrees(), 40.0f);
  }
}

TEST(SloshTest, TeleportResetsHistoryInsteadOfKicking) {
  LiquidContainer c(shape_of("cylinder"), SloshKnobs{});
  const double dt = 1.0 / 60.0;
  for (int i = 0; i < 10; ++i) ASSERT_TRUE(c.update({}, i == 0 ? 0.0 : dt));
  ASSERT_TRUE(c.update({glm::vec3(5.0f, 0.0f, 0.0f), glm::quat(1, 0, 0, 0)}, dt));
  ASSERT_TRUE(c.update({glm::vec3(5.0f, 0.0f, 0.0f), glm::quat(1, 0, 0, 0)}, dt));
  EXPECT_EQ(c.teleports(), 1u);
  EXPECT_LT(c.state().tilt_degrees(), 1e-3f);
  EXPECT_EQ(c.state().agitation, 0.0f);
  // A long gap is a teleport too.
  ASSERT_TRUE(c.update({glm::vec3(5.2f, 0.0f, 0.0f), glm::quat(1, 0, 0, 0)}, 3.0));
  EXPECT_EQ(c.teleports(), 2u);
  EXPECT_LT(c.state().tilt_degrees(), 1e-3f);
}

TEST(SloshTest, BadInputIsRejectedCountedAndHarmless) {
  LiquidContainer c(shape_of("cylinder"), SloshKnobs{});
  ASSERT_TRUE(c.update({}, 0.0));
  ASSERT_TRUE(c.update(push(0.3), 0.3));
  const shared::LiquidContainerGpu before = c.gpu();
  const float nan = std::nanf("");
  EXPECT_FALSE(c.update({glm::vec3(nan, 0, 0), glm::quat(1, 0, 0, 0)}, 0.01));
  EXPECT_FALSE(c.update({glm::vec3(0, INFINITY, 0), glm::quat(1, 0, 0, 0)}, 0.01));
  EXPECT_FALSE(c.update({glm::vec3(0), glm::quat(0, 0, 0, 0)}, 0.01));
  EXPECT_FALSE(c.update({glm::vec3(0), glm::quat(nan, 0, 0, 0)}, 0.01));
  EXPECT_FALSE(c.update(push(0.31), 0.0));
  EXPECT_FALSE(c.update(push(0.31), -0.01));
  EXPECT_FALSE(c.update(push(0.31), double(nan)));
  EXPECT_EQ(c.rejected_updates(), 7u);
  EXPECT_EQ(std::memcmp(&before, &c.gpu(), sizeof before), 0);
  EXPECT_TRUE(c.update(push(0.32), 0.02));
}

TEST(SloshTest, FillIsKeptExactlyAtAnyTilt) {
  SloshKnobs knobs;
  knobs.fill = 0.35f;
  LiquidContainer c(shape_of("bottle"), knobs);
  const Mesh& liquid = c.shape().liquid;
  const double total = volume_of(liquid).volume;
  const double dt = 1.0 / 60.0;
  for (int i = 0; i <= 240; ++i) {  // turned upside down over 4 s while moving
    const double t = i * dt;
    const Pose p{glm::vec3(float(0.2 * std::sin(t * 2.0)), float(0.1 * t), 0.0f),
                 glm::angleAxis(float(kPi * t / 4.0), glm::normalize(glm::vec3(0.3f, 0.0f, 1.0f)))};
    ASSERT_TRUE(c.update(p, i == 0 ? 0.0 : dt));
    // The world plane in container coordinates, and the liquid below it.
    const glm::mat3 to_local = glm::transpose(glm::mat3_cast(p.orientation));
    const glm::vec3 n = to_local * c.state().surface_normal;
    const double offset = c.state().plane_offset - glm::dot(c.state().surface_normal, p.position);
    const double below = slice_below(liquid, glm::dvec3(n), offset).volume;
    EXPECT_NEAR(below / total, 0.35, 0.005) << "t=" << t;
  }
}

TEST(SloshTest, EmptyAndFullContainers) {
  SloshKnobs knobs;
  knobs.fill = 1.0f;
  LiquidContainer full(shape_of("bottle"), knobs);
  knobs.fill = 0.0f;
  LiquidContainer empty(shape_of("bottle"), knobs);
  for (int i = 0; i <= 120; ++i) {
    const double t = i / 60.0;
    ASSERT_TRUE(full.update(push(t), i == 0 ? 0.0 : 1.0 / 60.0));
    ASSERT_TRUE(empty.update(push(t), i == 0 ? 0.0 : 1.0 / 60.0));
    EXPECT_EQ(full.state().tilt_degrees(), 0.0f);  // no free surface, no slosh
    EXPECT_TRUE(full.state().full);
    // The plane clears the top: every vertex of the liquid mesh is below the surface.
    for (const glm::vec3& v : full.shape().liquid.positions) {
      const glm::vec3 world = glm::vec3(full.gpu().model * glm::vec4(v, 1.0f));
      ASSERT_LT(shared::liquid_surface_distance(full.gpu(), world), 0.0f);
    }
    EXPECT_TRUE(empty.state().empty);
    EXPECT_GT(shared::liquid_surface_distance(empty.gpu(), glm::vec3(0.0f)), 1e5f);  // nothing is liquid
    EXPECT_EQ(empty.state().live_bubbles, 0);
  }
}

TEST(SloshTest, SpinRaisesAgitation) {
  LiquidContainer c(shape_of("cylinder"), SloshKnobs{});
  const double dt = 1.0 / 60.0;
  for (int i = 0; i <= 60; ++i)  // one turn a second about the vertical
    ASSERT_TRUE(c.update({glm::vec3(0.0f), glm::angleAxis(float(2 * kPi * i * dt), glm::vec3(0, 1, 0))}, i ? dt : 0.0));
  EXPECT_GT(c.state().agitation, 0.5f);
  EXPECT_LT(c.state().tilt_degrees(), 1e-3f);  // spinning about the centroid does not tilt the surface
}

// Shakes a bottle hard, then lets it rest; checks every bubble after every update.
void shake_and_check_bubbles(LiquidContainer& c, int* peak_live) {
  const Mesh& liquid = c.shape().liquid;
  const double dt = 1.0 / 60.0;
  for (int i = 0; i <= 300; ++i) {
    const double t = i * dt;
    const double shake = t < 2.0 ? 0.04 * std::sin(t * 40.0) : 0.0;
    const Pose p{glm::vec3(float(shake), 0.0f, float(0.5 * shake)),
                 glm::angleAxis(float(t < 2.0 ? 0.3 * std::sin(t * 9.0) : 0.0), glm::vec3(0, 1, 0))};
    ASSERT_TRUE(c.update(p, i ? dt : 0.0));
    *peak_live = std::max(*peak_live, c.state().live_bubbles);
    for (const Bubble& b : c.bubbles()) {
      if (!b.alive) continue;
      const glm::vec3 world = glm::vec3(c.gpu().model * glm::vec4(b.position, 1.0f));
      ASSERT_LT(shared::liquid_surface_distance(c.gpu(), world), 0.0f) << "bubble above the surface at t=" << t;
      ASSERT_TRUE(inside_mesh(liquid, b.position)) << "bubble outside the liquid mesh at t=" << t;
      ASSERT_GE(distance_to_mesh(liquid, b.position), 0.5f * b.radius) << "bubble through the wall at t=" << t;
    }
  }
}

TEST(SloshTest, BubblesStayInsideAndBelowTheSurface) {
  SloshKnobs knobs;
  knobs.fill = 0.6f;
  knobs.nucleation_rate = 20.0f;
  LiquidContainer c(shape_of("bottle"), knobs);
  int peak = 0;
  shake_and_check_bubbles(c, &peak);
  EXPECT_GT(peak, 10);
}

TEST(SloshTest, BubblesAreDeterministicForASeed) {
  SloshKnobs knobs;
  knobs.nucleation_rate = 15.0f;
  LiquidContainer a(shape_of("bottle"), knobs), b(shape_of("bottle"), knobs);
  knobs.seed = 2;
  LiquidContainer other(shape_of("bottle"), knobs);
  int peak = 0;
  shake_and_check_bubbles(a, &peak);
  shake_and_check_bubbles(b, &peak);
  shake_and_check_bubbles(other, &peak);
  bool differs = false;
  for (std::size_t i = 0; i < a.bubbles().size(); ++i) {
    EXPECT_EQ(a.bubbles()[i].alive, b.bubbles()[i].alive);
    EXPECT_EQ(a.bubbles()[i].position, b.bubbles()[i].position);
    differs = differs || a.bubbles()[i].position != other.bubbles()[i].position;
  }
  EXPECT_TRUE(differs);
}

TEST(SloshTest, WetFilmHoldsTheHighestLineAndDrains) {
  LiquidContainer c(shape_of("cylinder"), SloshKnobs{});
  const double dt = 1.0 / 60.0;
  float highest = 0.0f;
  for (int i = 0; i <= 60; ++i) {
    ASSERT_TRUE(c.update(push(i * dt), i ? dt : 0.0));
    highest = std::max(highest, c.gpu().film.y);  // -x wall: the liquid piles up behind the push
  }
  EXPECT_GT(highest, 0.003f);
  for (int i = 0; i < 600; ++i) ASSERT_TRUE(c.update(push(1.0), dt));
  EXPECT_NEAR(c.gpu().film.y, 0.0f, 1e-4f);  // drained back to the (level) live line
}

TEST(SloshTest, MotionCsvReportsAndSkipsBadRows) {
  const Motion m = parse_motion_csv(
      "t,px,py,pz,qx,qy,qz,qw\n"
      "0,0,0,0,0,0,0,1\n"
      "0.1,0,0,0,0,0,0,1\n"
      "0.2,0,nan,0,0,0,0,1\n"
      "0.3,0,0,0,0,0,0\n"
      "0.25,1,0,0,0,0,0,1\n"
      "0.05,1,0,0,0,0,0,1\n"
      "0.4,0,0,0,0,0,0,0\n"
      "0.5,x,0,0,0,0,0,1\n",
      "m.csv");
  ASSERT_EQ(m.samples.size(), 3u);
  EXPECT_EQ(m.samples[2].time, 0.25);
  ASSERT_EQ(m.skipped.size(), 5u);
  EXPECT_EQ(m.skipped[0], "m.csv:4: py is NaN or infinite");
  EXPECT_EQ(m.skipped[1], "m.csv:5: expected 8 fields t,px,py,pz,qx,qy,qz,qw, got 7");
  EXPECT_EQ(m.skipped[2], "m.csv:7: time does not increase (0.05 after 0.25)");
  EXPECT_EQ(m.skipped[3], "m.csv:8: quaternion is not of unit length");
  EXPECT_EQ(m.skipped[4], "m.csv:9: a field is not a number");
}

TEST(MotionTest, SpreadsheetFilesAndExtremeRowsGetTheRightDiagnosis) {
  std::string wide = "1";
  for (int i = 1; i < 100; ++i) wide += ",0";
  const Motion m = parse_motion_csv(
      "\xEF\xBB\xBFt,px,py,pz,qx,qy,qz,qw\r\n"
      "0,0,0,0,0,0,0,1\r\n"
      "0.1,1e39,0,0,0,0,0,1\n" +
          wide + "\n",
      "s.csv");
  ASSERT_EQ(m.samples.size(), 1u);  // the header with a byte-order mark is still a header
  ASSERT_EQ(m.skipped.size(), 2u);
  EXPECT_EQ(m.skipped[0], "s.csv:3: px is too large");
  EXPECT_EQ(m.skipped[1], "s.csv:4: expected 8 fields t,px,py,pz,qx,qy,qz,qw, got 100");
}

}  // namespace
}  // namespace lfx

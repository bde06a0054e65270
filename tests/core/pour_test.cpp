// A container pouring into particles: its opening found on the glass, the jet's flow against
// Torricelli's, and every drop accounted for (what the container loses is what the particles
// gain, whole particles, never below empty, nothing once the opening rises above the liquid).
#include <gtest/gtest.h>

#include <cmath>
#include <glm/geometric.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>
#include <numbers>

#include "liquidfx/core/container/shapes.h"
#include "liquidfx/core/container/volume.h"
#include "liquidfx/core/particles/container_pour.h"
#include "liquidfx/core/particles/particles_driver.h"

namespace lfx {
namespace {

// The wine bottle's shape, baked once (its fill table takes a while in a debug build).
std::shared_ptr<const ContainerShape> wine_bottle() {
  static const std::shared_ptr<const ContainerShape> shape = [] {
    auto s = ContainerShape::create_named("wine_bottle", 0.94f);
    EXPECT_TRUE(s) << s.error().message;
    return s ? *s : nullptr;
  }();
  return shape;
}

// A container turned by `degrees` about z, its base at the origin.
Pose tilted(float degrees) {
  return {glm::vec3(0.0f), glm::angleAxis(glm::radians(degrees), glm::vec3(0.0f, 0.0f, 1.0f))};
}

TEST(PourTest, TheOpeningIsTheGlassesRimAndAClosedGlassHasNone) {
  struct Case {
    const char* shape;
    float rim_y, rim_radius;
  };
  for (const Case c : {Case{"mug", 0.095f, 0.041f}, Case{"wine_bottle", 0.305f, 0.0142f}, Case{"flask", 0.18f, 0.018f},
                       Case{"wine_glass", 0.199f, 0.0375f}}) {
    auto parts = make_shape_parts(c.shape);
    ASSERT_TRUE(parts);
    const auto opening = find_opening(parts->glass);
    ASSERT_TRUE(opening) << c.shape;
    EXPECT_NEAR(opening->center.y, c.rim_y, 1e-5f) << c.shape;
    EXPECT_NEAR(glm::length(glm::vec2(opening->center.x, opening->center.z)), 0.0f, 1e-5f) << c.shape;
    EXPECT_NEAR(opening->normal.y, 1.0f, 1e-5f) << c.shape;
    // A 48-gon's area is 0.3 % under its circle's.
    EXPECT_NEAR(opening->radius, c.rim_radius, 0.003f * c.rim_radius) << c.shape;
    // Turned upside down and moved, the opening follows.
    const glm::mat4 m =
        glm::rotate(glm::translate(glm::mat4(1.0f), glm::vec3(1, 2, 3)), std::numbers::pi_v<float>, glm::vec3(1, 0, 0));
    const auto turned = find_opening(transformed(parts->glass, m));
    ASSERT_TRUE(turned);
    EXPECT_NEAR(turned->normal.y, -1.0f, 1e-5f) << c.shape;
    EXPECT_NEAR(turned->center.y, 2.0f - c.rim_y, 1e-5f) << c.shape;
  }
  for (const char* closed : {"bottle", "box", "jar", "square_bottle"}) {
    auto parts = make_shape_parts(closed);
    ASSERT_TRUE(parts);
    EXPECT_FALSE(find_opening(parts->glass)) << closed;
  }
}

TEST(PourTest, UpsideDownTheFlowIsTorricellisThroughHalfTheOpening) {
  const auto shape = wine_bottle();
  LiquidContainer c(shape, SloshKnobs{});
  ASSERT_TRUE(c.update(tilted(180.0f), 0.0));
  const ContainerOpening& o = *shape->opening;
  const auto jet = pour_jet(c, o);
  ASSERT_TRUE(jet);
  // The opening faces straight down: every point of it is at the same depth, and the liquid
  // leaves through half of it (air comes in through the other half).
  const glm::vec3 rim = tilted(180.0f).orientation * o.center;
  const double head = c.state().plane_offset - rim.y;
  ASSERT_GT(head, 0.1);
  const double expected =
      kDischargeCoefficient * 0.5 * std::numbers::pi * double(o.radius) * o.radius * std::sqrt(2.0 * kGravity * head);
  EXPECT_NEAR(jet->rate, expected, 1e-3 * expected);
  EXPECT_NEAR(jet->speed, std::sqrt(2.0 * kGravity * head), 1e-3);
  EXPECT_NEAR(jet->direction.y, -1.0f, 1e-5f);
  // It leaves from the deeper half's centroid, 4 r / (3 pi) from the centre.
  EXPECT_NEAR(glm::length(jet->position - rim), 4.0f * o.radius / (3.0f * std::numbers::pi_v<float>), 2e-4f);
}

TEST(PourTest, NothingLeavesWhileTheOpeningIsAboveTheLiquid) {
  const auto shape = wine_bottle();
  SloshKnobs knobs;
  knobs.fill = 0.5f;
  for (const float degrees : {0.0f, 30.0f, 60.0f, 110.0f}) {
    LiquidContainer c(shape, knobs);
    ASSERT_TRUE(c.update(tilted(degrees), 0.0));
    // Past the horizontal the neck is under the liquid.
    EXPECT_EQ(pour_jet(c, *shape->opening).has_value(), degrees > 90.0f) << degrees;
  }
  // In free fall nothing pushes it out.
  LiquidContainer falling(shape, knobs);
  Pose p = tilted(110.0f);
  ASSERT_TRUE(falling.update(p, 0.0));
  for (int f = 1; f <= 3; ++f) {
    p.position.y = -0.5f * float(kGravity) * std::pow(float(f) / 60.0f, 2.0f);
    ASSERT_TRUE(falling.update(p, 1.0 / 60.0));
  }
  EXPECT_FALSE(pour_jet(falling, *shape->opening));
}

struct Pouring {
  std::shared_ptr<const ContainerShape> shape = wine_bottle();
  LiquidContainer container;
  std::shared_ptr<ContainerPour> pour;
  ParticlesKnobs knobs;
  std::optional<ParticlesDriver> driver;
  std::uint64_t emitted = 0;

  Pouring(float fill, int capacity)
      : container(shape, [fill] {
          SloshKnobs k;
          k.fill = fill;
          return k;
        }()) {
    pour = std::make_shared<ContainerPour>([this] { return &container; }, *shape->opening);
    knobs.count = capacity;
    ParticlesSetup s;
    s.domain = {{-0.6f, -0.6f, -0.3f}, {0.6f, 0.6f, 0.3f}};
    s.spacing = 0.004f;
    s.inflows.push_back(pour);
    auto d = ParticlesDriver::create(knobs, std::move(s));
    EXPECT_TRUE(d) << d.error().message;
    driver.emplace(std::move(d.value()));
    driver->take_work();
  }
  double particle_volume() const { return std::pow(double(driver->spacing()), 3.0); }
  // One frame: the container's pose, then the particles' steps.
  void frame(const Pose& pose, double dt) {
    container.update(pose, dt);
    driver->advance(dt);
    emitted += driver->take_work().emitted.size();
  }
};

TEST(PourTest, WhatTheContainerLosesIsExactlyWhatTheParticlesGain) {
  Pouring p(0.6f, 1 << 20);
  EXPECT_FALSE(p.driver->inflow_absorption());
  const double start = p.container.liquid_volume_m3();
  double lowest = start;
  bool poured = false;
  // Tipped over in a second, held, then stood up again.
  for (int f = 0; f < 150; ++f) {
    const float degrees =
        f < 30 ? 4.5f * float(f) : (f < 120 ? 135.0f : std::max(0.0f, 135.0f - 9.0f * float(f - 120)));
    p.frame(tilted(degrees), 1.0 / 30.0);
    const double now = p.container.liquid_volume_m3();
    ASSERT_GE(now, 0.0);
    ASSERT_LE(now, lowest + 1e-15) << "the fill rose without inflow at frame " << f;
    lowest = now;
    poured = poured || p.pour->pouring();
    ASSERT_NEAR(now + double(p.emitted) * p.particle_volume(), start, 1e-12 * start) << "frame " << f;
  }
  EXPECT_TRUE(poured);
  EXPECT_GT(p.emitted, 1000u);
  EXPECT_NEAR(p.pour->poured_m3(), double(p.emitted) * p.particle_volume(), 1e-12 * start);
  // The particles hand on the absorption of the liquid they came from.
  ASSERT_TRUE(p.driver->inflow_absorption());
  EXPECT_NEAR(glm::length(*p.driver->inflow_absorption() - p.container.knobs().absorption), 0.0f, 1e-4f);
  // Standing again, nothing more leaves.
  const std::uint64_t after = p.emitted;
  for (int f = 0; f < 30; ++f) p.frame(tilted(0.0f), 1.0 / 30.0);
  EXPECT_EQ(p.emitted, after);
  EXPECT_FALSE(p.pour->pouring());
}

TEST(PourTest, HeldOverTheContainerEmptiesToItsRimAndNoFurther) {
  // Lying with its neck 10 degrees above the horizontal, it trickles (a wide surface falling
  // over a small opening) until surface tension holds the rest.
  Pouring p(0.85f, 1 << 20);
  const double start = p.container.liquid_volume_m3();
  for (int f = 0; f < 3600 && (f < 2 || p.pour->pouring()); ++f) p.frame(tilted(80.0f), 1.0 / 30.0);
  ASSERT_FALSE(p.pour->pouring()) << "still pouring after 2 minutes";
  const double left = p.container.liquid_volume_m3();
  EXPECT_GT(left, 0.5 * start);  // the body keeps what lies below the lip
  EXPECT_LT(left, 0.99 * start);
  EXPECT_NEAR(left + double(p.emitted) * p.particle_volume(), start, 1e-12 * start);
  // The surface stands at the rim's lowest point, and above it by what surface tension holds.
  const ContainerOpening& o = *p.shape->opening;
  const Pose pose = tilted(80.0f);
  const glm::vec3 center = pose.orientation * o.center, normal = pose.orientation * o.normal;
  const glm::vec3 up = p.container.state().surface_normal;
  const float lowest_rim = glm::dot(up, center) - o.radius * glm::length(up - glm::dot(up, normal) * normal);
  EXPECT_GT(p.container.state().plane_offset, lowest_rim);
  EXPECT_LT(p.container.state().plane_offset, lowest_rim + float(kHeldByTension) + p.driver->spacing());
}

TEST(PourTest, AFullSolverTakesNoMoreThanItHasRoomFor) {
  Pouring p(0.6f, 500);
  const double start = p.container.liquid_volume_m3();
  for (int f = 0; f < 60; ++f) p.frame(tilted(150.0f), 1.0 / 30.0);
  EXPECT_EQ(p.emitted, 500u);
  EXPECT_NEAR(p.container.liquid_volume_m3(), start - 500.0 * p.particle_volume(), 1e-12 * start);
}

TEST(PourTest, LiquidPouredInMixesItsColourAndAbsorptionByVolume) {
  SloshKnobs knobs;
  knobs.fill = 0.25f;
  knobs.color = glm::vec3(1.0f, 0.0f, 0.0f);
  knobs.absorption = glm::vec3(10.0f, 20.0f, 30.0f);
  LiquidContainer c(wine_bottle(), knobs);
  ASSERT_TRUE(c.update(tilted(0.0f), 0.0));
  // As much blue as there is red: half and half. Then a third as much again of green.
  const double red = c.liquid_volume_m3();
  // The blue absorbs 30, 40, 50 per metre; the green has no absorption of its own and keeps it.
  EXPECT_DOUBLE_EQ(c.exchange_liquid(red, glm::vec3(0.0f, 0.0f, 1.0f), glm::vec3(30.0f, 40.0f, 50.0f)), red);
  EXPECT_NEAR(glm::length(c.knobs().color - glm::vec3(0.5f, 0.0f, 0.5f)), 0.0f, 1e-6f);
  EXPECT_NEAR(glm::length(c.knobs().absorption - glm::vec3(20.0f, 30.0f, 40.0f)), 0.0f, 1e-4f);
  EXPECT_NEAR(c.exchange_liquid(red, glm::vec3(0.0f, 1.0f, 0.0f)), red, 1e-15);
  EXPECT_NEAR(glm::length(c.knobs().color - glm::vec3(1.0f, 1.0f, 1.0f) / 3.0f), 0.0f, 1e-6f);
  EXPECT_NEAR(glm::length(c.knobs().absorption - glm::vec3(20.0f, 30.0f, 40.0f)), 0.0f, 1e-4f);
  EXPECT_EQ(c.gpu().absorption.x, c.knobs().absorption.x);
  // Taking liquid out leaves the colour; so do knobs given again unchanged (a damping change).
  c.exchange_liquid(-0.5 * red);
  knobs.damping = 0.5f;
  c.set_knobs(knobs);
  EXPECT_NEAR(glm::length(c.knobs().color - glm::vec3(1.0f, 1.0f, 1.0f) / 3.0f), 0.0f, 1e-6f);
  EXPECT_NEAR(glm::length(c.knobs().absorption - glm::vec3(20.0f, 30.0f, 40.0f)), 0.0f, 1e-4f);
  EXPECT_NEAR(c.liquid_volume_m3(), 2.5 * red, 1e-15);
  // A new colour or fill is the user's: it replaces what was mixed or poured.
  knobs.color = glm::vec3(0.0f, 1.0f, 1.0f);
  knobs.absorption = glm::vec3(1.0f);
  knobs.fill = 0.5f;
  c.set_knobs(knobs);
  EXPECT_EQ(c.knobs().color, knobs.color);
  EXPECT_EQ(c.knobs().absorption, knobs.absorption);
  EXPECT_NEAR(c.liquid_volume_m3(), 2.0 * red, 1e-12);
  // More than it holds: the rest is refused, and said so.
  EXPECT_NEAR(c.exchange_liquid(10.0 * c.capacity_m3()), c.capacity_m3() - 2.0 * red, 1e-12);
  EXPECT_NEAR(c.exchange_liquid(-10.0 * c.capacity_m3()), -c.capacity_m3(), 1e-12);
  EXPECT_EQ(c.liquid_volume_m3(), 0.0);
  EXPECT_TRUE(c.state().empty);
}

// The liquid of `c` below its layer's interface plane (m^3), clipped from its liquid mesh.
double liquid_under_interface(const LiquidContainer& c) {
  const shared::LiquidContainerGpu& g = c.gpu();
  const glm::dvec3 normal(g.plane.x, g.plane.y, g.plane.z);
  const glm::dmat3 to_local = glm::transpose(glm::dmat3(glm::mat3_cast(c.pose().orientation)));
  const double offset = double(g.layer.w) - glm::dot(normal, glm::dvec3(c.pose().position));
  return slice_below(c.shape().liquid, to_local * normal, offset).volume;
}

TEST(PourTest, ImmiscibleLiquidKeepsALayerThatFloatsOrSinks) {
  const glm::vec3 red(1.0f, 0.0f, 0.0f), blue(0.0f, 0.0f, 1.0f), green(0.0f, 1.0f, 0.0f);
  for (const PouredLiquid poured : {PouredLiquid::floats, PouredLiquid::sinks}) {
    SCOPED_TRACE(poured == PouredLiquid::floats ? "floats" : "sinks");
    SloshKnobs knobs;
    knobs.fill = 0.3f;
    knobs.color = red;
    knobs.poured_liquid = poured;
    LiquidContainer c(wine_bottle(), knobs);
    ASSERT_TRUE(c.update(tilted(0.0f), 0.0));
    const double own = c.liquid_volume_m3(), capacity = c.capacity_m3();
    EXPECT_EQ(c.layer_volume_m3(), 0.0);
    EXPECT_EQ(c.gpu().optics.w, 0.0f);  // no layer to draw
    // Blue and then as much green poured in: one layer of their mix; the own liquid keeps its colour.
    EXPECT_NEAR(c.exchange_liquid(0.1 * capacity, blue), 0.1 * capacity, 1e-15);
    EXPECT_NEAR(c.exchange_liquid(0.1 * capacity, green), 0.1 * capacity, 1e-15);
    EXPECT_NEAR(c.layer_volume_m3(), 0.2 * capacity, 1e-15);
    EXPECT_NEAR(glm::length(c.layer_color() - glm::vec3(0.0f, 0.5f, 0.5f)), 0.0f, 1e-6f);
    EXPECT_EQ(c.knobs().color, red);
    EXPECT_NEAR(c.liquid_volume_m3(), own + 0.2 * capacity, 1e-15);
    // Drawn: the layer lies on its side of an interface under which the right volume lies, at
    // any tilt (the fill table's accuracy, half a percent of the capacity).
    for (const float degrees : {0.0f, 35.0f, 100.0f}) {
      ASSERT_TRUE(c.update(tilted(degrees), 1.0 / 60.0));
      const double under = poured == PouredLiquid::floats ? own : 0.2 * capacity;
      EXPECT_NEAR(liquid_under_interface(c), under, 0.005 * capacity) << degrees;
      EXPECT_EQ(c.gpu().optics.w, poured == PouredLiquid::floats ? 1.0f : -1.0f);
      EXPECT_EQ(glm::vec3(c.gpu().layer), c.layer_color());
    }
    // What pours out is the liquid on top: a floating layer first, a sunk one last.
    EXPECT_EQ(c.outflow_color(), poured == PouredLiquid::floats ? c.layer_color() : red);
    EXPECT_EQ(c.outflow_absorption().has_value(), poured == PouredLiquid::sinks);  // a layer has only a colour
    c.exchange_liquid(-0.15 * capacity);
    EXPECT_NEAR(c.layer_volume_m3(), poured == PouredLiquid::floats ? 0.05 * capacity : 0.2 * capacity, 1e-15);
    c.exchange_liquid(-own);
    EXPECT_NEAR(c.layer_volume_m3(), poured == PouredLiquid::floats ? 0.0 : 0.05 * capacity, 1e-15);
    EXPECT_EQ(c.outflow_color(), poured == PouredLiquid::floats ? red : c.layer_color());
  }
}

TEST(PourTest, ALayerMadeMiscibleMixesAndANewFillHasNone) {
  SloshKnobs knobs;
  knobs.fill = 0.3f;
  knobs.color = glm::vec3(1.0f, 0.0f, 0.0f);
  knobs.poured_liquid = PouredLiquid::floats;
  LiquidContainer c(wine_bottle(), knobs);
  ASSERT_TRUE(c.update(tilted(0.0f), 0.0));
  c.exchange_liquid(c.liquid_volume_m3(), glm::vec3(0.0f, 0.0f, 1.0f));
  // Sinking instead keeps the layer; mixing stirs it in by volume, half and half.
  knobs.poured_liquid = PouredLiquid::sinks;
  c.set_knobs(knobs);
  EXPECT_GT(c.layer_volume_m3(), 0.0);
  knobs.poured_liquid = PouredLiquid::mixes;
  c.set_knobs(knobs);
  EXPECT_EQ(c.layer_volume_m3(), 0.0);
  EXPECT_NEAR(glm::length(c.knobs().color - glm::vec3(0.5f, 0.0f, 0.5f)), 0.0f, 1e-6f);
  EXPECT_EQ(c.gpu().optics.w, 0.0f);
  // A new fill is one liquid again.
  knobs.poured_liquid = PouredLiquid::floats;
  c.set_knobs(knobs);
  c.exchange_liquid(0.01 * c.capacity_m3(), glm::vec3(0.0f, 1.0f, 0.0f));
  knobs.fill = 0.5f;
  c.set_knobs(knobs);
  EXPECT_EQ(c.layer_volume_m3(), 0.0);
  EXPECT_NEAR(c.liquid_volume_m3(), 0.5 * c.capacity_m3(), 1e-15);
}

}  // namespace
}  // namespace lfx

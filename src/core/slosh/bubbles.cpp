#include "liquidfx/core/slosh/bubbles.h"

#include <algorithm>
#include <cmath>
#include <glm/common.hpp>
#include <glm/geometric.hpp>

namespace lfx {
namespace {

constexpr int kSpawnAttempts = 24;

// Two unit vectors completing `up` to an orthonormal frame (stable as up turns slowly).
void side_axes(const glm::vec3& up, glm::vec3* a, glm::vec3* b) {
  const glm::vec3 helper = std::abs(up.x) < 0.9f ? glm::vec3(1, 0, 0) : glm::vec3(0, 0, 1);
  *a = glm::normalize(glm::cross(up, helper));
  *b = glm::cross(up, *a);
}

}  // namespace

BubblePool::BubblePool(int capacity, std::uint64_t seed)
    : bubbles_(std::size_t(std::max(0, capacity))), motion_(bubbles_.size()), rng_(seed * 0x9e3779b97f4a7c15ull + 1) {}

float BubblePool::next_uniform() {
  // SplitMix64: small, fast and the same on every platform.
  rng_ += 0x9e3779b97f4a7c15ull;
  std::uint64_t z = rng_;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  z ^= z >> 31;
  return float(z >> 40) / float(1ull << 24);
}

void BubblePool::clear() {
  for (Bubble& b : bubbles_) b.alive = false;
  spawn_budget_ = 0.0;
}

int BubblePool::live() const {
  return int(std::count_if(bubbles_.begin(), bubbles_.end(), [](const Bubble& b) { return b.alive; }));
}

bool BubblePool::spawn(const BubbleEnvironment& env, const SloshKnobs& knobs, bool at_bottom) {
  auto slot = std::find_if(bubbles_.begin(), bubbles_.end(), [](const Bubble& b) { return !b.alive; });
  if (slot == bubbles_.end()) return false;
  // Fizz is small; stirred-in bubbles span the whole size range.
  const float size_mix = at_bottom ? 0.3f * next_uniform() : next_uniform();
  const float radius = glm::mix(knobs.bubble_min_radius, knobs.bubble_max_radius, size_mix);
  const float depth = env.liquid_top - env.liquid_bottom;
  for (int attempt = 0; attempt < kSpawnAttempts; ++attempt) {
    glm::vec3 p =
        env.bounds_min + (env.bounds_max - env.bounds_min) * glm::vec3(next_uniform(), next_uniform(), next_uniform());
    // Fizz starts at the bottom: move the point into the lowest 15% of the liquid's depth.
    if (at_bottom) p += env.up * (env.liquid_bottom + 0.15f * depth * next_uniform() - glm::dot(env.up, p));
    if (env.inside.distance(p) > -(radius + env.inside.cell_size())) continue;
    if (env.surface_distance(p) > -2.0f * radius) continue;
    const std::size_t i = std::size_t(slot - bubbles_.begin());
    *slot = {p, 0.0f, radius, 0.0f, true};
    motion_[i] = {p,
                  0.0f,
                  {6.2832f * next_uniform(), 6.2832f * next_uniform()},
                  {2.0f + 2.5f * next_uniform(), 2.3f + 2.9f * next_uniform()}};
    return true;
  }
  return false;
}

void BubblePool::update(const BubbleEnvironment& env, const SloshKnobs& knobs, double dt) {
  if (bubbles_.empty()) return;
  const float step = float(dt);
  glm::vec3 side_a, side_b;
  side_axes(env.up, &side_a, &side_b);

  for (std::size_t i = 0; i < bubbles_.size(); ++i) {
    Bubble& b = bubbles_[i];
    if (!b.alive) continue;
    Motion& m = motion_[i];
    b.age += step;
    const float grown = knobs.bubble_growth > 0.0f ? std::min(1.0f, b.age / knobs.bubble_growth) : 1.0f;
    b.radius = b.full_radius * (1.0f - (1.0f - grown) * (1.0f - grown) * (1.0f - grown));
    // Larger bubbles rise faster; buoyancy vanishes in free fall.
    const float size_mix = knobs.bubble_max_radius > knobs.bubble_min_radius
                               ? glm::clamp((b.full_radius - knobs.bubble_min_radius) /
                                                (knobs.bubble_max_radius - knobs.bubble_min_radius),
                                            0.0f, 1.0f)
                               : 1.0f;
    const float terminal = knobs.bubble_rise * glm::mix(0.35f, 1.0f, size_mix) * env.buoyancy;
    const float accelerate = 6.0f * knobs.bubble_rise * env.buoyancy;  // reaches terminal speed in ~1/6 s
    m.speed = m.speed < terminal ? std::min(terminal, m.speed + accelerate * step) : terminal;

    glm::vec3 base = m.base + env.up * (m.speed * step);
    if (env.inside.distance(base) > -b.radius) {
      // Against a wall (under a bottle's shoulder): slide along it instead.
      const glm::vec3 wall = env.inside.outward_normal(m.base);
      const glm::vec3 along = env.up - wall * glm::dot(env.up, wall);
      base = m.base + along * (m.speed * step);
    }
    const float wander = knobs.bubble_drift * grown;
    const glm::vec3 drift =
        wander * (side_a * std::sin(m.phase.x + m.rate.x * b.age) + side_b * std::sin(m.phase.y + m.rate.y * b.age));
    const glm::vec3 position = base + drift;
    if (env.inside.distance(position) > -b.radius || env.surface_distance(position) > -b.radius) {
      b.alive = false;  // reached the surface, or squeezed out against a wall
      continue;
    }
    m.base = base;
    b.position = position;
  }

  // Spawning: stirred-in bubbles above the agitation threshold, fizz from the bottom.
  const float stir = knobs.bubble_threshold < 1.0f
                         ? std::max(0.0f, env.agitation - knobs.bubble_threshold) / (1.0f - knobs.bubble_threshold)
                         : 0.0f;
  spawn_budget_ += dt * (double(knobs.bubble_rate) * stir + double(knobs.nucleation_rate));
  const double fizz_share =
      knobs.nucleation_rate / std::max(1e-9, double(knobs.bubble_rate) * stir + knobs.nucleation_rate);
  while (spawn_budget_ >= 1.0) {
    spawn_budget_ -= 1.0;
    if (!spawn(env, knobs, next_uniform() < fizz_share)) break;
  }
  spawn_budget_ = std::min(spawn_budget_, 1.0);  // a full pool does not bank bubbles for later
}

}  // namespace lfx

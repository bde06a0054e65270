#include "bottle_hand.h"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>

namespace lfx::scene {
namespace {

constexpr float kGravity = 9.81f;                          // m/s^2
constexpr float kTiltPerNotch = 8.0f * 3.14159265f / 180;  // radians
constexpr double kThrowWindow = 0.06;                      // s of pointer motion a throw's speed is taken over
constexpr float kSlowest = 0.05f;                          // m/s: slower is put down, not thrown
constexpr float kSlide = 8.0f;                             // 1/s: how fast a landed container stops
constexpr float kRighting = 6.0f;                          // 1/s: how fast it stands up again
constexpr float kStep = 1.0f / 240.0f;                     // s: flight sub-step

}  // namespace

void BottleHand::grab(std::size_t index, const Pose& pose, const Ray& ray, float distance, float rest_height,
                      const glm::quat& upright, double time) {
  const bool first = handled_.find(index) == handled_.end();
  Handled& h = handled_[index];
  h.pose = pose;
  h.velocity = glm::vec3(0.0f);
  h.phase = Phase::held;
  if (first) {
    h.rest_height = rest_height;
    h.upright = upright;
  }
  held_ = index;
  plane_point_ = ray.origin + distance * ray.direction;
  // A vertical plane facing the camera; looking straight down, the plane across the view.
  glm::vec3 n(-ray.direction.x, 0.0f, -ray.direction.z);
  plane_normal_ = glm::length(n) > 0.1f ? glm::normalize(n) : -ray.direction;
  offset_ = pose.position - plane_point_;
  trail_.assign(1, {time, pose.position});
}

void BottleHand::drag(const Ray& ray, double time) {
  if (!held_) return;
  const float facing = glm::dot(ray.direction, plane_normal_);
  if (std::abs(facing) < 1e-4f) return;  // along the plane: no point to follow
  const float t = glm::dot(plane_point_ - ray.origin, plane_normal_) / facing;
  if (!(t > 0.0f) || !std::isfinite(t)) return;
  Handled& h = handled_[*held_];
  glm::vec3 at = ray.origin + t * ray.direction + offset_;
  at.y = std::max(at.y, h.rest_height);  // not through the floor it stood on
  h.pose.position = at;
  if (!trail_.empty() && trail_.back().first == time)
    trail_.back().second = at;
  else
    trail_.emplace_back(time, at);
  while (trail_.size() > 2 && trail_[1].first <= time - kThrowWindow) trail_.pop_front();
}

void BottleHand::tilt(float notches) {
  if (!held_) return;
  Handled& h = handled_[*held_];
  h.pose.orientation = glm::normalize(glm::angleAxis(notches * kTiltPerNotch, plane_normal_) * h.pose.orientation);
}

void BottleHand::release(double time) {
  if (!held_) return;
  Handled& h = handled_[*held_];
  glm::vec3 velocity(0.0f);
  if (trail_.size() >= 2) {
    const auto& [t0, p0] = trail_.front();
    const auto& [t1, p1] = trail_.back();
    if (t1 > t0 && time - t1 < kThrowWindow) velocity = (p1 - p0) / float(t1 - t0);
  }
  h.velocity = glm::length(velocity) >= kSlowest ? velocity : glm::vec3(0.0f);
  h.phase = Phase::flying;  // at rest: it drops to where it stood
  held_.reset();
  trail_.clear();
}

void BottleHand::advance(double dt) {
  for (auto& [index, h] : handled_) {
    if (h.phase == Phase::held || h.phase == Phase::resting) continue;
    const int steps = std::max(1, int(std::ceil(float(dt) / kStep)));
    const float step = float(dt) / float(steps);
    for (int s = 0; s < steps; ++s) {
      if (h.phase == Phase::flying) {
        h.velocity.y -= kGravity * step;
        h.pose.position += h.velocity * step;
        if (h.pose.position.y <= h.rest_height) {  // landed: the fall stops, the slide begins
          h.pose.position.y = h.rest_height;
          h.velocity.y = 0.0f;
          h.phase = Phase::settling;
        }
      } else {
        h.velocity *= std::exp(-kSlide * step);
        h.pose.position += h.velocity * step;
        h.pose.orientation = glm::slerp(h.pose.orientation, h.upright, 1.0f - std::exp(-kRighting * step));
        const float off_upright = 1.0f - std::abs(glm::dot(h.pose.orientation, h.upright));
        if (glm::length(h.velocity) < 1e-3f && off_upright < 1e-6f) {
          h.pose.orientation = h.upright;
          h.phase = Phase::resting;
        }
      }
    }
  }
}

std::optional<Pose> BottleHand::pose_of(std::size_t index) const {
  const auto found = handled_.find(index);
  if (found == handled_.end()) return std::nullopt;
  return found->second.pose;
}

int BottleHand::in_hand() const {
  int count = 0;
  for (const auto& [index, h] : handled_) count += h.phase == Phase::held || h.phase == Phase::flying ? 1 : 0;
  return count;
}

void BottleHand::clear() {
  handled_.clear();
  held_.reset();
  trail_.clear();
}

}  // namespace lfx::scene

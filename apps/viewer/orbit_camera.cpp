#include "orbit_camera.h"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>

namespace lfx::viewer {
namespace {

constexpr float kRadiansPerPixel = 0.3f * 3.14159265f / 180.0f;
constexpr float kMostPitch = 89.0f * 3.14159265f / 180.0f;

}  // namespace

void OrbitCamera::reset(const Camera& home) {
  home_ = home;
  target_ = home.target;
  const glm::vec3 offset = home.position - home.target;
  distance_ = std::max(glm::length(offset), 1e-3f);
  yaw_ = std::atan2(offset.x, offset.z);
  pitch_ = std::asin(std::clamp(offset.y / distance_, -1.0f, 1.0f));
}

void OrbitCamera::orbit(glm::vec2 pixels) {
  yaw_ -= pixels.x * kRadiansPerPixel;
  pitch_ = std::clamp(pitch_ + pixels.y * kRadiansPerPixel, -kMostPitch, kMostPitch);
}

void OrbitCamera::pan(glm::vec2 pixels, float view_height) {
  const Camera c = camera();
  const glm::vec3 forward = glm::normalize(c.target - c.position);
  const glm::vec3 right = glm::normalize(glm::cross(forward, glm::vec3(0.0f, 1.0f, 0.0f)));
  const glm::vec3 up = glm::cross(right, forward);
  // The height the view spans at the target's distance, over the view's pixels.
  const float metres_per_pixel =
      2.0f * distance_ * std::tan(0.5f * c.fov_y_degrees * 3.14159265f / 180.0f) / std::max(view_height, 1.0f);
  target_ += (-pixels.x * right + pixels.y * up) * metres_per_pixel;
}

void OrbitCamera::zoom(float notches) {
  distance_ = std::clamp(distance_ * std::pow(0.9f, notches), 0.02f, 500.0f);
}

Camera OrbitCamera::camera() const {
  Camera c = home_;
  c.target = target_;
  c.position = target_ + distance_ * glm::vec3(std::cos(pitch_) * std::sin(yaw_), std::sin(pitch_),
                                               std::cos(pitch_) * std::cos(yaw_));
  c.up = glm::vec3(0.0f, 1.0f, 0.0f);
  return c;
}

}  // namespace lfx::viewer

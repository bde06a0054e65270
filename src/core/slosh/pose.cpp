#include "liquidfx/core/slosh/pose.h"

#include <cmath>

#include <glm/ext/matrix_transform.hpp>

namespace lfx {

glm::mat4 Pose::matrix() const {
  return glm::translate(glm::mat4(1.0f), position) * glm::mat4_cast(glm::normalize(orientation));
}

bool Pose::valid() const {
  for (int i = 0; i < 3; ++i)
    if (!std::isfinite(position[i])) return false;
  for (int i = 0; i < 4; ++i)
    if (!std::isfinite(orientation[i])) return false;
  const float length = glm::length(orientation);
  return length > 0.5f && length < 2.0f;
}

}  // namespace lfx

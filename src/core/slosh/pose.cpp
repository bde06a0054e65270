#include "liquidfx/core/slosh/pose.h"

#include <glm/ext/matrix_transform.hpp>

namespace lfx {

glm::mat4 Pose::matrix() const {
  return glm::translate(glm::mat4(1.0f), position) * glm::mat4_cast(glm::normalize(orientation));
}

}  // namespace lfx

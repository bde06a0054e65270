// Where a container is: position (metres, world, y up) and orientation.
#pragma once

#include <glm/gtc/quaternion.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

namespace lfx {

struct Pose {
  glm::vec3 position{0.0f};
  glm::quat orientation{1.0f, 0.0f, 0.0f, 0.0f};  ///< Unit quaternion (w, x, y, z).

  /// Container (mesh) coordinates -> world.
  glm::mat4 matrix() const;
  /// Whether every component is finite and the quaternion has a usable length.
  bool valid() const {
    const float l2 = orientation.w * orientation.w + orientation.x * orientation.x + orientation.y * orientation.y +
                     orientation.z * orientation.z;
    // NaN fails every comparison; an infinite component makes l2 infinite or NaN.
    const float p = position.x + position.y + position.z;
    return l2 > 0.25f && l2 < 4.0f && p - p == 0.0f;
  }
};

}  // namespace lfx

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
  bool valid() const;
};

}  // namespace lfx

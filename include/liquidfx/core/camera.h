// A perspective look-at camera. World units are metres, y is up.
#pragma once

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

namespace lfx {

struct Camera {
  glm::vec3 position{0.0f, 1.2f, 3.0f};  ///< Eye, metres.
  glm::vec3 target{0.0f, 0.6f, 0.0f};    ///< Point looked at, metres; must differ from position.
  glm::vec3 up{0.0f, 1.0f, 0.0f};        ///< Approximate up; must not be parallel to the view.
  float fov_y_degrees = 45.0f;           ///< Vertical field of view, in (0, 180).
  float near_plane = 0.05f;              ///< Metres, > 0.
  float far_plane = 100.0f;              ///< Metres, > near_plane.

  /// World -> view (right-handed, looking down -z).
  glm::mat4 view() const;
  /// View -> Vulkan clip space: y points down the image, depth in [0, 1].
  glm::mat4 projection(float aspect) const;
};

}  // namespace lfx

#include "liquidfx/core/camera.h"

#include <glm/ext/matrix_clip_space.hpp>
#include <glm/ext/matrix_transform.hpp>
#include <glm/trigonometric.hpp>

namespace lfx {

glm::mat4 Camera::view() const {
  return glm::lookAtRH(position, target, up);
}

glm::mat4 Camera::projection(float aspect) const {
  glm::mat4 p = glm::perspectiveRH_ZO(glm::radians(fov_y_degrees), aspect, near_plane, far_plane);
  p[1][1] = -p[1][1];  // Vulkan's framebuffer y points down.
  return p;
}

}  // namespace lfx

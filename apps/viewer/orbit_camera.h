// lfx::viewer::OrbitCamera: the viewer's camera - the scene's camera as home, then orbited
// around its target, panned and zoomed by the mouse.
#pragma once

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "liquidfx/core/camera.h"

namespace lfx::viewer {

class OrbitCamera {
 public:
  /// Starts from `home` (its position, target, field of view and planes).
  void reset(const Camera& home);
  /// Turns around the target: `pixels` of mouse motion (0.3 degrees a pixel), pitch kept within
  /// +-89 degrees so the view never flips over the pole.
  void orbit(glm::vec2 pixels);
  /// Moves the target and the eye sideways and up with the mouse: `pixels` of motion on a view
  /// `view_height` pixels tall moves what is at the target by as much on screen.
  void pan(glm::vec2 pixels, float view_height);
  /// Towards the target (positive notches) or away, 10 % a notch.
  void zoom(float notches);
  Camera camera() const;

 private:
  Camera home_;
  glm::vec3 target_{0.0f};
  float yaw_ = 0.0f, pitch_ = 0.0f, distance_ = 1.0f;  // radians, radians, metres
};

}  // namespace lfx::viewer

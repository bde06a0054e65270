// A touch on a flat effect: where a pointer, a scripted tap or a raindrop meets it.
#pragma once

#include <glm/vec2.hpp>

namespace lfx {

struct Touch {
  glm::vec2 uv{0.5f};      ///< Image UV: (0, 0) top left, (1, 1) bottom right.
  float intensity = 1.0f;  ///< 1 for a plain touch; >= 0.
};

/// A position in an image's pixels ((0, 0) its top left corner, x right, y down) as image UV,
/// for an image `size` pixels wide and tall (the host's canvas a 2D effect plays over).
inline glm::vec2 uv_at_pixel(glm::vec2 pixel, glm::vec2 size) {
  return pixel / size;
}
/// The same in the spread effect's units: short sides of the image, from its top left.
inline glm::vec2 short_sides_at_pixel(glm::vec2 pixel, glm::vec2 size) {
  return pixel / (size.x < size.y ? size.x : size.y);
}

}  // namespace lfx

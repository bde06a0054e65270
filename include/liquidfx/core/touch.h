// A touch on a flat effect: where a pointer, a scripted tap or a raindrop meets it.
#pragma once

#include <glm/vec2.hpp>

namespace lfx {

struct Touch {
  glm::vec2 uv{0.5f};      ///< Image UV: (0, 0) top left, (1, 1) bottom right.
  float intensity = 1.0f;  ///< 1 for a plain touch; >= 0.
};

}  // namespace lfx

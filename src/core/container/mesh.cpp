#include "liquidfx/core/container/mesh.h"

#include <glm/common.hpp>

namespace lfx {

Bounds bounds_of(const Mesh& mesh) {
  if (mesh.positions.empty()) return {};
  Bounds b{mesh.positions.front(), mesh.positions.front()};
  for (const glm::vec3& p : mesh.positions) {
    b.min = glm::min(b.min, p);
    b.max = glm::max(b.max, p);
  }
  return b;
}

Mesh transformed(const Mesh& mesh, const glm::mat4& m) {
  Mesh out = mesh;
  for (glm::vec3& p : out.positions) p = glm::vec3(m * glm::vec4(p, 1.0f));
  return out;
}

Mesh scaled_about(const Mesh& mesh, glm::vec3 center, float scale) {
  Mesh out = mesh;
  for (glm::vec3& p : out.positions) p = center + (p - center) * scale;
  return out;
}

}  // namespace lfx

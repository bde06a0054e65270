// Vertices ready to draw: each triangle corner with its position and a normal averaged over the
// faces around it that meet at less than a crease angle (smooth bottles, sharp boxes).
#pragma once

#include <glm/vec3.hpp>
#include <vector>

#include "liquidfx/core/container/mesh.h"

namespace lfx {

struct ShadedVertex {
  glm::vec3 position;
  glm::vec3 normal;  ///< Unit, outward.
};

/// Three vertices a triangle, in the mesh's winding order.
std::vector<ShadedVertex> shaded_vertices(const Mesh& mesh, float crease_degrees = 40.0f);

}  // namespace lfx

// The cross-section of a closed mesh by a plane: its area, centre, and how that area spreads
// about the centre (second moments along its principal directions). The section of the liquid
// at rest is its free surface, whose length along a direction sets the sloshing frequency along
// that direction.
#pragma once

#include <glm/vec3.hpp>

#include "liquidfx/core/container/mesh.h"

namespace lfx {

struct PlaneSection {
  double area = 0.0;         ///< m^2 (0: the plane misses the mesh).
  glm::vec3 centroid{0.0f};  ///< On the plane, mesh coordinates.
  /// Unit directions in the plane along which the area spreads most and least.
  glm::vec3 major{1.0f, 0.0f, 0.0f}, minor{0.0f, 0.0f, 1.0f};
  /// The side of a rectangle whose second moment along that direction is the section's:
  /// sqrt(12 I / area). A rectangle's own sides; a disc's diameter times sqrt(3) / 2.
  double major_length = 0.0, minor_length = 0.0;
};

/// The section of `closed` (wound outward) by the plane dot(normal, p) = offset; `normal` is a
/// unit vector. Exact for the mesh (a sum over the triangles the plane crosses).
PlaneSection plane_section(const Mesh& closed, glm::vec3 normal, float offset);

}  // namespace lfx

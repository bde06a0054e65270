// A signed-distance grid of a closed mesh, for O(1) "is this point (and a ball around it) inside
// the liquid?" tests: exact distances near the walls, clamped a few cells away from them.
#pragma once

#include <glm/vec3.hpp>
#include <vector>

#include "liquidfx/core/container/mesh.h"

namespace lfx {

class InsideGrid {
 public:
  /// resolution: cells along the mesh's longest side.
  static InsideGrid build(const Mesh& closed_mesh, int resolution = 64);

  /// Signed distance to the surface (m): negative inside. Exact (to interpolation) within
  /// `band()` of the walls, clamped to +-band() beyond; +band() outside the grid.
  float distance(const glm::vec3& p) const;
  /// The distance's gradient at p, normalised: the outward normal of the nearest wall (zero
  /// where the distance is flat, beyond the band).
  glm::vec3 outward_normal(const glm::vec3& p) const;
  float cell_size() const { return cell_; }
  float band() const { return 3.0f * cell_; }

 private:
  float sample(int x, int y, int z) const;
  glm::vec3 origin_{0.0f};  // centre of cell (0, 0, 0)
  float cell_ = 1.0f;
  int nx_ = 0, ny_ = 0, nz_ = 0;
  std::vector<float> values_;
};

/// Exact point-in-mesh test by ray parity (O(triangles)); for tests and rare queries.
bool inside_mesh(const Mesh& closed_mesh, const glm::vec3& p);
/// Exact distance from p to the closest point of the mesh's surface (O(triangles)).
float distance_to_mesh(const Mesh& mesh, const glm::vec3& p);

}  // namespace lfx

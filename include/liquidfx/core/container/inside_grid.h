// A signed-distance grid of a closed mesh, for O(1) "is this point (and a ball around it) inside
// the liquid?" tests: exact distances near the walls, clamped a few cells away from them.
#pragma once

#include <glm/ext/vector_int3.hpp>
#include <glm/vec3.hpp>
#include <vector>

#include "liquidfx/core/container/mesh.h"

namespace lfx {

/// A mesh's unsigned distance (m) sampled at the corners of a regular grid: exact within `band`
/// of the surface, `band` beyond. Works for open meshes too (a glass's single-sided wall).
struct DistanceGrid {
  glm::vec3 origin{0.0f};  ///< Position of sample (0, 0, 0).
  float cell = 1.0f;       ///< Spacing of the samples (m).
  int nx = 0, ny = 0, nz = 0;
  float band = 0.0f;
  std::vector<float> values;  ///< x fastest, then y, then z.

  std::size_t index(int x, int y, int z) const { return (std::size_t(z) * ny + y) * nx + x; }
};

/// Samples every `cell` metres over the mesh's bounds grown by `margin` samples, exact within
/// `band` of a triangle.
DistanceGrid unsigned_distance_grid(const Mesh& mesh, float cell, float band, int margin);

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
  /// The samples, for a GPU copy: the centre of cell (0, 0, 0), the counts, and the values (x
  /// fastest, then y, then z).
  glm::vec3 origin() const { return origin_; }
  glm::ivec3 dims() const { return {nx_, ny_, nz_}; }
  const std::vector<float>& values() const { return values_; }
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

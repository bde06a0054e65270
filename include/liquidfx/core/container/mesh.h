// A triangle mesh in metres: the shape of a container, or of the liquid inside it.
#pragma once

#include <array>
#include <cstdint>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>
#include <vector>

namespace lfx {

struct Mesh {
  std::vector<glm::vec3> positions;
  /// Counter-clockwise seen from outside once validated (outward normals).
  std::vector<std::array<std::uint32_t, 3>> triangles;

  glm::vec3 corner(std::size_t triangle, int i) const { return positions[triangles[triangle][i]]; }
};

/// Axis-aligned bounds of the positions.
struct Bounds {
  glm::vec3 min{0.0f};
  glm::vec3 max{0.0f};
  glm::vec3 center() const { return 0.5f * (min + max); }
  glm::vec3 size() const { return max - min; }
};
Bounds bounds_of(const Mesh& mesh);

/// Every position transformed by m (triangles unchanged; a mirroring m flips the winding).
Mesh transformed(const Mesh& mesh, const glm::mat4& m);

/// The mesh scaled by `scale` about `center` (the liquid inset of a container).
Mesh scaled_about(const Mesh& mesh, glm::vec3 center, float scale);

}  // namespace lfx

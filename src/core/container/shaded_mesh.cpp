#include "liquidfx/core/detail/shaded_mesh.h"

#include <cmath>
#include <glm/geometric.hpp>
#include <glm/trigonometric.hpp>

namespace lfx {

std::vector<ShadedVertex> shaded_vertices(const Mesh& mesh, float crease_degrees) {
  // Face normals weighted by area, and the faces around each vertex.
  std::vector<glm::vec3> face(mesh.triangles.size());
  std::vector<std::vector<std::uint32_t>> around(mesh.positions.size());
  for (std::size_t t = 0; t < mesh.triangles.size(); ++t) {
    const glm::vec3 a = mesh.corner(t, 0), b = mesh.corner(t, 1), c = mesh.corner(t, 2);
    face[t] = glm::cross(b - a, c - a);
    for (std::uint32_t v : mesh.triangles[t]) around[v].push_back(std::uint32_t(t));
  }
  const float crease = std::cos(glm::radians(crease_degrees));
  std::vector<ShadedVertex> out;
  out.reserve(mesh.triangles.size() * 3);
  for (std::size_t t = 0; t < mesh.triangles.size(); ++t) {
    const glm::vec3 own = glm::normalize(face[t]);
    for (std::uint32_t v : mesh.triangles[t]) {
      glm::vec3 sum(0.0f);
      for (std::uint32_t other : around[v])
        if (glm::dot(glm::normalize(face[other]), own) >= crease) sum += face[other];
      out.push_back({mesh.positions[v], glm::length(sum) > 0.0f ? glm::normalize(sum) : own});
    }
  }
  return out;
}

}  // namespace lfx

#include "liquidfx/core/container/closed_mesh.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <glm/geometric.hpp>
#include <unordered_map>

#include "liquidfx/core/container/solid_checks.h"
#include "liquidfx/core/container/volume.h"

namespace lfx {
namespace {

struct PositionHash {
  std::size_t operator()(const glm::vec3& p) const {
    std::uint32_t bits[3];
    std::memcpy(bits, &p, sizeof bits);
    return (std::size_t(bits[0]) * 73856093u) ^ (std::size_t(bits[1]) * 19349663u) ^ (std::size_t(bits[2]) * 83492791u);
  }
};

std::string vec3_text(glm::vec3 v) {
  char text[96];
  std::snprintf(text, sizeof(text), "(%g, %g, %g)", v.x, v.y, v.z);
  return text;
}

std::string count_text(std::size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

}  // namespace

Result<Mesh> close_and_orient(const Mesh& input, const std::string& name, std::vector<std::string>* notes) {
  auto fail = [&](const std::string& problem) { return input_error(name + ": " + problem); };
  if (input.triangles.empty()) return fail("mesh has no triangles");

  std::size_t bad_vertices = 0;
  for (const glm::vec3& p : input.positions)
    if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z)) ++bad_vertices;
  if (bad_vertices) return fail(count_text(bad_vertices, "vertex is", "vertices are") + " NaN or infinite");

  // Weld exactly coincident positions (OBJ and glTF split vertices at UV and normal seams).
  Mesh mesh;
  std::unordered_map<glm::vec3, std::uint32_t, PositionHash> index_of;
  std::vector<std::uint32_t> remap(input.positions.size());
  for (std::size_t i = 0; i < input.positions.size(); ++i) {
    auto [it, inserted] = index_of.try_emplace(input.positions[i], std::uint32_t(mesh.positions.size()));
    if (inserted) mesh.positions.push_back(input.positions[i]);
    remap[i] = it->second;
  }
  const Bounds b = bounds_of(input);
  // Every later step measures the mesh in floats: an extent beyond a float is out of range.
  const glm::vec3 extent = b.size();
  if (!std::isfinite(extent.x) || !std::isfinite(extent.y) || !std::isfinite(extent.z))
    return fail("coordinates out of range: the mesh spans from " + vec3_text(b.min) + " to " + vec3_text(b.max) +
                ", wider than a float holds (3.4e38); scale it down");
  // In doubles: a float length overflows for meshes measured in 1e20 and more.
  const double scale = glm::length(glm::dvec3(b.size()));
  std::size_t degenerate = 0;
  for (const auto& t : input.triangles) {
    const std::array<std::uint32_t, 3> w = {remap[t[0]], remap[t[1]], remap[t[2]]};
    const glm::dvec3 a = mesh.positions[w[0]], bb = mesh.positions[w[1]], c = mesh.positions[w[2]];
    const double doubled_area = glm::length(glm::cross(bb - a, c - a));
    if (w[0] == w[1] || w[1] == w[2] || w[0] == w[2] || doubled_area <= 1e-14 * scale * scale) {
      ++degenerate;
      continue;
    }
    mesh.triangles.push_back(w);
  }
  if (degenerate) return fail(count_text(degenerate, "degenerate triangle", "degenerate triangles") + " (zero area)");

  // Every undirected edge: how many triangles use it, and how many in the a < b direction.
  struct EdgeUse {
    int count = 0;
    int forward = 0;
  };
  std::unordered_map<std::uint64_t, EdgeUse> edges;
  for (const auto& t : mesh.triangles) {
    for (int i = 0; i < 3; ++i) {
      const std::uint32_t a = t[i], c = t[(i + 1) % 3];
      const std::uint64_t key = (std::uint64_t(std::min(a, c)) << 32) | std::max(a, c);
      EdgeUse& use = edges[key];
      ++use.count;
      if (a < c) ++use.forward;
    }
  }
  std::size_t boundary = 0, non_manifold = 0, inconsistent = 0;
  for (const auto& [key, use] : edges) {
    if (use.count == 1) ++boundary;
    if (use.count > 2) ++non_manifold;
    if (use.count == 2 && use.forward != 1) ++inconsistent;
  }
  if (non_manifold)
    return fail(count_text(non_manifold, "non-manifold edge", "non-manifold edges") +
                " (shared by more than two triangles)");
  if (boundary) return fail("mesh is not closed: " + count_text(boundary, "boundary edge", "boundary edges"));
  if (inconsistent)
    return fail("inconsistent winding: " + count_text(inconsistent, "edge is", "edges are") +
                " used twice in the same direction");

  // Relative to the bounding box, so that a 1 um cup is as valid as a 1 m one.
  const double volume = volume_of(mesh).volume;
  const glm::dvec3 size = b.size();
  if (!(std::abs(volume) > 1e-9 * size.x * size.y * size.z)) return fail("mesh has zero volume");
  if (volume < 0.0) {
    for (auto& t : mesh.triangles) std::swap(t[1], t[2]);
    if (notes) notes->push_back(name + ": triangles were wound inward; flipped");
  }
  if (notes)
    for (std::string& warning : solid_warnings(mesh, name)) notes->push_back(std::move(warning));
  return mesh;
}

}  // namespace lfx

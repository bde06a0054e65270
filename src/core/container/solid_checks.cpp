#include "liquidfx/core/container/solid_checks.h"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>
#include <numeric>
#include <unordered_map>

#include "liquidfx/core/container/volume.h"

namespace lfx {
namespace {

// The shells: sets of triangles connected through shared vertices.
std::vector<std::vector<std::size_t>> shells_of(const Mesh& mesh) {
  std::vector<std::uint32_t> parent(mesh.positions.size());
  std::iota(parent.begin(), parent.end(), 0u);
  auto find = [&](std::uint32_t v) {
    while (parent[v] != v) v = parent[v] = parent[parent[v]];
    return v;
  };
  for (const auto& t : mesh.triangles) {
    parent[find(t[1])] = find(t[0]);
    parent[find(t[2])] = find(t[0]);
  }
  std::unordered_map<std::uint32_t, std::size_t> shell_of_root;
  std::vector<std::vector<std::size_t>> shells;
  for (std::size_t i = 0; i < mesh.triangles.size(); ++i) {
    auto [it, added] = shell_of_root.try_emplace(find(mesh.triangles[i][0]), shells.size());
    if (added) shells.emplace_back();
    shells[it->second].push_back(i);
  }
  return shells;
}

// The winding number of a closed shell around p: the sum of its triangles' signed solid angles
// over 4 pi (Van Oosterom and Strackee); +-1 inside, 0 outside.
double winding_number(const Mesh& mesh, const std::vector<std::size_t>& shell, const glm::dvec3& p) {
  double total = 0.0;
  for (std::size_t i : shell) {
    const glm::dvec3 a = glm::dvec3(mesh.corner(i, 0)) - p, b = glm::dvec3(mesh.corner(i, 1)) - p,
                     c = glm::dvec3(mesh.corner(i, 2)) - p;
    const double la = glm::length(a), lb = glm::length(b), lc = glm::length(c);
    const double numerator = glm::dot(a, glm::cross(b, c));
    const double denominator = la * lb * lc + glm::dot(a, b) * lc + glm::dot(b, c) * la + glm::dot(c, a) * lb;
    total += 2.0 * std::atan2(numerator, denominator);
  }
  return total / (4.0 * 3.14159265358979323846);
}

// Whether shell `a` has a point inside shell `b`: the centres and corners of up to
// kInsideSamples of a's triangles, spread over the shell, tested by b's winding number. One
// sample is not enough: two boxes that overlap by a corner have most of their faces outside
// each other, and where they overlap exactly by a corner only that corner is inside.
bool shell_reaches_into(const Mesh& mesh, const std::vector<std::size_t>& a, const std::vector<std::size_t>& b) {
  constexpr std::size_t kInsideSamples = 64;
  const std::size_t stride = std::max<std::size_t>(1, a.size() / kInsideSamples);
  const auto inside = [&](const glm::dvec3& p) { return std::abs(winding_number(mesh, b, p)) > 0.5; };
  for (std::size_t k = 0; k < a.size(); k += stride) {
    const std::size_t i = a[k];
    const glm::dvec3 corners[3] = {mesh.corner(i, 0), mesh.corner(i, 1), mesh.corner(i, 2)};
    if (inside((corners[0] + corners[1] + corners[2]) / 3.0)) return true;
    for (const glm::dvec3& corner : corners)
      if (inside(corner)) return true;
  }
  return false;
}

// Whether segment pq crosses triangle abc's interior (Moller-Trumbore, in doubles).
bool segment_crosses(const glm::dvec3& p, const glm::dvec3& q, const glm::dvec3& a, const glm::dvec3& b,
                     const glm::dvec3& c) {
  const glm::dvec3 d = q - p, e1 = b - a, e2 = c - a;
  const glm::dvec3 h = glm::cross(d, e2);
  const double det = glm::dot(e1, h);
  const double scale = glm::length(e1) * glm::length(e2) * glm::length(d);
  if (std::abs(det) <= 1e-12 * scale) return false;  // parallel (coplanar overlaps are not looked for)
  const double f = 1.0 / det;
  const glm::dvec3 s = p - a;
  const double u = f * glm::dot(s, h);
  if (u <= 0.0 || u >= 1.0) return false;
  const glm::dvec3 qv = glm::cross(s, e1);
  const double v = f * glm::dot(d, qv);
  if (v <= 0.0 || u + v >= 1.0) return false;
  const double t = f * glm::dot(e2, qv);
  return t > 0.0 && t < 1.0;
}

// An edge of a triangle against another triangle. Where the two share a vertex, the edge is
// pulled back from it a little: an edge leaving the shared corner into the other triangle's
// inside is a crossing, the corner itself is not.
bool edge_crosses(glm::dvec3 p, glm::dvec3 q, bool p_shared, bool q_shared, const glm::dvec3 (&t)[3]) {
  constexpr double kPullBack = 1e-6;
  const glm::dvec3 d = q - p;
  if (p_shared) p += kPullBack * d;
  if (q_shared) q -= kPullBack * d;
  return segment_crosses(p, q, t[0], t[1], t[2]);
}

// Triangles i and j cross (they share at most one vertex).
bool triangles_cross(const Mesh& mesh, std::size_t i, std::size_t j) {
  glm::dvec3 x[3], y[3];
  bool x_shared[3], y_shared[3];
  const auto& ti = mesh.triangles[i];
  const auto& tj = mesh.triangles[j];
  for (int k = 0; k < 3; ++k) {
    x[k] = mesh.corner(i, k);
    y[k] = mesh.corner(j, k);
    x_shared[k] = std::find(tj.begin(), tj.end(), ti[k]) != tj.end();
    y_shared[k] = std::find(ti.begin(), ti.end(), tj[k]) != ti.end();
  }
  for (int k = 0; k < 3; ++k) {
    const int l = (k + 1) % 3;
    if (edge_crosses(x[k], x[l], x_shared[k], x_shared[l], y)) return true;
    if (edge_crosses(y[k], y[l], y_shared[k], y_shared[l], x)) return true;
  }
  return false;
}

// Pairs of triangles that share at most a vertex and cross, found through a uniform grid of their
// bounding boxes.
std::size_t crossing_pairs(const Mesh& mesh) {
  const Bounds bounds = bounds_of(mesh);
  const glm::dvec3 size = glm::max(glm::dvec3(bounds.size()), glm::dvec3(1e-30));
  const double cells_per_side = std::clamp(std::cbrt(double(mesh.triangles.size())) * 1.5, 1.0, 256.0);
  const double cell = std::max({size.x, size.y, size.z}) / cells_per_side;
  const glm::ivec3 dims = glm::clamp(glm::ivec3(glm::ceil(size / cell)), glm::ivec3(1), glm::ivec3(256));
  std::unordered_map<std::uint32_t, std::vector<std::uint32_t>> cells;
  for (std::size_t i = 0; i < mesh.triangles.size(); ++i) {
    glm::dvec3 lo(1e300), hi(-1e300);
    for (int k = 0; k < 3; ++k) {
      lo = glm::min(lo, glm::dvec3(mesh.corner(i, k)));
      hi = glm::max(hi, glm::dvec3(mesh.corner(i, k)));
    }
    const glm::ivec3 a = glm::clamp(glm::ivec3((lo - glm::dvec3(bounds.min)) / cell), glm::ivec3(0), dims - 1);
    const glm::ivec3 b = glm::clamp(glm::ivec3((hi - glm::dvec3(bounds.min)) / cell), glm::ivec3(0), dims - 1);
    for (int z = a.z; z <= b.z; ++z)
      for (int y = a.y; y <= b.y; ++y)
        for (int x = a.x; x <= b.x; ++x)
          cells[std::uint32_t((z * dims.y + y) * dims.x + x)].push_back(std::uint32_t(i));
  }
  std::size_t crossings = 0;
  std::unordered_map<std::uint64_t, bool> tested;
  for (const auto& [key, list] : cells)
    for (std::size_t m = 0; m < list.size(); ++m)
      for (std::size_t n = m + 1; n < list.size(); ++n) {
        const std::uint32_t i = std::min(list[m], list[n]), j = std::max(list[m], list[n]);
        const auto& ti = mesh.triangles[i];
        const auto& tj = mesh.triangles[j];
        int shared = 0;
        for (auto a : ti)
          for (auto b : tj) shared += a == b;
        if (shared > 1) continue;  // neighbours across an edge meet along it
        if (!tested.try_emplace((std::uint64_t(i) << 32) | j, true).second) continue;
        crossings += triangles_cross(mesh, i, j);
      }
  return crossings;
}

}  // namespace

std::vector<std::string> solid_warnings(const Mesh& mesh, const std::string& name) {
  std::vector<std::string> warnings;
  const std::vector<std::vector<std::size_t>> shells = shells_of(mesh);
  if (shells.size() > 1) {
    // A shell inside another one wound the same way adds its volume a second time; one wound
    // the other way is a cavity (it subtracts), which is sound.
    std::vector<double> volume(shells.size());
    std::vector<Bounds> box(shells.size());
    for (std::size_t s = 0; s < shells.size(); ++s) {
      Mesh part;
      part.positions = mesh.positions;
      for (std::size_t i : shells[s]) part.triangles.push_back(mesh.triangles[i]);
      volume[s] = volume_of(part).volume;
      box[s] = {glm::vec3(1e30f), glm::vec3(-1e30f)};
      for (std::size_t i : shells[s])
        for (int k = 0; k < 3; ++k) {
          box[s].min = glm::min(box[s].min, mesh.corner(i, k));
          box[s].max = glm::max(box[s].max, mesh.corner(i, k));
        }
    }
    std::size_t doubled = 0;
    for (std::size_t a = 0; a < shells.size(); ++a)
      for (std::size_t b = 0; b < shells.size(); ++b) {
        if (a == b || (volume[a] > 0) != (volume[b] > 0)) continue;
        const bool boxes_overlap = glm::all(glm::lessThanEqual(box[a].min, box[b].max)) &&
                                   glm::all(glm::lessThanEqual(box[b].min, box[a].max));
        if (!boxes_overlap) continue;
        if (shell_reaches_into(mesh, shells[a], shells[b])) {
          ++doubled;
          break;
        }
      }
    if (doubled)
      warnings.push_back(name + ": " + std::to_string(doubled) + " of its " + std::to_string(shells.size()) +
                         " shells lie inside or across another one wound the same way: their volume is counted "
                         "twice, so the volume and the fill are not trustworthy");
  }
  if (mesh.triangles.size() <= kMaxSelfIntersectionTriangles) {
    if (const std::size_t crossings = crossing_pairs(mesh))
      warnings.push_back(name + ": the surface passes through itself (" + std::to_string(crossings) +
                         " crossing triangle pairs): the volume and the fill are not trustworthy");
  }
  return warnings;
}

}  // namespace lfx

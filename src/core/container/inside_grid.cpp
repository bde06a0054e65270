#include "liquidfx/core/container/inside_grid.h"

#include <algorithm>
#include <cmath>
#include <glm/common.hpp>
#include <glm/geometric.hpp>
#include <limits>

namespace lfx {
namespace {

// Closest point of triangle abc to p (the Voronoi-region walk over vertices, edges and face).
glm::vec3 closest_on_triangle(const glm::vec3& p, const glm::vec3& a, const glm::vec3& b, const glm::vec3& c) {
  const glm::vec3 ab = b - a, ac = c - a, ap = p - a;
  const float d1 = glm::dot(ab, ap), d2 = glm::dot(ac, ap);
  if (d1 <= 0.0f && d2 <= 0.0f) return a;
  const glm::vec3 bp = p - b;
  const float d3 = glm::dot(ab, bp), d4 = glm::dot(ac, bp);
  if (d3 >= 0.0f && d4 <= d3) return b;
  const float vc = d1 * d4 - d3 * d2;
  if (vc <= 0.0f && d1 >= 0.0f && d3 <= 0.0f) return a + ab * (d1 / (d1 - d3));
  const glm::vec3 cp = p - c;
  const float d5 = glm::dot(ab, cp), d6 = glm::dot(ac, cp);
  if (d6 >= 0.0f && d5 <= d6) return c;
  const float vb = d5 * d2 - d1 * d6;
  if (vb <= 0.0f && d2 >= 0.0f && d6 <= 0.0f) return a + ac * (d2 / (d2 - d6));
  const float va = d3 * d6 - d5 * d4;
  if (va <= 0.0f && (d4 - d3) >= 0.0f && (d5 - d6) >= 0.0f) return b + (c - b) * ((d4 - d3) / ((d4 - d3) + (d5 - d6)));
  const float denom = 1.0f / (va + vb + vc);
  return a + ab * (vb * denom) + ac * (vc * denom);
}

// Heights z where the vertical line through (x, y) crosses the mesh's triangles.
void crossings(const Mesh& mesh, float x, float y, std::vector<float>& out) {
  out.clear();
  for (const auto& t : mesh.triangles) {
    const glm::vec3 a = mesh.positions[t[0]], b = mesh.positions[t[1]], c = mesh.positions[t[2]];
    // Barycentric coordinates of (x, y) in the triangle's projection onto the xy plane.
    const float det = (b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y);
    if (det == 0.0f) continue;
    const float u = ((x - a.x) * (c.y - a.y) - (c.x - a.x) * (y - a.y)) / det;
    const float v = ((b.x - a.x) * (y - a.y) - (x - a.x) * (b.y - a.y)) / det;
    if (u < 0.0f || v < 0.0f || u + v > 1.0f) continue;
    out.push_back(a.z + u * (b.z - a.z) + v * (c.z - a.z));
  }
  std::sort(out.begin(), out.end());
}

}  // namespace

DistanceGrid unsigned_distance_grid(const Mesh& mesh, float cell, float band, int margin) {
  DistanceGrid g;
  const Bounds b = bounds_of(mesh);
  g.cell = cell;
  g.band = band;
  g.nx = int(std::ceil(b.size().x / cell)) + 2 * margin + 1;
  g.ny = int(std::ceil(b.size().y / cell)) + 2 * margin + 1;
  g.nz = int(std::ceil(b.size().z / cell)) + 2 * margin + 1;
  g.origin = b.min - glm::vec3(float(margin) * cell);
  g.values.assign(std::size_t(g.nx) * g.ny * g.nz, band);
  // Exact distances in a band around each triangle.
  for (const auto& t : mesh.triangles) {
    const glm::vec3 a = mesh.positions[t[0]], bb = mesh.positions[t[1]], c = mesh.positions[t[2]];
    const glm::vec3 lo = (glm::min(glm::min(a, bb), c) - glm::vec3(band) - g.origin) / cell;
    const glm::vec3 hi = (glm::max(glm::max(a, bb), c) + glm::vec3(band) - g.origin) / cell;
    for (int z = std::max(0, int(std::floor(lo.z))); z <= std::min(g.nz - 1, int(std::ceil(hi.z))); ++z)
      for (int y = std::max(0, int(std::floor(lo.y))); y <= std::min(g.ny - 1, int(std::ceil(hi.y))); ++y)
        for (int x = std::max(0, int(std::floor(lo.x))); x <= std::min(g.nx - 1, int(std::ceil(hi.x))); ++x) {
          const glm::vec3 p = g.origin + glm::vec3(float(x), float(y), float(z)) * cell;
          float& d = g.values[g.index(x, y, z)];
          d = std::min(d, glm::length(p - closest_on_triangle(p, a, bb, c)));
        }
  }
  return g;
}

InsideGrid InsideGrid::build(const Mesh& mesh, int resolution) {
  InsideGrid g;
  const Bounds b = bounds_of(mesh);
  const float longest = std::max({b.size().x, b.size().y, b.size().z, 1e-6f});
  g.cell_ = longest / float(resolution);
  const DistanceGrid unsigned_distance = unsigned_distance_grid(mesh, g.cell_, g.band(), 2);
  g.nx_ = unsigned_distance.nx;
  g.ny_ = unsigned_distance.ny;
  g.nz_ = unsigned_distance.nz;
  g.origin_ = unsigned_distance.origin;
  // Signs by parity along z columns (rays nudged off the cell centres so they miss edges).
  g.values_.resize(unsigned_distance.values.size());
  std::vector<float> hits;
  for (int y = 0; y < g.ny_; ++y)
    for (int x = 0; x < g.nx_; ++x) {
      const float px = g.origin_.x + (float(x) + 1.3e-3f) * g.cell_, py = g.origin_.y + (float(y) + 2.7e-3f) * g.cell_;
      crossings(mesh, px, py, hits);
      std::size_t crossed = 0;
      for (int z = 0; z < g.nz_; ++z) {
        const float pz = g.origin_.z + float(z) * g.cell_;
        while (crossed < hits.size() && hits[crossed] < pz) ++crossed;
        const bool inside = crossed % 2 == 1;
        const std::size_t i = unsigned_distance.index(x, y, z);
        g.values_[i] = inside ? -unsigned_distance.values[i] : unsigned_distance.values[i];
      }
    }
  return g;
}

float InsideGrid::sample(int x, int y, int z) const {
  if (x < 0 || y < 0 || z < 0 || x >= nx_ || y >= ny_ || z >= nz_) return band();
  return values_[(std::size_t(z) * ny_ + y) * nx_ + x];
}

float InsideGrid::distance(const glm::vec3& p) const {
  const glm::vec3 g = (p - origin_) / cell_;
  const glm::vec3 cell = glm::floor(g);
  const glm::vec3 f = g - cell;
  const int x = int(cell.x), y = int(cell.y), z = int(cell.z);
  float v[8];
  for (int i = 0; i < 8; ++i) v[i] = sample(x + (i & 1), y + ((i >> 1) & 1), z + ((i >> 2) & 1));
  const float x00 = glm::mix(v[0], v[1], f.x), x10 = glm::mix(v[2], v[3], f.x);
  const float x01 = glm::mix(v[4], v[5], f.x), x11 = glm::mix(v[6], v[7], f.x);
  return glm::mix(glm::mix(x00, x10, f.y), glm::mix(x01, x11, f.y), f.z);
}

glm::vec3 InsideGrid::outward_normal(const glm::vec3& p) const {
  const float h = 0.5f * cell_;
  const glm::vec3 gradient(distance(p + glm::vec3(h, 0, 0)) - distance(p - glm::vec3(h, 0, 0)),
                           distance(p + glm::vec3(0, h, 0)) - distance(p - glm::vec3(0, h, 0)),
                           distance(p + glm::vec3(0, 0, h)) - distance(p - glm::vec3(0, 0, h)));
  return glm::length(gradient) > 0.0f ? glm::normalize(gradient) : glm::vec3(0.0f);
}

bool inside_mesh(const Mesh& mesh, const glm::vec3& p) {
  std::vector<float> hits;
  crossings(mesh, p.x + 1.1e-6f, p.y + 2.3e-6f, hits);
  return std::count_if(hits.begin(), hits.end(), [&](float z) { return z > p.z; }) % 2 == 1;
}

float distance_to_mesh(const Mesh& mesh, const glm::vec3& p) {
  float best = std::numeric_limits<float>::max();
  for (const auto& t : mesh.triangles)
    best = std::min(best, glm::length(p - closest_on_triangle(p, mesh.positions[t[0]], mesh.positions[t[1]],
                                                              mesh.positions[t[2]])));
  return best;
}

}  // namespace lfx

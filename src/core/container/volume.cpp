#include "liquidfx/core/container/volume.h"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>
#include <limits>

namespace lfx {
namespace {

// Clips a triangle (corners p, signed heights s above the plane) to its part below, keeping its
// winding: writes that polygon (0, 3 or 4 corners) and returns whether the plane cuts it. Along
// the polygon the cut runs exit -> entry; the cross-section closes the surface outward (+normal)
// by running entry -> exit.
bool clip_below(const glm::dvec3 p[3], const double s[3], glm::dvec3 poly[4], int* corners, glm::dvec3* entry,
                glm::dvec3* exit) {
  int n = 0;
  bool cut = false;
  for (int i = 0; i < 3; ++i) {
    const int j = (i + 1) % 3;
    const bool i_below = s[i] <= 0.0, j_below = s[j] <= 0.0;
    if (i_below) poly[n++] = p[i];
    if (i_below != j_below) {
      const glm::dvec3 x = p[i] + (p[j] - p[i]) * (s[i] / (s[i] - s[j]));
      poly[n++] = x;
      *(i_below ? exit : entry) = x;
      cut = true;
    }
  }
  *corners = n;
  return cut;
}

// Corners of triangle t relative to `base`, and their signed heights along `normal`.
void corners_of(const Mesh& mesh, const std::array<std::uint32_t, 3>& t, const glm::dvec3& base,
                const glm::dvec3& normal, glm::dvec3 p[3], double s[3]) {
  for (int i = 0; i < 3; ++i) {
    p[i] = glm::dvec3(mesh.positions[t[i]]) - base;
    s[i] = glm::dot(normal, p[i]);
  }
}

}  // namespace

MeshVolume volume_of(const Mesh& mesh) {
  // Tetrahedra from a point near the mesh, not the origin, to keep precision far from it.
  const glm::dvec3 origin = bounds_of(mesh).center();
  double volume = 0.0;
  glm::dvec3 moment(0.0);
  for (const auto& t : mesh.triangles) {
    const glm::dvec3 a = glm::dvec3(mesh.positions[t[0]]) - origin;
    const glm::dvec3 b = glm::dvec3(mesh.positions[t[1]]) - origin;
    const glm::dvec3 c = glm::dvec3(mesh.positions[t[2]]) - origin;
    const double v = glm::dot(a, glm::cross(b, c)) / 6.0;
    volume += v;
    moment += v * (a + b + c) / 4.0;
  }
  MeshVolume out;
  out.volume = volume;
  out.centroid = origin + (volume != 0.0 ? moment / volume : glm::dvec3(0.0));
  return out;
}

void project_extent(const Mesh& mesh, const glm::dvec3& normal, double* lowest, double* highest) {
  double lo = std::numeric_limits<double>::max(), hi = std::numeric_limits<double>::lowest();
  for (const glm::vec3& p : mesh.positions) {
    const double h = glm::dot(normal, glm::dvec3(p));
    lo = std::min(lo, h);
    hi = std::max(hi, h);
  }
  *lowest = lo;
  *highest = hi;
}

PlaneSlice slice_below(const Mesh& mesh, const glm::dvec3& normal, double offset, const glm::dvec3& contact_axis) {
  PlaneSlice out;
  out.contact_min = std::numeric_limits<double>::max();
  out.contact_max = std::numeric_limits<double>::lowest();
  // Apex of the tetrahedra: the point of the plane nearest the mesh's centre, so the
  // cross-section closing the cut contributes nothing.
  const glm::dvec3 center = bounds_of(mesh).center();
  const glm::dvec3 apex = center - (glm::dot(normal, center) - offset) * normal;
  double area_twice = 0.0;
  for (const auto& t : mesh.triangles) {
    glm::dvec3 p[3], poly[4], entry, exit;
    double s[3];
    corners_of(mesh, t, apex, normal, p, s);
    int corners = 0;
    const bool cut = clip_below(p, s, poly, &corners, &entry, &exit);
    for (int k = 1; k + 1 < corners; ++k) out.volume += glm::dot(poly[0], glm::cross(poly[k], poly[k + 1])) / 6.0;
    if (!cut) continue;
    area_twice += glm::dot(normal, glm::cross(entry, exit));
    for (const glm::dvec3& q : {exit, entry}) {
      const double h = glm::dot(contact_axis, q + apex);
      out.contact_min = std::min(out.contact_min, h);
      out.contact_max = std::max(out.contact_max, h);
      out.touches = true;
    }
  }
  out.area = 0.5 * area_twice;
  if (!out.touches) out.contact_min = out.contact_max = 0.0;
  return out;
}

}  // namespace lfx

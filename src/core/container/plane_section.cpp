#include "liquidfx/core/container/plane_section.h"

#include <cmath>
#include <glm/geometric.hpp>

namespace lfx {

PlaneSection plane_section(const Mesh& closed, glm::vec3 normal, float offset) {
  // A basis (u, w) of the plane with u x w = normal, so that the section's boundary, traversed
  // with the inside on its left as seen from +normal, runs counter-clockwise in (u, w).
  const glm::vec3 n = glm::normalize(normal);
  const glm::vec3 helper = std::abs(n.x) < 0.9f ? glm::vec3(1, 0, 0) : glm::vec3(0, 1, 0);
  const glm::vec3 u = glm::normalize(glm::cross(helper, n)), w = glm::cross(n, u);
  // Green's theorem over the boundary segments, each oriented along n x (the triangle's outward
  // normal): area, first and second moments about the origin of (u, w).
  double area2 = 0.0, mx = 0.0, my = 0.0, ixx = 0.0, iyy = 0.0, ixy = 0.0;
  for (std::size_t t = 0; t < closed.triangles.size(); ++t) {
    const glm::vec3 p[3] = {closed.corner(t, 0), closed.corner(t, 1), closed.corner(t, 2)};
    double d[3];
    for (int i = 0; i < 3; ++i) d[i] = double(glm::dot(n, p[i])) - offset;
    glm::dvec3 hits[2];
    int found = 0;
    for (int i = 0; i < 3 && found < 2; ++i) {
      const int j = (i + 1) % 3;
      if ((d[i] >= 0.0) == (d[j] >= 0.0)) continue;  // the edge stays on one side
      const double s = d[i] / (d[i] - d[j]);
      hits[found++] = glm::dvec3(p[i]) + s * (glm::dvec3(p[j]) - glm::dvec3(p[i]));
    }
    if (found != 2) continue;
    const glm::dvec3 along = glm::cross(glm::dvec3(n), glm::cross(glm::dvec3(p[1] - p[0]), glm::dvec3(p[2] - p[0])));
    if (glm::dot(hits[1] - hits[0], along) < 0.0) std::swap(hits[0], hits[1]);
    const double xa = glm::dot(hits[0], glm::dvec3(u)), ya = glm::dot(hits[0], glm::dvec3(w));
    const double xb = glm::dot(hits[1], glm::dvec3(u)), yb = glm::dot(hits[1], glm::dvec3(w));
    const double cross = xa * yb - xb * ya;
    area2 += cross;
    mx += (xa + xb) * cross;
    my += (ya + yb) * cross;
    ixx += (xa * xa + xa * xb + xb * xb) * cross;
    iyy += (ya * ya + ya * yb + yb * yb) * cross;
    ixy += (xa * yb + 2.0 * xa * ya + 2.0 * xb * yb + xb * ya) * cross;
  }
  PlaneSection s;
  s.area = 0.5 * area2;
  if (!(s.area > 1e-14)) return PlaneSection{};
  const double cx = mx / (6.0 * s.area), cy = my / (6.0 * s.area);
  s.centroid = float(offset) * n + float(cx) * u + float(cy) * w;
  // Second moments about the centre, then their principal directions.
  const double sxx = ixx / 12.0 - s.area * cx * cx, syy = iyy / 12.0 - s.area * cy * cy;
  const double sxy = ixy / 24.0 - s.area * cx * cy;
  const double mean = 0.5 * (sxx + syy), spread = std::sqrt(0.25 * (sxx - syy) * (sxx - syy) + sxy * sxy);
  const double angle = 0.5 * std::atan2(2.0 * sxy, sxx - syy);
  s.major = float(std::cos(angle)) * u + float(std::sin(angle)) * w;
  s.minor = glm::cross(n, s.major);
  s.major_length = std::sqrt(12.0 * std::max(mean + spread, 0.0) / s.area);
  s.minor_length = std::sqrt(12.0 * std::max(mean - spread, 0.0) / s.area);
  return s;
}

}  // namespace lfx

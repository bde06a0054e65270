#include "liquidfx/core/slosh/pour.h"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>
#include <map>
#include <numbers>
#include <utility>
#include <vector>

#include "liquidfx/core/slosh/liquid_container.h"

namespace lfx {
namespace {

// Points across the opening for the flow integral: the disc in strips of equal angle, so that
// the strips crowd where the disc's width changes fastest.
constexpr int kStrips = 48;
// Below this effective gravity (m/s^2, 1 % of the Earth's) the liquid is taken as weightless.
constexpr double kWeightless = 0.01 * kGravity;

// The boundary loops of a mesh: every edge used by one triangle, chained head to tail.
std::vector<std::vector<std::uint32_t>> boundary_loops(const Mesh& mesh) {
  std::map<std::pair<std::uint32_t, std::uint32_t>, int> uses;
  for (const auto& t : mesh.triangles)
    for (int i = 0; i < 3; ++i) {
      const std::uint32_t a = t[i], b = t[(i + 1) % 3];
      ++uses[{std::min(a, b), std::max(a, b)}];
    }
  std::map<std::uint32_t, std::uint32_t> next;  // along the boundary, as its triangle winds it
  for (const auto& t : mesh.triangles)
    for (int i = 0; i < 3; ++i) {
      const std::uint32_t a = t[i], b = t[(i + 1) % 3];
      if (uses[{std::min(a, b), std::max(a, b)}] == 1) next[a] = b;
    }
  std::vector<std::vector<std::uint32_t>> loops;
  while (!next.empty()) {
    std::vector<std::uint32_t> loop;
    std::uint32_t at = next.begin()->first;
    while (true) {
      const auto found = next.find(at);
      if (found == next.end()) break;  // a chain that does not close (a broken mesh): dropped
      loop.push_back(at);
      at = found->second;
      next.erase(found);
    }
    if (loop.size() >= 3 && at == loop.front()) loops.push_back(std::move(loop));
  }
  return loops;
}

}  // namespace

std::optional<ContainerOpening> find_opening(const Mesh& glass) {
  std::optional<ContainerOpening> best;
  double best_area = 0.0;
  const glm::dvec3 middle(bounds_of(glass).center());
  for (const std::vector<std::uint32_t>& loop : boundary_loops(glass)) {
    glm::dvec3 center(0.0), area_normal(0.0);  // Newell's normal: twice the area, along the normal
    for (std::size_t i = 0; i < loop.size(); ++i) {
      const glm::dvec3 a(glass.positions[loop[i]]), b(glass.positions[loop[(i + 1) % loop.size()]]);
      center += a;
      area_normal += glm::cross(a, b);
    }
    center /= double(loop.size());
    const double area = 0.5 * glm::length(area_normal);
    if (!(area > best_area)) continue;
    glm::dvec3 normal = glm::normalize(area_normal);
    if (glm::dot(normal, center - middle) < 0.0) normal = -normal;
    best_area = area;
    best = ContainerOpening{glm::vec3(center), glm::vec3(normal), float(std::sqrt(area / std::numbers::pi))};
  }
  return best;
}

std::optional<PourJet> pour_jet(const LiquidContainer& container, const ContainerOpening& opening) {
  const SloshState& s = container.state();
  if (s.empty || !(opening.radius > 0.0f)) return std::nullopt;
  const Pose& pose = container.pose();
  const glm::dvec3 up(s.surface_normal);
  const glm::dvec3 center(pose.position + pose.orientation * opening.center);
  const glm::dvec3 normal = glm::normalize(glm::dvec3(pose.orientation * opening.normal));
  // Depth below the surface: at the centre, and its rate along the opening's steepest direction.
  const double depth_center = double(s.plane_offset) - glm::dot(up, center);
  const glm::dvec3 in_plane = up - glm::dot(up, normal) * normal;
  const double slope = glm::length(in_plane);
  // Facing straight down or up, every direction in the opening is as deep: any will do.
  const glm::dvec3 any = glm::cross(normal, std::abs(normal.x) < 0.9 ? glm::dvec3(1, 0, 0) : glm::dvec3(0, 1, 0));
  const glm::dvec3 downhill = slope > 1e-9 ? -in_plane / slope : glm::normalize(any);
  const double r = opening.radius;
  if (depth_center + slope * r <= kHeldByTension) return std::nullopt;  // held at the lip
  // Falling (or nearly: the gravity the liquid feels is a difference of velocities), nothing
  // pushes the liquid out.
  const double g = double(s.effective_gravity);
  if (!(g > kWeightless)) return std::nullopt;
  // Strip u = r sin(theta) across the disc, width 2 r cos(theta), depth depth_center + slope u,
  // taken from the deepest up. Air must come in through the same opening as the liquid leaves:
  // the liquid has at most half of it (a bottle held upside down glugs).
  double rate = 0.0, area = 0.0, moment = 0.0;
  const double step = std::numbers::pi / kStrips, air = 0.5 * std::numbers::pi * r * r;
  for (int i = kStrips - 1; i >= 0; --i) {
    const double theta = -0.5 * std::numbers::pi + (i + 0.5) * step;
    const double u = r * std::sin(theta), strip = 2.0 * r * r * std::cos(theta) * std::cos(theta) * step;
    const double depth = depth_center + slope * u;
    if (depth <= 0.0 || area >= air) break;
    const double flow = strip * std::sqrt(2.0 * g * depth);
    rate += flow;
    area += strip;
    moment += flow * u;
  }
  if (!(rate > 0.0)) return std::nullopt;
  PourJet jet;
  jet.rate = kDischargeCoefficient * rate;
  jet.speed = float(rate / area);
  const glm::dvec3 position = center + downhill * (moment / rate);
  jet.position = glm::vec3(position);
  // Liquid does not leave upwards out of its own surface: an opening that faces up spills over
  // its lowest edge.
  glm::dvec3 direction = normal - std::max(glm::dot(normal, up), 0.0) * up;
  direction = glm::length(direction) > 0.1 ? glm::normalize(direction) : downhill;
  jet.direction = glm::vec3(direction);
  jet.carried = container.point_velocity(jet.position);
  return jet;
}

}  // namespace lfx

#include "liquidfx/core/detail/volume_profile.h"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>

namespace lfx {
namespace {

using Quad = std::array<double, 3>;  // {a, b, c} of a + b t + c t^2

// A change of the densities at height z: a polynomial piece starting (+) or ending (-), or a
// point mass (a horizontal triangle).
struct Event {
  double z;
  Quad rho, rho_x, rho_w;  // added to the densities' Taylor coefficients at z
  double mass = 0.0, mass_x = 0.0, mass_w = 0.0;
};

// The piece p(t) = a + b t + c t^2 on [z0, z0 + length]: adds it at z0 and removes it at the end,
// re-expanded about the end.
void add_piece(std::vector<Event>& events, double z0, double length, const Quad& rho, const Quad& rho_x,
               const Quad& rho_w) {
  auto at_end = [&](const Quad& p) {
    return Quad{-(p[0] + p[1] * length + p[2] * length * length), -(p[1] + 2.0 * p[2] * length), -p[2]};
  };
  events.push_back({z0, rho, rho_x, rho_w});
  events.push_back({z0 + length, at_end(rho), at_end(rho_x), at_end(rho_w)});
}

void accumulate(Quad& q, const Quad& d) {
  for (int i = 0; i < 3; ++i) q[i] += d[i];
}

// Taylor coefficients about z + dz of a quadratic given about z.
Quad shifted(const Quad& q, double dz) {
  return {q[0] + q[1] * dz + q[2] * dz * dz, q[1] + 2.0 * q[2] * dz, q[2]};
}

// Integral of the quadratic over [0, dz].
double integral(const Quad& q, double dz) {
  return q[0] * dz + q[1] * dz * dz / 2.0 + q[2] * dz * dz * dz / 3.0;
}

}  // namespace

VolumeProfile::Moments VolumeProfile::advance(const Knot& k, double dz) {
  const double dz2 = dz * dz, dz3 = dz2 * dz, dz4 = dz3 * dz;
  const Quad& r = k.rho;
  const double first = integral(r, dz);
  const double moment = k.z * first + r[0] * dz2 / 2.0 + r[1] * dz3 / 3.0 + r[2] * dz4 / 4.0;
  return {k.m0 + first, k.m1 + moment, k.mx + integral(k.rho_x, dz), k.mw + integral(k.rho_w, dz)};
}

VolumeProfile VolumeProfile::build(const Mesh& mesh, const glm::dvec3& normal) {
  VolumeProfile profile;
  profile.normal_ = normal;
  profile.center_ = bounds_of(mesh).center();
  profile.origin_ = glm::dot(normal, profile.center_);
  // Any two axes completing the normal to an orthonormal frame.
  const glm::dvec3 helper = std::abs(normal.y) < 0.9 ? glm::dvec3(0, 1, 0) : glm::dvec3(1, 0, 0);
  profile.axis_x_ = glm::normalize(glm::cross(helper, normal));
  profile.axis_w_ = glm::cross(normal, profile.axis_x_);

  struct Local {
    double z, x, w;
  };
  std::vector<Local> local(mesh.positions.size());
  double zmin = 0.0, zmax = 0.0;
  for (std::size_t i = 0; i < local.size(); ++i) {
    const glm::dvec3 p = glm::dvec3(mesh.positions[i]) - profile.center_;
    local[i] = {glm::dot(normal, p), glm::dot(profile.axis_x_, p), glm::dot(profile.axis_w_, p)};
    zmin = i == 0 ? local[i].z : std::min(zmin, local[i].z);
    zmax = i == 0 ? local[i].z : std::max(zmax, local[i].z);
  }
  // Pieces shorter than this become point masses at their middle: a piece of length L carries
  // slopes ~ 1/L and curvatures ~ 1/L^2 that adding and removing would leave as round-off.
  const double short_piece = 1e-6 * std::max(1e-9, zmax - zmin);

  std::vector<Event> events;
  events.reserve(4 * mesh.triangles.size());
  auto point_mass = [&](double z, double mass, double x, double w) {
    Event e{z, {}, {}, {}};
    e.mass = mass;
    e.mass_x = mass * x;
    e.mass_w = mass * w;
    events.push_back(e);
  };
  for (const auto& t : mesh.triangles) {
    const glm::dvec3 p0 = mesh.positions[t[0]], p1 = mesh.positions[t[1]], p2 = mesh.positions[t[2]];
    const double mass = 0.5 * glm::dot(glm::cross(p1 - p0, p2 - p0), normal);  // signed projected area
    Local v[3] = {local[t[0]], local[t[1]], local[t[2]]};
    std::sort(v, v + 3, [](const Local& a, const Local& b) { return a.z < b.z; });
    const Local &a = v[0], &b = v[1], &c = v[2];
    const double span = c.z - a.z;
    if (span <= short_piece) {
      point_mass((a.z + b.z + c.z) / 3.0, mass, (a.x + b.x + c.x) / 3.0, (a.w + b.w + c.w) / 3.0);
      continue;
    }
    const double peak = 2.0 * mass / span;  // the tent holding `mass`, highest at b.z
    const double lower = b.z - a.z, upper = c.z - b.z;
    // The slice at the kink b.z runs from b to the point of edge a->c at that height.
    const double kink_x = 0.5 * (b.x + a.x + (c.x - a.x) * lower / span);
    const double kink_w = 0.5 * (b.w + a.w + (c.w - a.w) * lower / span);
    if (lower > short_piece) {
      // Density peak * t / lower; the slice's mid x runs from a.x to kink_x.
      const double k = peak / lower;
      const double sx = (kink_x - a.x) / lower, sw = (kink_w - a.w) / lower;
      add_piece(events, a.z, lower, {0.0, k, 0.0}, {0.0, k * a.x, k * sx}, {0.0, k * a.w, k * sw});
    } else {
      point_mass(a.z + 0.5 * lower, 0.5 * peak * lower, 0.5 * (a.x + kink_x), 0.5 * (a.w + kink_w));
    }
    if (upper > short_piece) {
      // Density peak * (upper - t) / upper; the slice's mid x runs from kink_x to c.x.
      const double k = peak / upper;
      const double sx = (c.x - kink_x) / upper, sw = (c.w - kink_w) / upper;
      add_piece(events, b.z, upper, {peak, -k, 0.0}, {k * upper * kink_x, k * (upper * sx - kink_x), -k * sx},
                {k * upper * kink_w, k * (upper * sw - kink_w), -k * sw});
    } else {
      point_mass(b.z + 0.5 * upper, 0.5 * peak * upper, 0.5 * (kink_x + c.x), 0.5 * (kink_w + c.w));
    }
  }
  // Sort small keys, not the events themselves.
  std::vector<std::pair<double, std::uint32_t>> order(events.size());
  for (std::size_t i = 0; i < events.size(); ++i) order[i] = {events[i].z, std::uint32_t(i)};
  std::sort(order.begin(), order.end());

  Knot k;
  k.z = order.empty() ? 0.0 : order.front().first;
  for (std::size_t i = 0; i < order.size();) {
    const double z = order[i].first;
    const double dz = z - k.z;
    const Moments m = advance(k, dz);
    Knot next;
    next.z = z;
    next.m0 = m.m0;
    next.m1 = m.m1;
    next.mx = m.mx;
    next.mw = m.mw;
    next.rho = shifted(k.rho, dz);
    next.rho_x = shifted(k.rho_x, dz);
    next.rho_w = shifted(k.rho_w, dz);
    for (; i < order.size() && order[i].first == z; ++i) {
      const Event& e = events[order[i].second];
      accumulate(next.rho, e.rho);
      accumulate(next.rho_x, e.rho_x);
      accumulate(next.rho_w, e.rho_w);
      next.m0 += e.mass;
      next.m1 += z * e.mass;
      next.mx += e.mass_x;
      next.mw += e.mass_w;
    }
    next.volume = next.m1 - z * next.m0;
    profile.knots_.push_back(next);
    k = next;
  }
  // Round-off can make V dip by ulps; keep it monotone so that solve() is well posed.
  for (std::size_t i = 1; i < profile.knots_.size(); ++i)
    profile.knots_[i].volume = std::max(profile.knots_[i].volume, profile.knots_[i - 1].volume);
  if (profile.knots_.empty()) profile.knots_.push_back(Knot{});
  return profile;
}

std::size_t VolumeProfile::interval_of(double z) const {
  // The last knot at or below z.
  auto it = std::upper_bound(knots_.begin(), knots_.end(), z, [](double v, const Knot& k) { return v < k.z; });
  return it == knots_.begin() ? 0 : std::size_t(it - knots_.begin()) - 1;
}

double VolumeProfile::volume_below(double offset) const {
  const double z = offset - origin_;
  if (z <= knots_.front().z) return 0.0;
  if (z >= knots_.back().z) return total_volume();
  const Knot& k = knots_[interval_of(z)];
  const Moments m = advance(k, z - k.z);
  return std::clamp(m.m1 - z * m.m0, 0.0, total_volume());
}

double VolumeProfile::area(double offset) const {
  const double z = offset - origin_;
  if (z <= knots_.front().z || z >= knots_.back().z) return 0.0;
  const Knot& k = knots_[interval_of(z)];
  return std::max(0.0, -advance(k, z - k.z).m0);
}

glm::dvec3 VolumeProfile::centroid(double offset) const {
  const double z = offset - origin_;
  glm::dvec3 in_plane(0.0);
  if (z > knots_.front().z && z < knots_.back().z) {
    const Knot& k = knots_[interval_of(z)];
    const Moments m = advance(k, z - k.z);
    if (-m.m0 > 0.0) in_plane = (m.mx / m.m0) * axis_x_ + (m.mw / m.m0) * axis_w_;
  }
  return center_ + z * normal_ + in_plane;
}

double VolumeProfile::solve(double volume) const {
  if (volume <= 0.0) return min_offset();
  if (volume >= total_volume()) return max_offset();
  // The interval whose end volumes bracket the target, then Newton on its polynomial, kept inside.
  auto it =
      std::lower_bound(knots_.begin(), knots_.end(), volume, [](const Knot& k, double v) { return k.volume < v; });
  const std::size_t hi_index = std::size_t(it - knots_.begin());
  const Knot& k = knots_[hi_index == 0 ? 0 : hi_index - 1];
  double lo = k.z, hi = knots_[hi_index].z;
  double z = 0.5 * (lo + hi);
  const double tolerance = 1e-13 * total_volume();
  for (int iteration = 0; iteration < 60; ++iteration) {
    const Moments m = advance(k, z - k.z);
    const double error = (m.m1 - z * m.m0) - volume;
    if (std::abs(error) <= tolerance) break;
    if (error > 0.0)
      hi = z;
    else
      lo = z;
    const double slope = -m.m0;
    double next = slope > 0.0 ? z - error / slope : 0.5 * (lo + hi);
    if (!(next > lo && next < hi)) next = 0.5 * (lo + hi);
    z = next;
  }
  return z + origin_;
}

}  // namespace lfx

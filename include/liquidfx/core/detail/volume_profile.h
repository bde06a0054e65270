// The volume of a closed mesh below the plane dot(n, p) = d, and the area and centroid of the
// cross-section in that plane, for one direction n and every offset d: exact piecewise
// polynomials built in one sort-and-sweep pass (O(T log T)), then O(log T) per query.
//
// Why it is exact: with F = (p.n - d) n, div F = 1 and F vanishes on the plane, so the volume
// below is the integral over the surface below the plane of (z - d) n_z dA (z = p.n). Likewise
// the cross-section's area and first moments are minus the integrals of n_z and x n_z over the
// surface below (the flux of n and of x n through the closed region is zero). Over one triangle
// the area density of z is a tent and the mean x along a slice is linear in z, so every integrand
// is a piecewise polynomial in z (degree <= 2) that breaks only at vertex heights.
#pragma once

#include <array>
#include <glm/vec3.hpp>
#include <vector>

#include "liquidfx/core/container/mesh.h"

namespace lfx {

class VolumeProfile {
 public:
  /// normal: unit direction. The mesh must be closed and wound outward.
  static VolumeProfile build(const Mesh& mesh, const glm::dvec3& normal);

  double min_offset() const { return knots_.front().z + origin_; }  ///< Lowest dot(n, vertex).
  double max_offset() const { return knots_.back().z + origin_; }   ///< Highest dot(n, vertex).
  double total_volume() const { return knots_.back().volume; }

  /// Volume below the plane at offset d (clamped to [0, total]).
  double volume_below(double offset) const;
  /// Cross-section area at offset d: dV/dd.
  double area(double offset) const;
  /// Centre of the cross-section at offset d (a point of the plane); where the area vanishes,
  /// the point of the plane nearest the mesh's centre.
  glm::dvec3 centroid(double offset) const;
  /// The offset whose volume below is `volume` (clamped to the mesh's extent).
  double solve(double volume) const;

 private:
  // {a, b, c} of a + b t + c t^2, t measured from the knot it belongs to.
  using Quadratic = std::array<double, 3>;
  struct Knot {
    double z = 0.0;                     // height relative to origin_
    double m0 = 0.0;                    // integral of the n_z density up to z (= -area)
    double m1 = 0.0;                    // integral of z times it
    double mx = 0.0;                    // integral of the x n_z density (= -area * centroid x)
    double mw = 0.0;                    // integral of the w n_z density
    double volume = 0.0;                // V(z)
    Quadratic rho{}, rho_x{}, rho_w{};  // densities just after z
  };
  struct Moments {
    double m0, m1, mx, mw;
  };
  std::size_t interval_of(double z) const;
  static Moments advance(const Knot& k, double dz);

  double origin_ = 0.0;  // heights are relative to this, for precision
  glm::dvec3 normal_{0.0, 1.0, 0.0};
  glm::dvec3 axis_x_{1.0, 0.0, 0.0};  // in-plane axes for the centroid
  glm::dvec3 axis_w_{0.0, 0.0, 1.0};
  glm::dvec3 center_{0.0};  // mesh centre: origin of x and w
  std::vector<Knot> knots_;
};

}  // namespace lfx

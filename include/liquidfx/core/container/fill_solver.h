// The exact fill: the plane offset d at which a closed mesh holds exactly a fraction of its
// volume below dot(n, p) = d, for any orientation n and any closed mesh (non-convex and
// multi-chamber included).
#pragma once

#include <glm/vec3.hpp>
#include <optional>

#include "liquidfx/core/container/mesh.h"

namespace lfx {

struct FillSolution {
  double offset = 0.0;        ///< d: the plane is dot(n, p) = d (metres, mesh coordinates).
  double volume_below = 0.0;  ///< Cubic metres below the plane.
  double volume_total = 0.0;
  double area = 0.0;         ///< Cross-section area at d (m^2): the free surface's size.
  double lowest = 0.0;       ///< Smallest dot(n, vertex): d - lowest is the liquid's depth.
  double highest = 0.0;      ///< Largest dot(n, vertex).
  double contact_min = 0.0;  ///< Waterline extent along FillOptions::contact_axis.
  double contact_max = 0.0;
  int evaluations = 0;  ///< Plane slices computed.
};

struct FillOptions {
  /// Stop when |volume_below - fraction * total| <= tolerance * total.
  double tolerance = 1e-7;
  int max_evaluations = 80;
  /// Offset from the previous frame: Newton then needs one or two steps.
  std::optional<double> warm_start;
  glm::dvec3 contact_axis{0.0, 1.0, 0.0};
};

/// Newton on V(d) - f V with dV/dd = cross-section area, safeguarded by bisection on the bracket
/// [lowest, highest]. fraction 0 gives the lowest vertex (empty), 1 the highest (full).
/// normal must be unit length; total_volume is volume_of(mesh).volume.
FillSolution solve_fill(const Mesh& mesh, double total_volume, const glm::dvec3& normal, double fraction,
                        const FillOptions& options = {});

}  // namespace lfx

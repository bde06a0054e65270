// Volumes of closed meshes, and the part of one below a plane.
#pragma once

#include <glm/vec3.hpp>

#include "liquidfx/core/container/mesh.h"

namespace lfx {

struct MeshVolume {
  double volume = 0.0;       ///< Cubic metres; negative when the mesh is wound inward.
  glm::dvec3 centroid{0.0};  ///< Centre of the enclosed volume.
};

/// Volume and centroid by summing signed tetrahedra (closed meshes).
MeshVolume volume_of(const Mesh& mesh);

/// The part of a closed, outward-wound mesh below the plane dot(normal, p) = offset.
struct PlaneSlice {
  double volume = 0.0;  ///< Enclosed volume below the plane.
  double area = 0.0;    ///< Area of the cross-section in the plane: d(volume) / d(offset).
  /// Extent of the waterline (where the plane cuts the walls) along `contact_axis`; both 0 and
  /// `touches` false when the plane cuts nothing.
  double contact_min = 0.0;
  double contact_max = 0.0;
  bool touches = false;
};

/// Clips every triangle against the plane (normal must be unit length) and sums signed
/// tetrahedra from a point on the plane, so the cross-section closing the cut adds nothing.
PlaneSlice slice_below(const Mesh& mesh, const glm::dvec3& normal, double offset,
                       const glm::dvec3& contact_axis = {0.0, 1.0, 0.0});

/// Smallest and largest dot(normal, p) over the vertices.
void project_extent(const Mesh& mesh, const glm::dvec3& normal, double* lowest, double* highest);

}  // namespace lfx

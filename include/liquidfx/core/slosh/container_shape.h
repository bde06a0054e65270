// Everything about a container that does not change while it moves: the validated container
// mesh, the liquid mesh inside it, its volume, the baked fill table and the inside grid. Shared
// (read-only) by every container instance of the same shape.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "liquidfx/core/container/fill_table.h"
#include "liquidfx/core/container/inside_grid.h"
#include "liquidfx/core/container/mesh.h"
#include "liquidfx/core/container/volume.h"
#include "liquidfx/core/result.h"
#include "liquidfx/core/slosh/pour.h"

namespace lfx {

struct ContainerShape {
  std::string name;
  Mesh container;            ///< Closed, wound outward.
  Mesh liquid;               ///< The liquid's mesh: the inset container, or the user's.
  Mesh glass;                ///< What to draw of the container (open where a cup is open).
  MeshVolume liquid_volume;  ///< Volume and centroid of `liquid`.
  Bounds liquid_bounds;
  FillTable table;
  InsideGrid inside;
  /// Where liquid leaves it: the largest hole of `glass` (none for a closed glass).
  std::optional<ContainerOpening> opening;

  /// Validates `container` (errors name `name`), makes the liquid mesh (the container scaled by
  /// `inset` about its volume centroid, unless `liquid` is given), bakes the table and grid.
  /// `glass` (default: the container) is what a renderer draws of the container.
  static Result<std::shared_ptr<const ContainerShape>> create(const Mesh& container, const std::string& name,
                                                              float inset, const Mesh* liquid = nullptr,
                                                              std::vector<std::string>* notes = nullptr,
                                                              const Mesh* glass = nullptr);
  /// The same for a named shape (make_shape_parts).
  static Result<std::shared_ptr<const ContainerShape>> create_named(const std::string& shape_name, float inset);
};

}  // namespace lfx

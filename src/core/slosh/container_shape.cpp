#include "liquidfx/core/slosh/container_shape.h"

#include <cmath>

#include "liquidfx/core/container/closed_mesh.h"
#include "liquidfx/core/container/shapes.h"

namespace lfx {

Result<std::shared_ptr<const ContainerShape>> ContainerShape::create(const Mesh& container, const std::string& name,
                                                                     float inset, const Mesh* liquid,
                                                                     std::vector<std::string>* notes,
                                                                     const Mesh* glass) {
  if (!(inset > 0.0f && inset <= 1.0f)) return input_error(name + ": inset must be in (0, 1]");
  auto closed = close_and_orient(container, name, notes);
  if (!closed) return closed.error();
  auto shape = std::make_shared<ContainerShape>();
  shape->name = name;
  shape->container = std::move(closed.value());
  shape->glass = glass ? *glass : shape->container;
  shape->opening = find_opening(shape->glass);
  if (liquid) {
    LFX_TRY_ASSIGN(shape->liquid, close_and_orient(*liquid, name + " (liquid mesh)", notes));
  } else {
    shape->liquid = scaled_about(shape->container, glm::vec3(volume_of(shape->container).centroid), inset);
  }
  shape->liquid_volume = volume_of(shape->liquid);
  shape->liquid_bounds = bounds_of(shape->liquid);
  LFX_TRY_ASSIGN(shape->table,
                 FillTable::bake(shape->liquid, FillTable::kDirections, FillTable::kLevels, "fill table of " + name));
  shape->inside = InsideGrid::build(shape->liquid);
  return std::shared_ptr<const ContainerShape>(std::move(shape));
}

Result<std::shared_ptr<const ContainerShape>> ContainerShape::create_named(const std::string& shape_name, float inset) {
  auto parts = make_shape_parts(shape_name);
  if (!parts) return parts.error();
  return create(parts->container, shape_name, inset, parts->liquid ? &*parts->liquid : nullptr, nullptr, &parts->glass);
}

}  // namespace lfx

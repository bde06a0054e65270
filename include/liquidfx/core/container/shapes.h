// Procedural container shapes, closed and wound outward, in metres with y up and the base at
// y = 0 (box, sphere: centred on the origin).
#pragma once

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "liquidfx/core/container/mesh.h"
#include "liquidfx/core/result.h"

namespace lfx {

/// A box of the given full extents, centred on the origin.
Mesh make_box(glm::vec3 size);
/// A UV sphere.
Mesh make_sphere(float radius, int segments = 32, int rings = 16);
/// A closed cylinder standing on y = 0.
Mesh make_cylinder(float radius, float height, int segments = 32);
/// A surface of revolution about y: profile points (radius, y) from bottom to top, radius >= 0.
/// Ends with radius > 0 are closed by flat caps. `phase` rotates the segments (radians).
/// `open_top` leaves the top closure out (a cup's opening; the mesh is then not closed).
Mesh make_lathe(std::span<const glm::vec2> profile, int segments = 32, float phase = 0.0f, bool open_top = false);

/// A named shape in its parts: the closed container (physics), the glass to draw (open where the
/// real container is: cups, glasses, flasks), and for some the liquid's own mesh (a wine glass
/// holds liquid in its bowl only; otherwise the liquid is the container inset).
struct ShapeParts {
  Mesh container;
  Mesh glass;
  std::optional<Mesh> liquid;
};
Result<ShapeParts> make_shape_parts(std::string_view name);

/// The closed container of a named shape: box, cylinder, sphere, bottle (corked), wine_bottle
/// (open), flask, wine_glass, mug, jar, square_bottle.
Result<Mesh> make_shape(std::string_view name);
std::span<const std::string_view> shape_names();

}  // namespace lfx

// Turning any mesh into one that bounds a volume: coincident positions welded, every edge shared
// by exactly two triangles of opposite direction, winding outward.
#pragma once

#include <string>
#include <vector>

#include "liquidfx/core/container/mesh.h"
#include "liquidfx/core/result.h"

namespace lfx {

/// Welds positions that are exactly equal, then checks, in this order, for: NaN or infinite
/// vertices, degenerate triangles, non-manifold edges, boundary edges (not closed), inconsistent
/// winding, zero volume. The error names `name`, the problem and its count:
///   "bottle.obj: mesh is not closed: 12 boundary edges".
/// A mesh wound consistently but inward is flipped, and `notes` (when given) says so.
Result<Mesh> close_and_orient(const Mesh& mesh, const std::string& name, std::vector<std::string>* notes = nullptr);

}  // namespace lfx

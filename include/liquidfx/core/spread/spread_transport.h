// lfx::spread::transport: liquid moved in flux form - what leaves a cell through a face is what
// its neighbour gains, exactly - so the total is kept to round-off whatever the velocity, and no
// cell gives more than it holds, so none goes negative. Used by SpreadSimulation every step and
// by tests that drive it with a chosen flow.
#pragma once

#include <span>

#include "liquidfx/core/spread/spread_simulation.h"

namespace lfx::spread {

/// What lies past the grid's edges: walls (nothing crosses the outer faces, which are not read),
/// or the grid again (periodic: what leaves on one side comes in on the other; the outer faces
/// are one face, read at index 0).
enum class Edges { walls, wrap };

/// Moves `bulk` through the faces of its grid for `dt` seconds: `face_x` ((nx + 1) x ny) and
/// `face_y` (nx x (ny + 1)) hold the velocity across each face, in cells of `cell` size per
/// second (the outer faces are walls and are not read). Sub-stepped so that no face carries more
/// than `cfl` cells a sub-step; `second_order` adds a minmod-limited slope to the upwind value.
/// Each of `carried` (pigments) moves with the bulk in its donor cell's proportion.
/// Returns the sub-steps taken.
int transport(SpreadField& bulk, std::span<SpreadField> carried, const SpreadField& face_x, const SpreadField& face_y,
              float dt, float cell, float cfl, bool second_order, Edges edges = Edges::walls);

/// The same in one step at any Courant number: dimension by dimension (x, then y), each face's
/// flux is the liquid in the cells it sweeps in dt upstream (whole cells, then the fraction of
/// the next; below one cell a step it is the donor-cell flux). Conservative exactly; no cell goes
/// negative while neighbouring faces' sweeps do not cross (|du/dx| dt < 1), as with any smooth
/// flow - beyond, round-off at zero is cut.
void swept_transport(SpreadField& bulk, std::span<SpreadField> carried, const SpreadField& face_x,
                     const SpreadField& face_y, float dt, float cell, Edges edges = Edges::walls);

}  // namespace lfx::spread

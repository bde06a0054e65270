// lfx::spread::transport: liquid moved in flux form - what leaves a cell through a face is what
// its neighbour gains, exactly - so the total is kept to round-off whatever the velocity, and no
// cell gives more than it holds, so none goes negative. Used by SpreadSimulation every step and
// by tests that drive it with a chosen flow.
#pragma once

#include <span>
#include <vector>

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
/// the next; below one cell a step it is the donor-cell flux). Each cell ends up holding what lay
/// between its two faces' departure points, which are kept in order (ordered_sweeps), so the
/// volume is kept to round-off and no cell goes negative for any velocity: a finger's plow
/// turning tightly, whose neighbouring faces would sweep across each other, included.
void swept_transport(SpreadField& bulk, std::span<SpreadField> carried, const SpreadField& face_x,
                     const SpreadField& face_y, float dt, float cell, Edges edges = Edges::walls);

/// Levels what lies above `pile` (> 0; short sides): an implicit step of dt of the nonlinear
/// diffusion shared::spread_levelling describes, on the closed box, dimension by dimension (x
/// lines, then y lines; each line's tridiagonal system solved exactly, its conductances from the
/// thickness before it). The solution is applied as fluxes between neighbours, so the volume is
/// kept to round-off; the system's matrix is an M-matrix whose rows sum to one, so every cell
/// becomes a weighted mean of the line's cells: none goes negative or above the thickest.
/// Pigments take the same system (their sum stays the bulk). Lines with nothing above `pile`
/// are left exactly as they are. `cell`: the cell's size (short sides).
void level_piles(SpreadField& bulk, std::span<SpreadField> carried, float dt, float cell, float pile);

/// The sweeps of one line's faces (`cells[f]`: how many cells face f's velocity carries in a
/// step, signed, n + 1 faces for n cells) with their departure points f - cells[f] put in
/// order. Where two faces' departures cross (a face sweeps past its neighbour's departure: the
/// flow converges or diverges by more than a cell a step over a cell), the cells between would
/// be given more than they hold; each departure becomes the mean of the latest departure at or
/// before it and the earliest at or after it, which is ordered and leaves ordered departures
/// exactly as they were. Walls: the outer faces carry nothing and departures stay inside the
/// line; wrap: a sweep covers the line at most once.
std::vector<float> ordered_sweeps(std::span<const float> cells, Edges edges = Edges::walls);

}  // namespace lfx::spread

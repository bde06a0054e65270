// The spread effect's pressure solve: sum over a cell's open neighbours (p_n - p) = b on a closed
// box (the walls are Neumann: a missing neighbour is left out), by multigrid V-cycles - red-black
// Gauss-Seidel smoothing, the residual summed 2 x 2 onto the coarser grid (whose operator is the
// same stencil), the correction brought back cell for cell. The GPU runs the same cycle.
#pragma once

#include "liquidfx/core/spread/spread_simulation.h"

namespace lfx::spread {

/// Improves `p` (the previous solution is a good start) by `cycles` V-cycles. `b` must sum to
/// zero (the box is closed); the result has zero mean.
void solve_pressure(SpreadField& p, const SpreadField& b, int cycles);

/// Sum over the open neighbours of (i, j) (a missing one at a wall is left out) of f, and how
/// many there are.
float open_neighbour_sum(const SpreadField& f, int i, int j, int& open);

/// The RMS of b - (sum over open neighbours of p_n - p): how far p is from solving.
double pressure_residual_rms(const SpreadField& p, const SpreadField& b);

}  // namespace lfx::spread

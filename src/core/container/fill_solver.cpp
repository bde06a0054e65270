#include "liquidfx/core/container/fill_solver.h"

#include <algorithm>
#include <cmath>

#include "liquidfx/core/container/volume.h"

namespace lfx {

FillSolution solve_fill(const Mesh& mesh, double total_volume, const glm::dvec3& normal, double fraction,
                        const FillOptions& options) {
  FillSolution out;
  out.volume_total = total_volume;
  project_extent(mesh, normal, &out.lowest, &out.highest);
  fraction = std::clamp(fraction, 0.0, 1.0);
  const double target = fraction * total_volume;
  if (fraction <= 0.0 || fraction >= 1.0) {
    out.offset = fraction <= 0.0 ? out.lowest : out.highest;
    out.volume_below = target;
    return out;
  }
  double lo = out.lowest, hi = out.highest;
  double d = options.warm_start ? std::clamp(*options.warm_start, lo, hi) : lo + fraction * (hi - lo);
  PlaneSlice slice;
  for (out.evaluations = 1; out.evaluations <= options.max_evaluations; ++out.evaluations) {
    slice = slice_below(mesh, normal, d, options.contact_axis);
    const double error = slice.volume - target;
    if (std::abs(error) <= options.tolerance * total_volume) break;
    if (error < 0.0)
      lo = d;
    else
      hi = d;
    double next = slice.area > 0.0 ? d - error / slice.area : 0.5 * (lo + hi);
    if (!(next > lo && next < hi)) next = 0.5 * (lo + hi);  // Newton left the bracket: bisect
    d = next;
  }
  out.offset = d;
  out.volume_below = slice.volume;
  out.area = slice.area;
  out.contact_min = slice.contact_min;
  out.contact_max = slice.contact_max;
  return out;
}

}  // namespace lfx

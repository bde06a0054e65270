// A small SVG line chart: the slosh trace's tilt and agitation over time.
#pragma once

#include <string>
#include <vector>

#include "liquidfx/core/slosh/motion.h"

namespace lfx::cli {

/// Tilt (degrees, left axis) and agitation (0..1, right axis) against time.
std::string trace_svg(const std::vector<TraceRow>& rows, const std::string& title);

}  // namespace lfx::cli

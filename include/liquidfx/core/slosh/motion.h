// Container motion as CSV rows `t,px,py,pz,qx,qy,qz,qw` (seconds, metres, unit quaternion),
// and the slosh trace a container produces from it.
#pragma once

#include <string>
#include <vector>

#include "liquidfx/core/result.h"
#include "liquidfx/core/slosh/liquid_container.h"
#include "liquidfx/core/slosh/pose.h"

namespace lfx {

struct MotionSample {
  double time = 0.0;
  Pose pose;
};

struct Motion {
  std::vector<MotionSample> samples;
  /// One line per skipped row: "motion.csv:12: time goes backwards (1.2 after 1.3)".
  std::vector<std::string> skipped;
};

/// Parses the CSV (an optional header line is recognised). Malformed rows (a missing field, a
/// non-number, NaN or infinity, a zero quaternion, time not increasing) are skipped and reported
/// with their line numbers; never passed on.
Motion parse_motion_csv(const std::string& text, const std::string& source);
/// The largest motion file read (about 4 million rows).
inline constexpr std::size_t kMaxMotionBytes = std::size_t(256) << 20;
Result<Motion> read_motion_csv(const std::string& path);

/// One row of a slosh trace.
struct TraceRow {
  double time = 0.0;
  glm::vec3 normal{0.0f, 1.0f, 0.0f};
  float offset = 0.0f;
  float tilt_degrees = 0.0f;
  float agitation = 0.0f;
  float wave_amplitude = 0.0f;
  int bubbles = 0;
};

/// Feeds every sample to the container (dt from consecutive times); one row per accepted sample.
std::vector<TraceRow> run_motion(LiquidContainer& container, const std::vector<MotionSample>& samples);

/// The trace as CSV with the header t,nx,ny,nz,offset,tilt_deg,agitation,wave_amplitude,bubbles.
std::string trace_csv(const std::vector<TraceRow>& rows);

}  // namespace lfx

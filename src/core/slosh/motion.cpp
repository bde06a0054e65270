#include "liquidfx/core/slosh/motion.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "liquidfx/core/text_file.h"

namespace lfx {

Motion parse_motion_csv(const std::string& text, const std::string& source) {
  Motion motion;
  std::istringstream in(text);
  std::string line;
  int line_number = 0;
  while (std::getline(in, line)) {
    ++line_number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    // A UTF-8 byte-order mark (spreadsheets write one) is not part of the first field.
    if (line_number == 1 && line.rfind("\xEF\xBB\xBF", 0) == 0) line.erase(0, 3);
    if (line.find_first_not_of(" \t") == std::string::npos || line[0] == '#') continue;
    if (line_number == 1 && line.find_first_of("tpqxyzw") == line.find_first_not_of(" \t")) continue;  // header
    auto skip = [&](const std::string& why) {
      motion.skipped.push_back(source + ":" + std::to_string(line_number) + ": " + why);
    };
    double v[8];
    int fields = 0;
    bool number_error = false;
    std::string_view rest = line;
    while (true) {
      const std::size_t comma = rest.find(',');
      std::string_view field = rest.substr(0, comma);
      while (!field.empty() && (field.front() == ' ' || field.front() == '\t')) field.remove_prefix(1);
      while (!field.empty() && (field.back() == ' ' || field.back() == '\t')) field.remove_suffix(1);
      if (fields < 8) {
        auto [end, ec] = std::from_chars(field.data(), field.data() + field.size(), v[fields]);
        if (field.empty() || ec != std::errc() || end != field.data() + field.size()) number_error = true;
      }
      ++fields;
      if (comma == std::string_view::npos) break;
      rest.remove_prefix(comma + 1);
    }
    if (fields != 8) {
      skip("expected 8 fields t,px,py,pz,qx,qy,qz,qw, got " + std::to_string(fields));
      continue;
    }
    if (number_error) {
      skip("a field is not a number");
      continue;
    }
    // Each field by name, and values that do not fit a float (the pose is kept in floats).
    constexpr const char* kNames[8] = {"t", "px", "py", "pz", "qx", "qy", "qz", "qw"};
    std::string bad;
    for (int i = 0; i < 8 && bad.empty(); ++i)
      if (!std::isfinite(v[i]) || (i > 0 && std::abs(v[i]) > 1e30))
        bad = std::string(kNames[i]) + " is " + (std::isfinite(v[i]) ? "too large" : "NaN or infinite");
    if (!bad.empty()) {
      skip(bad);
      continue;
    }
    MotionSample s;
    s.time = v[0];
    s.pose.position = glm::vec3(float(v[1]), float(v[2]), float(v[3]));
    s.pose.orientation = glm::quat(float(v[7]), float(v[4]), float(v[5]), float(v[6]));
    if (!s.pose.valid()) {
      skip("quaternion is not of unit length");
      continue;
    }
    if (!motion.samples.empty() && s.time <= motion.samples.back().time) {
      char why[96];
      std::snprintf(why, sizeof why, "time does not increase (%g after %g)", s.time, motion.samples.back().time);
      skip(why);
      continue;
    }
    motion.samples.push_back(s);
  }
  return motion;
}

Result<Motion> read_motion_csv(const std::string& path) {
  auto text = read_text_file(path, "motion file", kMaxMotionBytes);
  if (!text) return text.error();
  return parse_motion_csv(*text, path);
}

std::vector<TraceRow> run_motion(LiquidContainer& container, const std::vector<MotionSample>& samples) {
  std::vector<TraceRow> rows;
  double previous = 0.0;
  for (std::size_t i = 0; i < samples.size(); ++i) {
    const double dt = i == 0 ? 0.0 : samples[i].time - previous;
    if (!container.update(samples[i].pose, dt)) continue;
    previous = samples[i].time;
    const SloshState& s = container.state();
    rows.push_back({samples[i].time, s.surface_normal, s.plane_offset, s.tilt_degrees(), s.agitation, s.wave_amplitude,
                    s.live_bubbles});
  }
  return rows;
}

std::string trace_csv(const std::vector<TraceRow>& rows) {
  std::string out = "t,nx,ny,nz,offset,tilt_deg,agitation,wave_amplitude,bubbles\n";
  char line[256];
  for (const TraceRow& r : rows) {
    std::snprintf(line, sizeof line, "%.6f,%.6f,%.6f,%.6f,%.6f,%.4f,%.5f,%.6f,%d\n", r.time, r.normal.x, r.normal.y,
                  r.normal.z, r.offset, r.tilt_degrees, r.agitation, r.wave_amplitude, r.bubbles);
    out += line;
  }
  return out;
}

}  // namespace lfx

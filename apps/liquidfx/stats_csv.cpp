#include "stats_csv.h"

#include <cmath>
#include <cstdio>

namespace lfx::cli {
namespace {

// A CSV field: quoted when it holds a comma, a quote or a line break.
std::string field(const std::string& text) {
  if (text.find_first_of(",\"\n\r") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

std::string number(double v) {
  if (!std::isfinite(v)) return "";
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.9g", v);
  return buffer;
}

}  // namespace

Result<StatsCsv> StatsCsv::create(const std::string& path) {
  StatsCsv csv;
  csv.path_ = path;
  csv.file_.open(path, std::ios::binary | std::ios::trunc);
  if (!csv.file_) return input_error(path + ": cannot write the statistics file");
  return csv;
}

Result<void> StatsCsv::row(unsigned frame, double time, const std::vector<std::pair<std::string, double>>& stats) {
  if (!header_written_) {
    file_ << "frame,t";
    for (const auto& [name, value] : stats) {
      columns_.push_back(name);
      file_ << ',' << field(name);
    }
    file_ << '\n';
    header_written_ = true;
  }
  file_ << frame << ',' << number(time);
  for (const std::string& column : columns_) {
    file_ << ',';
    for (const auto& [name, value] : stats)
      if (name == column) {
        file_ << number(value);
        break;
      }
  }
  file_ << '\n';
  if (!file_) return input_error(path_ + ": writing the statistics failed (is the disk full?)");
  return success();
}

Result<void> StatsCsv::finish() {
  file_.close();
  if (!file_) return input_error(path_ + ": writing the statistics failed (is the disk full?)");
  return success();
}

}  // namespace lfx::cli

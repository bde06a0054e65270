// `render --stats FILE`: one CSV row per frame, `frame,t,` then each effect statistic as a
// column named "<instance>.<stat>" (the columns of the first frame; a value missing later, or
// not a number - an effect that has not measured yet - is left empty).
#pragma once

#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "liquidfx/core/result.h"

namespace lfx::cli {

class StatsCsv {
 public:
  static Result<StatsCsv> create(const std::string& path);
  /// Writes the header before the first row. Errors when the disk refuses the write.
  Result<void> row(unsigned frame, double time, const std::vector<std::pair<std::string, double>>& stats);
  /// Writes out and closes the file; an error when the disk refused any of it (a full disk).
  Result<void> finish();

 private:
  std::string path_;
  std::ofstream file_;
  std::vector<std::string> columns_;
  bool header_written_ = false;
};

}  // namespace lfx::cli

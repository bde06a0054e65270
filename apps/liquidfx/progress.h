// A one-line progress bar on stderr, drawn only when stderr is a terminal.
#pragma once

#include <chrono>
#include <string>

namespace lfx::cli {

class Progress {
 public:
  Progress(std::string label, unsigned total);
  ~Progress();
  /// Marks `done` of `total` steps complete and redraws.
  void update(unsigned done);

 private:
  std::string label_;
  unsigned total_;
  bool enabled_;
  std::chrono::steady_clock::time_point start_;
};

/// Shows the library's long tasks (core/progress.h) on stderr: a bar on a terminal, and a line
/// with the time taken when a task took more than a second.
void show_library_progress();

}  // namespace lfx::cli

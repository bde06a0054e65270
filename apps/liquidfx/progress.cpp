#include "progress.h"

#include <cstdio>
#include <memory>

#include "cli.h"
#include "liquidfx/core/progress.h"

namespace lfx::cli {

Progress::Progress(std::string label, unsigned total)
    : label_(std::move(label)),
      total_(total),
      enabled_(stderr_is_terminal()),
      start_(std::chrono::steady_clock::now()) {}

Progress::~Progress() {
  if (enabled_) std::fprintf(stderr, "\n");
}

void Progress::update(unsigned done) {
  if (!enabled_) return;
  constexpr int kWidth = 30;
  const double fraction = total_ ? double(done) / total_ : 1.0;
  const int filled = int(fraction * kWidth);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  const double rate = seconds > 0 ? done / seconds : 0.0;
  const double eta = rate > 0 ? (total_ - done) / rate : 0.0;
  std::string bar(filled, '=');
  if (filled < kWidth) bar += '>' + std::string(kWidth - filled - 1, ' ');
  std::fprintf(stderr, "\r%s [%s] %u/%u  %.1f/s  eta %.0fs ", label_.c_str(), bar.c_str(), done, total_, rate, eta);
  std::fflush(stderr);
}

void show_library_progress() {
  struct Task {
    std::string name;
    std::chrono::steady_clock::time_point start;
  };
  auto current = std::make_shared<Task>();
  set_progress_hook([current](std::string_view task, double done) {
    const auto now = std::chrono::steady_clock::now();
    if (current->name != task) *current = {std::string(task), now};
    const double seconds = std::chrono::duration<double>(now - current->start).count();
    if (stderr_is_terminal()) {
      std::fprintf(stderr, "\r%s: %3.0f%% ", current->name.c_str(), 100.0 * done);
      if (done >= 1.0) std::fprintf(stderr, "(%.1f s)\n", seconds);
      std::fflush(stderr);
    } else if (done >= 1.0 && seconds > 1.0) {
      std::fprintf(stderr, "liquidfx: %s: %.1f s\n", current->name.c_str(), seconds);
    }
    if (done >= 1.0) current->name.clear();
  });
}

}  // namespace lfx::cli

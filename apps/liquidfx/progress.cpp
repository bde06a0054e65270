#include "progress.h"

#include <cstdio>

#include "cli.h"

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

}  // namespace lfx::cli

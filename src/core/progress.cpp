#include "liquidfx/core/progress.h"

#include <mutex>

namespace lfx {
namespace {

std::mutex& hook_mutex() {
  static std::mutex m;
  return m;
}

ProgressHook& hook() {
  static ProgressHook h;
  return h;
}

}  // namespace

void set_progress_hook(ProgressHook h) {
  std::lock_guard lock(hook_mutex());
  hook() = std::move(h);
}

void report_progress(std::string_view task, double done) {
  std::lock_guard lock(hook_mutex());
  if (hook()) hook()(task, done);
}

}  // namespace lfx

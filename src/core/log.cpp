#include "liquidfx/core/log.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>

namespace lfx {
namespace {

std::mutex& sink_mutex() {
  static std::mutex mutex;
  return mutex;
}

LogSink& current_sink() {
  static LogSink sink;
  return sink;
}

bool info_enabled() {
  static const bool enabled = [] {
    const char* value = std::getenv("LIQUIDFX_LOG");
    return value != nullptr && std::strcmp(value, "info") == 0;
  }();
  return enabled;
}

void default_sink(LogLevel level, std::string_view message) {
  if (level == LogLevel::info && !info_enabled()) return;
  const char* prefix = level == LogLevel::error ? "error" : level == LogLevel::warning ? "warning" : "info";
  std::fprintf(stderr, "liquidfx %s: %.*s\n", prefix, static_cast<int>(message.size()), message.data());
}

}  // namespace

void set_log_sink(LogSink sink) {
  std::lock_guard lock(sink_mutex());
  current_sink() = std::move(sink);
}

void log(LogLevel level, std::string_view message) {
  std::lock_guard lock(sink_mutex());
  if (current_sink()) {
    current_sink()(level, message);
  } else {
    default_sink(level, message);
  }
}

}  // namespace lfx

// The library's logger. Messages go to a sink the host can replace (its own console, a file, a
// test that counts them). The default sink writes warnings and errors to stderr, and info too
// when LIQUIDFX_LOG=info.
#pragma once

#include <functional>
#include <string_view>

namespace lfx {

enum class LogLevel { info, warning, error };

using LogSink = std::function<void(LogLevel, std::string_view message)>;

/// Replaces the sink (thread-safe). An empty function restores the default sink.
void set_log_sink(LogSink sink);

/// Sends one message to the current sink.
void log(LogLevel level, std::string_view message);

inline void log_info(std::string_view message) {
  log(LogLevel::info, message);
}
inline void log_warning(std::string_view message) {
  log(LogLevel::warning, message);
}
inline void log_error(std::string_view message) {
  log(LogLevel::error, message);
}

}  // namespace lfx

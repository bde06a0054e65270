// Shared pieces of the liquidfx command line: arguments, exit codes, error reporting.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "liquidfx/core/result.h"

namespace lfx::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitBadInput = 2;
inline constexpr int kExitGpuFailure = 3;

/// Prints "liquidfx: error: ..." and returns the exit code for the error's kind.
int fail(const Error& error);

/// The arguments of one subcommand. Options are taken out as they are read; what is left over
/// at the end is an error (finish()).
class Args {
 public:
  Args(std::string command, std::vector<std::string> args) : command_(std::move(command)), args_(std::move(args)) {}

  /// Whether the flag is present (removes it).
  bool flag(std::string_view name);
  /// The value after `name` (removes both); error when the value is missing.
  Result<std::optional<std::string>> value(std::string_view name);
  /// Every value given for a repeatable option (removes them).
  Result<std::vector<std::string>> values(std::string_view name);
  /// The next positional argument (removes it), or an error naming what was expected.
  Result<std::string> positional(std::string_view what);
  /// Error for anything left unread.
  Result<void> finish() const;

  Result<std::optional<double>> number(std::string_view name, double min, double max);
  Result<std::optional<int>> integer(std::string_view name, int min, int max);
  /// "WxH", each in [1, 16384].
  Result<std::optional<std::pair<std::uint32_t, std::uint32_t>>> size(std::string_view name);
  /// "X,Y,Z".
  Result<std::optional<std::vector<double>>> numbers(std::string_view name, std::size_t count);

  const std::string& command() const { return command_; }

 private:
  std::string command_;
  std::vector<std::string> args_;
};

/// Whether stderr is a terminal (progress bars only there).
bool stderr_is_terminal();

/// Exit code for a run whose Context saw `validation_messages` validation messages: any is a
/// GPU failure (they have already been logged).
int validation_exit_code(std::uint64_t validation_messages);

}  // namespace lfx::cli

// Shared pieces of the liquidfx command line: exit codes, error reporting, and the value types
// CLI11 does not parse by itself (WxH sizes, X,Y,Z vectors).
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>

#include "liquidfx/core/result.h"
#include "liquidfx/gpu/context.h"

namespace lfx::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitBadInput = 2;
inline constexpr int kExitGpuFailure = 3;

/// Prints "liquidfx: error: ..." and returns the exit code for the error's kind. After the run's
/// GPU work ran past the GPU timeout (make_gpu_context), it ends the process there with exit
/// code 3 instead: the GPU may still be running that work, and freeing what it uses would crash.
int fail(const Error& error);

/// Adds --gpu-timeout S to a command: how long to wait for the GPU's work (default 120 s).
void add_gpu_timeout_option(CLI::App& command, double& seconds);
/// The run's GPU context, waiting at most `timeout_seconds` for any submission; fail() knows it.
Result<std::unique_ptr<gpu::Context>> make_gpu_context(double timeout_seconds);
/// Tells fail() the run's GPU context when it was made some other way (the viewer's window).
void watch_gpu_context(const gpu::Context& ctx);

/// "WIDTHxHEIGHT", each an integer in [1, 16384].
Result<std::pair<std::uint32_t, std::uint32_t>> parse_size(const std::string& text);
/// A CLI11 check for parse_size's format, so that the message comes at parse time.
CLI::Validator size_validator();

/// CLI11 checks with liquidfx's wording: "expected a number in [0, 1], got 1.5".
CLI::Validator number_in(double min, double max);
CLI::Validator integer_in(long min, long max);

/// Whether stderr is a terminal (progress bars only there).
bool stderr_is_terminal();

/// Exit code for a run whose Context saw `validation_messages` validation messages: any is a
/// GPU failure (they have already been logged).
int validation_exit_code(std::uint64_t validation_messages);

}  // namespace lfx::cli

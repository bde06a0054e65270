// Runs the liquidfx CLI as a subprocess, for tests of its exit codes and messages.
#pragma once

#include <string>
#include <vector>

namespace lfx::test {

struct CliResult {
  int exit_code = -1;
  std::string output;  ///< stdout and stderr together.
};

/// Runs `liquidfx ARGS` (a shell-quoted argument string) with optional environment assignments
/// in front ("LIQUIDFX_DEVICE=x").
CliResult run_cli(const std::string& args, const std::string& environment = "");

/// One bad command line and a piece of the message it must give.
struct BadInvocation {
  std::string args;
  std::string message;
};

/// Runs each invocation and expects exit code 2 (bad input) and its message in the output.
void expect_bad_input(const std::vector<BadInvocation>& cases);

/// The text as one shell word (single-quoted, quotes escaped), for paths with any characters.
std::string shell_quote(const std::string& text);

/// Writes text to a file under the test output folder and returns its path.
std::string write_test_file(const std::string& name, const std::string& text);

/// The cells of one CSV row (`--stats`), split at commas: the statistics have no quoted fields,
/// and an empty cell (a statistic not measured yet) is kept, the last one too.
std::vector<std::string> csv_cells(const std::string& line);

/// One statistic's column of a `--stats` file, a cell a frame (empty before its first
/// measurement). A missing file or column, or a row not as wide as the header, fails the test
/// and gives nothing.
std::vector<std::string> stats_column(const std::string& csv_path, const std::string& statistic);

}  // namespace lfx::test

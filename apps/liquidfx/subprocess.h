// Running another program (ffmpeg) with an argument vector: no shell ever sees a user's path,
// so quotes, spaces and `;` in folder or scene names are just characters.
#pragma once

#include <string>
#include <vector>

#include "liquidfx/core/result.h"

namespace lfx::cli {

/// Whether `program` is an executable file on $PATH.
bool program_on_path(const std::string& program);

/// Runs argv[0] (searched on $PATH) with the arguments argv[1..], stdin from /dev/null, and
/// waits; returns its exit status (128 + the signal when one killed it).
Result<int> run_program(const std::vector<std::string>& argv);

}  // namespace lfx::cli

// The subcommands of the liquidfx CLI; each returns the process exit code.
#pragma once

#include "cli.h"

namespace lfx::cli {

int run_render(Args& args);
int run_bench(Args& args);
int run_devices(Args& args);
int run_knobs(Args& args);
int run_fill(Args& args);
int run_slosh(Args& args);

}  // namespace lfx::cli

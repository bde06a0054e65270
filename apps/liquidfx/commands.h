// The subcommands of the liquidfx CLI. Each adds itself to the app with its options; when it is
// the one chosen, its callback runs it and stores the process exit code in `exit_code`.
#pragma once

#include "cli.h"

namespace lfx::cli {

void add_render_command(CLI::App& app, int& exit_code);
void add_bench_command(CLI::App& app, int& exit_code);
void add_devices_command(CLI::App& app, int& exit_code);
void add_knobs_command(CLI::App& app, int& exit_code);
void add_fill_command(CLI::App& app, int& exit_code);
void add_slosh_command(CLI::App& app, int& exit_code);
void add_view_command(CLI::App& app, int& exit_code);

}  // namespace lfx::cli

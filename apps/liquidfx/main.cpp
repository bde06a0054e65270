// liquidfx: render, benchmark and inspect liquid effects from the command line. Arguments are
// parsed by CLI11: options in any order, typed and range-checked, with --help for each command.
#include <malloc.h>

#include <algorithm>
#include <cstdio>
#include <vector>

#include "cli.h"
#include "commands.h"
#include "progress.h"

namespace {

// A CPU Vulkan driver (lavapipe) allocates and frees large blocks every frame (the more so the
// more instances a draw has, as the times below suggest). glibc serves blocks above an adaptive
// threshold from fresh mappings and gives freed memory at the heap's top back to the system, so
// that, depending on the order of earlier allocations, a run either reuses that memory or
// faults in new pages every frame: measured at 100 bottles, the reference's two draws of 100
// instances took 83 ms instead of 32, and the bottle surfaces 150 ms or 95 depending on the
// build. Keeping freed memory for reuse makes every run the steady one (the whole frame 30 %
// faster there); a GPU driver does not allocate like this, and the CLI keeps at most its peak.
void keep_freed_memory_for_reuse() {
#ifdef __GLIBC__
  mallopt(M_MMAP_THRESHOLD, 256 << 20);
  mallopt(M_TRIM_THRESHOLD, 512 << 20);
#endif
}

}  // namespace

int main(int argc, char** argv) {
  keep_freed_memory_for_reuse();
  CLI::App app("liquidfx: real-time liquid effects on Vulkan 1.3. Exit codes: 0 success, 2 bad input, 3 GPU failure.",
               "liquidfx");
  app.require_subcommand(1);
  app.failure_message([](const CLI::App* top, const CLI::Error& e) {
    const std::vector<CLI::App*> chosen = top->get_subcommands();
    const std::string command = chosen.empty() ? "" : chosen.front()->get_name();
    std::string text = "liquidfx: error: " + (command.empty() ? "" : command + ": ") + e.what() + "\n";
    text += "(see liquidfx " + (command.empty() ? "" : command + " ") + "--help)\n";
    return text;
  });
  lfx::cli::show_library_progress();
  int exit_code = lfx::cli::kExitOk;
  lfx::cli::add_render_command(app, exit_code);
  lfx::cli::add_bench_command(app, exit_code);
  lfx::cli::add_devices_command(app, exit_code);
  lfx::cli::add_knobs_command(app, exit_code);
  lfx::cli::add_fill_command(app, exit_code);
  lfx::cli::add_slosh_command(app, exit_code);
  lfx::cli::add_view_command(app, exit_code);
  if (argc < 2) {
    std::fputs(app.help().c_str(), stderr);
    return lfx::cli::kExitBadInput;
  }
  const std::vector<CLI::App*> commands = app.get_subcommands({});
  const bool known = std::any_of(commands.begin(), commands.end(), [&](CLI::App* c) { return c->check_name(argv[1]); });
  if (argv[1][0] != '-' && !known) {
    std::fprintf(stderr, "liquidfx: error: unknown command \"%s\" (see liquidfx --help)\n", argv[1]);
    return lfx::cli::kExitBadInput;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int printed = app.exit(e);  // help: 0 after printing it; errors: the message above
    return printed == 0 ? lfx::cli::kExitOk : lfx::cli::kExitBadInput;
  }
  return exit_code;
}

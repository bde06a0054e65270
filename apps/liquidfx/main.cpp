// liquidfx: render, benchmark and inspect liquid effects from the command line.
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "cli.h"
#include "commands.h"

namespace {

constexpr const char* kUsage =
    "liquidfx: real-time liquid effects on Vulkan 1.3\n"
    "\n"
    "usage: liquidfx COMMAND [options]   (liquidfx COMMAND --help for its options)\n"
    "\n"
    "  render SCENE --out DIR   render a scene's timeline to PNGs (and MP4)\n"
    "  bench SCENE              per-pass GPU times of a scene\n"
    "  devices                  list Vulkan devices (choose with LIQUIDFX_DEVICE)\n"
    "  knobs [GROUP]            list the knobs of the room and the effects\n"
    "  fill --mesh FILE ...     the exact fill plane of a mesh at any orientation\n"
    "  slosh --motion CSV ...   trace what the liquid in a moving container does\n"
    "\n"
    "Exit codes: 0 success, 2 bad input, 3 GPU failure.\n";

struct Command {
  const char* name;
  int (*run)(lfx::cli::Args&);
};

constexpr Command kCommands[] = {
    {"render", lfx::cli::run_render}, {"bench", lfx::cli::run_bench}, {"devices", lfx::cli::run_devices},
    {"knobs", lfx::cli::run_knobs},   {"fill", lfx::cli::run_fill},   {"slosh", lfx::cli::run_slosh},
};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || std::strcmp(argv[1], "--help") == 0 || std::strcmp(argv[1], "-h") == 0 ||
      std::strcmp(argv[1], "help") == 0) {
    std::fputs(kUsage, argc < 2 ? stderr : stdout);
    return argc < 2 ? lfx::cli::kExitBadInput : lfx::cli::kExitOk;
  }
  for (const Command& c : kCommands) {
    if (std::strcmp(argv[1], c.name) != 0) continue;
    lfx::cli::Args args(c.name, std::vector<std::string>(argv + 2, argv + argc));
    return c.run(args);
  }
  std::fprintf(stderr, "liquidfx: error: unknown command \"%s\"\n\n%s", argv[1], kUsage);
  return lfx::cli::kExitBadInput;
}

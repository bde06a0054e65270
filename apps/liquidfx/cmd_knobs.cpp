// liquidfx knobs [GROUP]: the knob tables (name, type, default, range, unit, doc) as Markdown.
#include <cstdio>
#include <memory>

#include "cli.h"
#include "commands.h"
#include "liquidfx/core/slosh/slosh_knobs.h"
#include "liquidfx/gpu/render/room.h"
#include "liquidfx/scene/effect.h"

namespace lfx::cli {

namespace {

int run_knobs(const std::string& wanted) {
  bool found = false;
  if (wanted.empty() || wanted == "room") {
    const gpu::RoomKnobs defaults{};
    std::printf("## room\n\nThe backdrop room.\n\n%s\n",
                knob_table_markdown(gpu::RoomKnobs::knobs(), &defaults).c_str());
    found = true;
  }
  if (wanted.empty() || wanted == "slosh") {
    const SloshKnobs defaults{};
    std::printf("## slosh\n\nA liquid in a container (`liquidfx slosh --set knob=value`).\n\n%s\n",
                knob_table_markdown(SloshKnobs::knobs(), &defaults).c_str());
    found = true;
  }
  for (const scene::EffectType& type : scene::effect_types()) {
    if (!wanted.empty() && wanted != type.name) continue;
    std::printf("## %.*s\n\n%.*s\n\n%s\n", int(type.name.size()), type.name.data(), int(type.summary.size()),
                type.summary.data(), type.knob_markdown().c_str());
    found = true;
  }
  if (!found) return fail(input_error("knobs: no knob group \"" + wanted + "\""));
  return kExitOk;
}

}  // namespace

void add_knobs_command(CLI::App& app, int& exit_code) {
  auto group = std::make_shared<std::string>();
  CLI::App* c = app.add_subcommand("knobs",
                                   "Print the knobs of the room and of every effect type (or of one) as Markdown "
                                   "tables; set them in a scene or with --set GROUP.knob=value");
  c->add_option("GROUP", *group, "room, slosh or an effect type");
  c->callback([group, &exit_code] { exit_code = run_knobs(*group); });
}

}  // namespace lfx::cli

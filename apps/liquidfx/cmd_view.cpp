// liquidfx view SCENE [--size WxH] [--set k=v]... [--script INPUT.json --frames N --screenshot OUT.png]
// The viewer (apps/viewer): a window to play with the scene's effects live.
#include "commands.h"
#include "scene_setup.h"
#include "viewer.h"

namespace lfx::cli {

void add_view_command(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<viewer::ViewerOptions>();
  auto scene = std::make_shared<SceneOptions>();
  CLI::App* c = app.add_subcommand("view", "Open a window to play with the scene's effects live");
  add_scene_options(*c, *scene);
  c->add_option("--script", options->script, "Replay timed mouse, key and knob events (JSON)");
  c->add_option("--frames", options->frames, "Run this many frames at the scene's fps, then exit")
      ->check(integer_in(1, 1000000));
  c->add_option("--screenshot", options->screenshot, "With --frames: save the last frame, panels included (PNG)");
  c->add_flag(
      "--no-vsync", [options](std::int64_t) { options->vsync = false; }, "Do not wait for the display");
  c->add_flag("--validation", options->validation, "Vulkan validation layers (a message fails the run)");
  c->callback([options, scene, &exit_code] {
    if (!options->screenshot.empty() && options->frames == 0) {
      std::fprintf(stderr, "liquidfx: error: view: --screenshot needs --frames\n");
      exit_code = kExitBadInput;
      return;
    }
    options->scene_path = scene->path;
    options->size = scene->size;
    options->settings = scene->settings;
    exit_code = viewer::run_viewer(*options);
  });
}

}  // namespace lfx::cli

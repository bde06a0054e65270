#include "scene_setup.h"

namespace lfx::cli {

void add_scene_options(CLI::App& command, SceneOptions& options) {
  command.add_option("SCENE", options.path, "The scene (.json)")->required();
  command.add_option("--size", options.size, "Output size in pixels (default: the scene's resolution)")
      ->check(size_validator());
  command.add_option("--set", options.settings, "Override a knob: GROUP.knob=value (repeatable)")
      ->take_all()
      ->allow_extra_args(false);
}

Result<SceneSetup> read_scene_setup(const SceneOptions& options) {
  auto scene = scene::load_scene(options.path);
  if (!scene) return scene.error();
  for (const std::string& setting : options.settings) LFX_TRY(scene::apply_setting(*scene, setting));
  SceneSetup setup{std::move(scene.value()), 0, 0};
  setup.width = setup.scene.width;
  setup.height = setup.scene.height;
  if (!options.size.empty()) {
    LFX_TRY_ASSIGN(const auto size, parse_size(options.size));
    setup.width = size.first;
    setup.height = size.second;
  }
  return setup;
}

}  // namespace lfx::cli

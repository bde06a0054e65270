#include "scene_setup.h"

namespace lfx::cli {

Result<SceneSetup> read_scene_setup(Args& args) {
  auto size = args.size("--size");
  if (!size) return size.error();
  auto settings = args.values("--set");
  if (!settings) return settings.error();
  auto path = args.positional("SCENE (a scene .json file)");
  if (!path) return path.error();
  auto scene = scene::load_scene(*path);
  if (!scene) return scene.error();
  for (const std::string& setting : *settings)
    if (auto r = scene::apply_setting(*scene, setting); !r) return r.error();
  SceneSetup setup{std::move(scene.value()), 0, 0};
  setup.width = *size ? (*size)->first : setup.scene.width;
  setup.height = *size ? (*size)->second : setup.scene.height;
  return setup;
}

}  // namespace lfx::cli

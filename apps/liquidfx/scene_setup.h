// The part of `render` and `bench` that reads the scene: SCENE, --size WxH, --set k=v...
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "cli.h"
#include "liquidfx/scene/scene.h"

namespace lfx::cli {

struct SceneOptions {
  std::string path;
  std::string size;  ///< "WxH", empty: the scene's resolution.
  std::vector<std::string> settings;
};

/// Adds SCENE, --size and --set to a command.
void add_scene_options(CLI::App& command, SceneOptions& options);

struct SceneSetup {
  scene::Scene scene;
  std::uint32_t width = 0;  ///< --size, else the scene's resolution.
  std::uint32_t height = 0;
};

/// Reads the scene file and applies --size and --set.
Result<SceneSetup> read_scene_setup(const SceneOptions& options);

}  // namespace lfx::cli

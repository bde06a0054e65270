// The part of `render` and `bench` that reads the scene: SCENE, --size WxH, --set k=v...
#pragma once

#include <cstdint>

#include "cli.h"
#include "liquidfx/scene/scene.h"

namespace lfx::cli {

struct SceneSetup {
  scene::Scene scene;
  std::uint32_t width = 0;  ///< --size, else the scene's resolution.
  std::uint32_t height = 0;
};

/// Reads the scene file named by the first positional argument and applies --size and --set.
Result<SceneSetup> read_scene_setup(Args& args);

}  // namespace lfx::cli

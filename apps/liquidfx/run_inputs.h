// The files a command reads, so that none of its outputs is written over one of them: a
// `--stats scene.json` or an `--out` folder holding the scene's own picture must not destroy
// the input.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "liquidfx/core/result.h"
#include "liquidfx/scene/scene.h"

namespace lfx::cli {

class RunInputs {
 public:
  /// The scene file and every file it names (any string in it that is an existing file,
  /// relative to the scene's folder or absolute: meshes, pictures, motion).
  static RunInputs of_scene(const scene::Scene& scene);
  /// An input that exists (a path that does not is nothing to protect).
  void add(const std::string& path);

  /// An error naming `option` when `output` is one of the inputs (the same file, through any
  /// link or relative path).
  Result<void> check_output(const std::string& option, const std::string& output) const;
  /// The inputs that lie in `folder`, by file name.
  std::vector<std::string> names_in(const std::string& folder) const;

 private:
  std::vector<std::filesystem::path> files_;
};

}  // namespace lfx::cli

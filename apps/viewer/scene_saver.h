// Writing the viewer's knob changes back into a scene file: each changed knob goes into its
// effect's block (or, for a bottle's container, the container's object), and everything else in
// the file - other keys, their order, other effects - is kept as it was.
#pragma once

#include <string>
#include <vector>

#include "liquidfx/core/knobs.h"
#include "liquidfx/core/result.h"
#include "liquidfx/scene/scene.h"

namespace lfx::viewer {

/// A knob whose value differs from the one the scene was loaded with.
struct ChangedKnob {
  std::size_t effect;  ///< Index into the scene's effects.
  std::string group;   ///< The knob group (the instance, or one of its containers).
  const KnobSpec* spec;
  std::string text;  ///< The new value as format_knob writes it.
};

/// Reads `scene_path`, writes the changed knobs into it and saves the result to `out_path`
/// (which may be the same file).
Result<void> save_knobs(const scene::Scene& scene, const std::string& scene_path, const std::string& out_path,
                        const std::vector<ChangedKnob>& changed);

/// Where "save a copy" writes: scene.json -> scene.saved.json beside it.
std::string saved_copy_path(const std::string& scene_path);

}  // namespace lfx::viewer

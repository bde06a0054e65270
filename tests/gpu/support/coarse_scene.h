// Cheaper copies of costly demo scenes for tests: the scene's text with some of its values
// replaced (setup keys such as a particle spacing are not knobs, so --set cannot change them).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "liquidfx/core/result.h"
#include "liquidfx/scene/scene.h"

namespace lfx::test {

/// One replacement: the first occurrence of `from` in the scene's text becomes `to`.
using TextEdit = std::pair<std::string, std::string>;

/// scenes/pour.json with particles twice as wide: the same pour with an eighth of the particles
/// (cells of 10 mm against the glass's 3 mm wall).
const std::vector<TextEdit>& coarse_pour_edits();

/// scenes/<name>.json with `edits` applied (each must be found), parsed; errors name the scene
/// and the missing text.
Result<scene::Scene> load_edited_scene(const std::string& name, const std::vector<TextEdit>& edits);

}  // namespace lfx::test

// lfx::viewer::ViewerScript: timed mouse, key and knob events that `liquidfx view --script`
// replays, for tests and reproducible captures:
//
//   {"events": [
//     {"time": 0.5, "kind": "press", "at": [0.5, 0.6], "button": "left"},
//     {"time": 0.6, "kind": "drag", "at": [0.55, 0.6]},
//     {"time": 0.7, "kind": "release", "at": [0.6, 0.6]},
//     {"time": 0.8, "kind": "wheel", "at": [0.5, 0.5], "notches": 2},
//     {"time": 1.0, "kind": "key", "key": "space"},
//     {"time": 1.2, "kind": "set", "setting": "pond.caustics=2"},
//     {"time": 1.5, "kind": "drop", "path": "other.json"}]}   <- a file dropped on the window
//
// Times are seconds from the start, counted in frames at the scene's fps (so pausing the scene
// does not hold the script back); "at" is a frame position ((0, 0) top left, (1, 1) bottom right).
// Pointer events reach the effects and the camera exactly as the mouse's do.
#pragma once

#include <glm/vec2.hpp>
#include <string>
#include <vector>

#include "liquidfx/core/result.h"
#include "liquidfx/scene/effect.h"

namespace lfx::viewer {

enum class ScriptKind { press, drag, release, wheel, key, set, drop };

struct ScriptEvent {
  double time = 0.0;
  ScriptKind kind = ScriptKind::press;
  glm::vec2 at{0.5f};
  scene::PointerButton button = scene::PointerButton::left;
  float notches = 0.0f;
  std::string key;      ///< key: a viewer key's name (space, period, h, f12...).
  std::string setting;  ///< set: "GROUP.knob=value".
  std::string path;     ///< drop: the scene file dropped (relative to the working folder).
  std::string where;    ///< The script file and the event's JSON path, for messages.
};

/// Reads a script file (at most scene::kMaxSceneBytes); errors name the file and the JSON path.
/// Events come out sorted by time.
Result<std::vector<ScriptEvent>> read_viewer_script(const std::string& path);
/// The same from the script's text; `source` names it in messages.
Result<std::vector<ScriptEvent>> parse_viewer_script(const std::string& text, const std::string& source);

}  // namespace lfx::viewer

// A scene: what `liquidfx render` and the viewer show. Loaded from JSON:
//
//   {
//     "resolution": [640, 360], "fps": 30, "duration": 4,
//     "camera": {"position": [0, 1.2, 3], "target": [0, 0.5, 0], "fov": 40, "exposure": 0, "tonemap": "filmic",
//                "keys": [{"time": 2, "position": [...], "target": [...], "fov": 35}]},
//     "backdrop": {"checker_size": 0.25, ..., "props": [{"shape": "box", "center": [...],
//                  "size": [...], "color": [...], "yaw": 20}]},
//     "tracks": {"hand": [{"time": 0, "position": [...], "rotation": [...]}, ...]},
//     "effects": [{"type": "bottle", "name": "left", ...effect knobs and settings...}]
//   }
//
// Errors name the file, the JSON path and the problem:
//   "scenes/x.json: /camera/fov: expected a number in (0, 180), got 200".
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "liquidfx/core/camera.h"
#include "liquidfx/core/knobs.h"
#include "liquidfx/core/result.h"
#include "liquidfx/gpu/render/room.h"
#include "liquidfx/scene/track.h"

namespace lfx::scene {

/// The camera at one moment of the timeline.
struct CameraKey {
  double time = 0.0;  ///< Seconds.
  glm::vec3 position{0.0f, 1.2f, 3.0f};
  glm::vec3 target{0.0f, 0.5f, 0.0f};
  float fov_y_degrees = 40.0f;
};

/// Camera keyframes, interpolated smoothly (Catmull-Rom through the keys, held before the first
/// and after the last).
struct CameraTrack {
  std::vector<CameraKey> keys;  ///< Sorted by time, at least one.
  float exposure_stops = 0.0f;
  bool filmic = true;  ///< "tonemap": "filmic" (default) or "none" (clip: for 2D pictures).
  Camera at(double time) const;
};

/// One effect in the scene, as written in the file; the effect type reads its block.
struct EffectInstance {
  std::string type;      ///< A registered effect type ("bottle", "ripples", ...).
  std::string name;      ///< Unique within the scene; defaults to type + index.
  std::string path;      ///< JSON pointer of the block, for messages.
  nlohmann::json block;  ///< The whole object, "type" and "name" included.
};

/// A `--set target.knob=value` for effects, checked and parsed once; the player applies it
/// through the live knob path (set_knob) once the effects exist.
struct KnobSetting {
  std::string target;  ///< An effect type, an instance name, or a knob group's name (a container).
  std::string knob;
  KnobValue value;
  std::string text;  ///< The setting as given, for messages.
};

struct Scene {
  std::string source = "<scene>";  ///< The file, for messages.
  std::uint32_t width = 640;
  std::uint32_t height = 360;
  double fps = 30.0;
  double duration = 4.0;  ///< Seconds.
  CameraTrack camera;
  gpu::RoomDesc backdrop;
  std::map<std::string, Track> tracks;  ///< Scripted motion effects can follow by name.
  std::vector<EffectInstance> effects;
  std::vector<KnobSetting> settings;  ///< From --set, in order.

  /// Number of frames the whole timeline has at fps.
  std::uint32_t frame_count() const;
};

/// The largest scene file liquidfx reads.
inline constexpr std::size_t kMaxSceneBytes = std::size_t(64) << 20;

/// Reads and validates a scene file (at most kMaxSceneBytes). Unknown effect types and unknown
/// keys are errors.
Result<Scene> load_scene(const std::string& path);
/// The same from JSON text; `source` names it in messages.
Result<Scene> parse_scene(const std::string& text, const std::string& source);

/// Checks every effect block of a parsed scene as the player would read it (every key, range
/// and reference), without a GPU and without loading meshes or pictures: for validation tools
/// and the fuzzer.
Result<void> check_scene(const Scene& scene);

/// Applies `--set group.knob=value`: group is "room" (the backdrop, set now), an effect type (all
/// its instances), an instance name or a knob group of one (a bottle's container), kept in
/// Scene::settings for the player. The knob and value are checked now where the group names an
/// effect type or instance. Errors name the setting ("--set room.size=1: unknown knob ...").
Result<void> apply_setting(Scene& scene, const std::string& setting);

/// "GROUP.knob=value" taken apart (the knob is after the last dot before "="); an error names
/// the setting when it has no such shape.
struct SettingText {
  std::string group, knob, value;
};
Result<SettingText> split_setting(const std::string& setting);

}  // namespace lfx::scene

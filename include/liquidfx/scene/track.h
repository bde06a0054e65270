// Scripted motion: a named track of pose keys that effects follow ("hand", "cart").
//
//   "tracks": {"hand": [{"time": 0, "position": [0, 0, 0], "rotation": [0, 0, 0]},
//                       {"time": 1.5, "position": [0, 0.3, 0], "flight": true},
//                       {"time": 2.1, "position": [0.8, 0.2, 0]}]}
//
// Positions follow a C1 curve through the keys (Catmull-Rom with time-aware tangents), so
// accelerations stay finite; rotations ([x, y, z] degrees, applied z, then x, then y) likewise.
// A key with "flight": true starts a ballistic segment: from it to the next key the position
// is a parabola under gravity (free fall), as when something is thrown and caught.
#pragma once

#include <glm/vec3.hpp>
#include <map>
#include <string>
#include <vector>

#include "liquidfx/core/result.h"
#include "liquidfx/core/slosh/pose.h"
#include "liquidfx/scene/json_object.h"

namespace lfx::scene {

struct TrackKey {
  double time = 0.0;                 ///< Seconds, increasing along the track.
  glm::vec3 position{0.0f};          ///< Metres.
  glm::vec3 rotation_degrees{0.0f};  ///< Euler angles about x, y, z.
  bool flight = false;               ///< Free fall from this key to the next.
};

class Track {
 public:
  Track() = default;
  explicit Track(std::vector<TrackKey> keys) : keys_(std::move(keys)) {}
  /// Pose at `time` (held before the first key and after the last).
  Pose at(double time) const;
  const std::vector<TrackKey>& keys() const { return keys_; }

 private:
  std::vector<TrackKey> keys_;
};

/// Reads "tracks": {name: [keys...]} (absent: none). Errors name the JSON path.
Result<std::map<std::string, Track>> read_tracks(const JsonObject& root);

/// A quaternion from [x, y, z] degrees (applied about z, then x, then y).
glm::quat rotation_from_degrees(const glm::vec3& degrees);

}  // namespace lfx::scene

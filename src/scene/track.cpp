#include "liquidfx/scene/track.h"

#include <algorithm>
#include <cmath>
#include <glm/gtc/quaternion.hpp>
#include <glm/trigonometric.hpp>

#include "key_curve.h"
#include "liquidfx/core/slosh/liquid_container.h"

namespace lfx::scene {

glm::quat rotation_from_degrees(const glm::vec3& degrees) {
  const glm::vec3 r = glm::radians(degrees);
  return glm::angleAxis(r.y, glm::vec3(0, 1, 0)) * glm::angleAxis(r.x, glm::vec3(1, 0, 0)) *
         glm::angleAxis(r.z, glm::vec3(0, 0, 1));
}

Pose Track::at(double time) const {
  if (keys_.empty()) return {};
  if (keys_.size() == 1 || time <= keys_.front().time)
    return {keys_.front().position, rotation_from_degrees(keys_.front().rotation_degrees)};
  if (time >= keys_.back().time) return {keys_.back().position, rotation_from_degrees(keys_.back().rotation_degrees)};
  std::size_t i = 0;
  while (keys_[i + 1].time < time) ++i;
  const TrackKey& a = keys_[i];
  const TrackKey& b = keys_[i + 1];
  Pose pose;
  pose.orientation = rotation_from_degrees(hermite_through(keys_, i, time, &TrackKey::rotation_degrees));
  if (a.flight) {
    // A parabola from a to b under gravity: the launch velocity that lands on b in time.
    const float span = float(b.time - a.time), t = float(time - a.time);
    // The slosh core's gravity, so that a thrown container is exactly in free fall for it.
    const glm::vec3 gravity(0.0f, -float(kGravity), 0.0f);
    const glm::vec3 launch = (b.position - a.position) / span - 0.5f * gravity * span;
    pose.position = a.position + launch * t + 0.5f * gravity * t * t;
  } else {
    pose.position = hermite_through(keys_, i, time, &TrackKey::position);
  }
  return pose;
}

Result<std::map<std::string, Track>> read_tracks(const JsonObject& root) {
  std::map<std::string, Track> tracks;
  auto object = root.object("tracks");
  if (!object) return object.error();
  if (!*object) return tracks;
  const JsonObject& o = **object;
  const nlohmann::json* raw = root.raw("tracks");
  for (auto it = raw->begin(); it != raw->end(); ++it) {
    const std::string path = o.path_of(it.key());
    (void)o.raw(it.key());
    if (!it->is_array() || it->empty()) return input_error(path + ": expected an array of keys");
    std::vector<TrackKey> keys;
    for (std::size_t i = 0; i < it->size(); ++i) {
      auto key = JsonObject::from((*it)[i], path + "/" + std::to_string(i));
      if (!key) return key.error();
      TrackKey k = keys.empty() ? TrackKey{} : keys.back();
      k.flight = false;
      auto time = key->number("time", {0.0, 3600.0});
      if (!time) return time.error();
      if (!keys.empty() && *time <= keys.back().time)
        return key->error_at("time", "keys must be in increasing time order");
      k.time = *time;
      auto position = key->vec3("position", {-1000.0, 1000.0}, k.position);
      if (!position) return position.error();
      auto rotation = key->vec3("rotation", {-3600.0, 3600.0}, k.rotation_degrees);
      if (!rotation) return rotation.error();
      auto flight = key->boolean("flight", false);
      if (!flight) return flight.error();
      LFX_TRY(key->finish());
      k.position = *position;
      k.rotation_degrees = *rotation;
      k.flight = *flight;
      keys.push_back(k);
    }
    if (keys.back().flight)
      return input_error(path + "/" + std::to_string(keys.size() - 1) + "/flight: a flight needs a key to land on");
    tracks.emplace(it.key(), Track(std::move(keys)));
  }
  return tracks;
}

}  // namespace lfx::scene

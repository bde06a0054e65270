// lfx::scene::BottleHand: containers the pointer picks up. A held container follows the pointer
// on a vertical plane facing the camera (through the point it was grabbed at) and tilts with the
// wheel; let go while moving it flies under gravity, lands at the height it stood at, slides to
// a stop and rights itself; let go at rest it is put down where it is. The slosh core sees these
// poses like any scripted motion, so shaking, tilting and throwing slosh the liquid.
#pragma once

#include <cstddef>
#include <deque>
#include <map>
#include <optional>

#include "liquidfx/core/slosh/pose.h"
#include "liquidfx/scene/effect.h"

namespace lfx::scene {

class BottleHand {
 public:
  /// Takes container `index` at `pose`, grabbed where `ray` meets it `distance` metres out; it
  /// stands at `rest_height` (metres) upright as `upright`.
  void grab(std::size_t index, const Pose& pose, const Ray& ray, float distance, float rest_height,
            const glm::quat& upright, double time);
  /// The pointer moved (its ray at scene time `time`).
  void drag(const Ray& ray, double time);
  /// Wheel notches tilt the held container about the view's axis (8 degrees a notch).
  void tilt(float notches);
  /// Lets go: thrown with the pointer's velocity over its last 60 ms.
  void release(double time);
  /// Moves what flies or settles by dt seconds.
  void advance(double dt);

  bool holding() const { return held_.has_value(); }
  /// The pose of container `index` when the hand has moved it (nullopt: never touched).
  std::optional<Pose> pose_of(std::size_t index) const;
  /// Containers held or in the air.
  int in_hand() const;
  /// Forgets every container (a new layout).
  void clear();

 private:
  enum class Phase { held, flying, settling, resting };
  struct Handled {
    Pose pose;
    glm::vec3 velocity{0.0f};
    Phase phase = Phase::held;
    float rest_height = 0.0f;
    glm::quat upright{1.0f, 0.0f, 0.0f, 0.0f};
  };
  std::map<std::size_t, Handled> handled_;
  std::optional<std::size_t> held_;
  glm::vec3 plane_point_{0.0f}, plane_normal_{0.0f, 0.0f, 1.0f}, offset_{0.0f};
  std::deque<std::pair<double, glm::vec3>> trail_;  // (time, position) while held
};

}  // namespace lfx::scene

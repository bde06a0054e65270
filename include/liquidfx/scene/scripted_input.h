// Scripted pointer-like input that flat effects share: taps at given times, drags along a path
// and rain, read from an effect's JSON block:
//
//   "touches": [{"time": 0.5, "position": [u, v], "intensity": 1}],
//   "drags":   [{"start": 2, "end": 4, "path": [[u, v], [u, v], ...]}],
//   "rain":    {"rate": 8, "seed": 7}                                   <- drops per second
//
// Positions are image UV in [0, 1]. The same scene gives the same touches at any frame rate.
#pragma once

#include <glm/vec2.hpp>
#include <random>
#include <vector>

#include "liquidfx/core/result.h"
#include "liquidfx/core/touch.h"
#include "liquidfx/scene/json_object.h"

namespace lfx::scene {

/// Whether an event scripted at `time` happens in the step from t0 to t1: in (t0, t1], and at
/// time 0 in the first step (which starts at 0), so that nothing scripted is ever skipped.
inline bool happens_in_step(double time, double t0, double t1) {
  return (time > t0 || (t0 == 0.0 && time == 0.0)) && time <= t1;
}

class ScriptedInput {
 public:
  /// Reads "touches", "drags" and "rain" from the block (each optional).
  static Result<ScriptedInput> read(const JsonObject& block);

  /// The step of dt > 0 seconds from t0: appends the touches due in it (happens_in_step;
  /// scripted, then raindrops) and the points drags hold at its end.
  void step(double t0, double dt, std::vector<Touch>& touches, std::vector<glm::vec2>& held);

 private:
  struct Timed {
    double time;
    Touch touch;
  };
  struct Drag {
    double start, end;
    std::vector<glm::vec2> path;
    glm::vec2 at(double t) const;
  };
  std::vector<Timed> touches_;
  std::vector<Drag> drags_;
  float rain_rate_ = 0.0f;  // drops per second
  double rain_budget_ = 0.0;
  std::mt19937 rng_{1};
};

}  // namespace lfx::scene

// The exact solution of the damped oscillator x'' + c x' + k x = 0 over any time step: under-,
// critically and over-damped, and k = 0 (free drift with drag). No sub-stepping; any dt is stable
// and the energy 1/2 v^2 + 1/2 k x^2 never grows.
#pragma once

#include <glm/vec2.hpp>

namespace lfx {

/// The linear map one step applies to (x, v); reusable while k, c and dt stay the same.
struct OscillatorStep {
  double k = 0.0, half_c = 0.0;
  double cos_term = 1.0;  ///< e^{-ct/2} C(t)
  double sin_term = 0.0;  ///< e^{-ct/2} S(t)

  /// k >= 0 (stiffness, 1/s^2), c >= 0 (damping, 1/s), dt >= 0 (seconds).
  static OscillatorStep make(double k, double c, double dt);
  void apply(glm::dvec2& x, glm::dvec2& v) const;
};

/// Advances (x, v) by dt seconds.
inline void advance_damped_oscillator(glm::dvec2& x, glm::dvec2& v, double k, double c, double dt) {
  if (dt > 0.0) OscillatorStep::make(k, c, dt).apply(x, v);
}

}  // namespace lfx

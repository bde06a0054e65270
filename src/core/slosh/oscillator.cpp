#include "liquidfx/core/slosh/oscillator.h"

#include <cmath>

namespace lfx {

OscillatorStep OscillatorStep::make(double k, double c, double dt) {
  // x(t) = e^{-a t} (x0 C(t) + (v0 + a x0) S(t)),  v(t) = e^{-a t} (v0 C(t) - (a v0 + k x0) S(t)),
  // a = c / 2, b2 = k - a^2; C = cos(bt), S = sin(bt)/b when b2 > 0; cosh and sinh(gt)/g with
  // g^2 = -b2 when b2 < 0. Each product with e^{-a t} is formed so that it cannot overflow.
  OscillatorStep step;
  step.k = k;
  step.half_c = 0.5 * c;
  const double a = step.half_c;
  const double b2 = k - a * a;
  const double s = b2 * dt * dt;
  if (std::abs(s) < 1e-4) {
    // Near critical damping: series of C and S in b2 t^2 (errors below 1e-13).
    const double decay = std::exp(-a * dt);
    step.cos_term = decay * (1.0 - s / 2.0 + s * s / 24.0);
    step.sin_term = decay * dt * (1.0 - s / 6.0 + s * s / 120.0);
  } else if (b2 > 0.0) {
    const double b = std::sqrt(b2);
    const double decay = std::exp(-a * dt);
    step.cos_term = decay * std::cos(b * dt);
    step.sin_term = decay * std::sin(b * dt) / b;
  } else {
    const double g = std::sqrt(-b2);  // g <= a when k >= 0: both exponents below are <= 0
    const double slow = std::exp((g - a) * dt), fast = std::exp(-(g + a) * dt);
    step.cos_term = 0.5 * (slow + fast);
    step.sin_term = 0.5 * (slow - fast) / g;
  }
  return step;
}

void OscillatorStep::apply(glm::dvec2& x, glm::dvec2& v) const {
  const glm::dvec2 x0 = x, v0 = v;
  x = x0 * cos_term + (v0 + half_c * x0) * sin_term;
  v = v0 * cos_term - (half_c * v0 + k * x0) * sin_term;
}

}  // namespace lfx

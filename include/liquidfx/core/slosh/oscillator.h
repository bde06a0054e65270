// The exact solution of the damped oscillator x'' + c x' + k x = 0 over any time step: under-,
// critically and over-damped, and k = 0 (free drift with drag). No sub-stepping; any dt is stable
// and the energy 1/2 v^2 + 1/2 k x^2 never grows.
#pragma once

#include <glm/vec2.hpp>

namespace lfx {

/// Advances (x, v) by dt >= 0 seconds; k >= 0 (stiffness, 1/s^2), c >= 0 (damping, 1/s).
void advance_damped_oscillator(glm::dvec2& x, glm::dvec2& v, double k, double c, double dt);

}  // namespace lfx

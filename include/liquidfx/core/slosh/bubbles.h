// A pool of bubbles inside a container's liquid: stirred in when agitation passes a threshold,
// nucleated at the bottom for fizzy drinks, growing from nothing (ease-out), rising towards a
// size-dependent terminal speed with a small out-of-phase sideways drift, removed just below the
// surface. Always inside the liquid mesh and below the surface. Deterministic for a given seed.
#pragma once

#include <cstdint>
#include <functional>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <span>
#include <vector>

#include "liquidfx/core/container/inside_grid.h"
#include "liquidfx/core/slosh/slosh_knobs.h"

namespace lfx {

struct Bubble {
  glm::vec3 position{0.0f};  ///< Centre, container coordinates (drift included).
  float radius = 0.0f;       ///< Current radius (m), growing from 0 after spawning.
  float full_radius = 0.0f;  ///< Radius once grown.
  float age = 0.0f;          ///< Seconds since spawning.
  bool alive = false;
};

/// What the bubbles need to know of the liquid each update.
struct BubbleEnvironment {
  const InsideGrid& inside;  ///< Of the liquid mesh (container coordinates).
  glm::vec3 up;              ///< Against effective gravity, container coordinates, unit.
  float buoyancy = 1.0f;     ///< Effective gravity / g, 0 in free fall.
  float agitation = 0.0f;
  glm::vec3 bounds_min{0.0f}, bounds_max{0.0f};  ///< Of the liquid mesh.
  float liquid_bottom = 0.0f;                    ///< Lowest dot(up, p) of the liquid mesh.
  float liquid_top = 0.0f;                       ///< dot(up, p) of the free surface.
  /// Signed distance to the free surface (container coordinates in), negative in the liquid.
  std::function<float(const glm::vec3&)> surface_distance;
};

class BubblePool {
 public:
  BubblePool(int capacity, std::uint64_t seed);

  void update(const BubbleEnvironment& env, const SloshKnobs& knobs, double dt);
  /// Removes every bubble (a teleport, an emptied container).
  void clear();

  std::span<const Bubble> bubbles() const { return bubbles_; }
  int live() const;

 private:
  struct Motion {          // per bubble, beside the public Bubble
    glm::vec3 base{0.0f};  // centre without the drift
    float speed = 0.0f;    // rise speed (m/s)
    glm::vec2 phase{0.0f}, rate{0.0f};
  };
  bool spawn(const BubbleEnvironment& env, const SloshKnobs& knobs, bool at_bottom);
  float next_uniform();  // [0, 1)

  std::vector<Bubble> bubbles_;
  std::vector<Motion> motion_;
  std::uint64_t rng_;
  double spawn_budget_ = 0.0;  // fractional bubbles owed by the spawn rates
};

}  // namespace lfx

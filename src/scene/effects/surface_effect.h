// The "surface" effect: a particles effect's buffer drawn as one continuous liquid
// (gpu::SurfaceRenderer: splat, narrow-range filter, composite).
//
//   {"type": "surface", "name": "water_surface", "source": "water",   <- a particles effect,
//    ...knobs}                                                          earlier in the scene
//   {"type": "surface", "source": "synthetic:lake" | "synthetic:sphere" | "synthetic:box",
//    "position": [0, 0, 0], "size": [0.6, 0.06, 0.4], "spacing": 0.01, "waves": 0.006}
//                      <- particles of its own, for tests and demos without a simulation
#pragma once

#include <memory>

#include "liquidfx/scene/effect.h"

namespace lfx::scene {

Result<std::unique_ptr<Effect>> create_surface_effect(const EffectSetup& setup);

}  // namespace lfx::scene

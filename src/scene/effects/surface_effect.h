// The "surface" effect: a particles effect's buffer drawn as one continuous liquid
// (gpu::SurfaceRenderer: splat, narrow-range filter, composite).
//
//   {"type": "surface", "name": "water_surface", "source": "water",   <- a particles effect,
//    ...knobs}                                                          earlier in the scene
#pragma once

#include <memory>

#include "liquidfx/scene/effect.h"

namespace lfx::scene {

Result<std::unique_ptr<Effect>> create_surface_effect(const EffectSetup& setup);

}  // namespace lfx::scene

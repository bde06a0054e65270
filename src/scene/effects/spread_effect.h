// The "spread" effect: liquid lying on a picture that a finger or a script pushes around
// (gpu::SpreadSolver moves it, gpu::SpreadRenderer shades it). Positions and radii are in units
// of the frame's short side, origin at the top left.
//
//   {"type": "spread", "name": "foundation", "background": "skin" | "scene" | "image",
//    "image": "picture.png", "matcap": "lit_sphere.png",   <- optional: lights the liquid
//    "blobs": [{"centre": [0.9, 0.5], "radius": 0.25, "amount": 0.02, "color": [0.87, 0.68, 0.56]}],
//    "strokes": [{"t0": 0.5, "t1": 1.5, "radius": 0.06, "path": [[0.4, 0.5], [1.4, 0.5]]}],
//    ...knobs}
#pragma once

#include <memory>

#include "liquidfx/scene/effect.h"

namespace lfx::scene {

Result<std::unique_ptr<Effect>> create_spread_effect(const EffectSetup& setup);

}  // namespace lfx::scene

// The "bottle" effect: liquid containers that follow scripted tracks, simulated by
// lfx::LiquidContainer and drawn by gpu::BottleRenderer.
//
//   {"type": "bottle", "name": "shelf", "fill": 0.5,           <- knobs for every container
//    "containers": [{"name": "water", "shape": "bottle",       <- or "mesh": "file.obj|gltf|glb"
//                    "track": "cart", "position": [x, y, z],   <- placed on a track (or the world)
//                    "rotation": [x, y, z], "fill": 0.7, ...}]}  <- and its own knobs
// Without "containers", the block itself describes one container.
#pragma once

#include <memory>

#include "liquidfx/scene/effect.h"

namespace lfx::scene {

Result<std::unique_ptr<Effect>> create_bottle_effect(const EffectSetup& setup);

}  // namespace lfx::scene

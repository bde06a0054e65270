// The "ripples" effect: water ripples over the scene or over a procedural picture (a tile
// puzzle's board), as expanding rings or a wave-equation height field. The runtime is lfx::RipplesSimulation
// (core) drawn by gpu::RipplesRenderer; this file reads the JSON and plays the script.
//
//   {"type": "ripples", "source": "puzzle" | "sunset" | "pebbles" | "scene",
//    "board": {"columns": 6, "rows": 4, "padding": 0.01, "margin": 0.03,
//              "rect": [0.1, 0.05, 0.9, 0.95]},              <- fractions of the image
//    "swaps": [{"time": 1.0, "from": [0, 0], "to": [3, 2]}],   <- tiles swap, rings at both
//    "touches": [{"time": 0.5, "position": [0.3, 0.4], "intensity": 1}],
//    "rain": {"rate": 6, "seed": 1},                           <- random drops per second
//    "drags": [{"start": 2, "end": 4, "path": [[0.1, 0.5], [0.9, 0.6]]}],  <- a stick (waves)
//    "mask": "none" | "ellipse",                               <- the water's shape (waves)
//    "keep_alive": false, "keep_alive_rect": [x0, y0, x1, y1],  <- keep `count` ripples alive
//    ...knobs}
#pragma once

#include <memory>

#include "liquidfx/scene/effect.h"

namespace lfx::scene {

Result<std::unique_ptr<Effect>> create_ripples_effect(const EffectSetup& setup);

}  // namespace lfx::scene

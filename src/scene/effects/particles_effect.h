// The "particles" effect: a GPU particle liquid (MLS-MPM) in a tank, drawn as spheres. The
// runtime is gpu::ParticlesPasses (lfx::ParticlesDriver's clock, emission and colliders' motion,
// stepped on the GPU); this file reads the JSON and routes the pointer. It offers its particles
// to other effects (Effect::particle_source).
//
//   {"type": "particles", "name": "water",
//    "tank": {"min": [0, 0, 0], "max": [1, 0.5, 0.1]},            <- the walls (m, world)
//    "spacing": 0.01,                                             <- optional: else from count
//    "blocks": [{"min": [...], "max": [...], "color": [r, g, b], "velocity": [0, 0, 0]}],
//    "nozzles": [{"position": [...], "direction": [0, -1, 0], "rate": 0.2,   <- litres a second
//                 "speed": 1.5, "start": 0, "end": 4, "color": [...], "track": "hand"}],
//    "sinks": [{"min": [...], "max": [...]}],
//    "colliders": [{"shape": "box", "size": [0.02, 0.2, 0.1], "position": [...],
//                   "rotation": [0, 0, 0], "rounding": 0.005, "track": "paddle"},
//                  {"shape": "sphere", "radius": 0.05, ...}, {"shape": "plane", ...},
//                  {"shape": "wall", "container": "wine_glass" | "mesh": "glass.obj",
//                   "thickness": 0.004, ...}],
//    "seed": 1, "spheres": true,                                  <- draw the particles
//    ...knobs}
#pragma once

#include <memory>

#include "liquidfx/scene/effect.h"

namespace lfx::scene {

Result<std::unique_ptr<Effect>> create_particles_effect(const EffectSetup& setup);

}  // namespace lfx::scene

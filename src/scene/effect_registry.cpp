// The one list of effect types. Adding an effect: include its headers, add its row (with a demo).
#include "effects/bottle_effect.h"
#include "effects/particles_effect.h"
#include "effects/ripples_effect.h"
#include "effects/spread_effect.h"
#include "effects/surface_effect.h"
#include "liquidfx/core/bottle/bottle_knobs.h"
#include "liquidfx/core/particles/particles_knobs.h"
#include "liquidfx/core/ripples/ripples_knobs.h"
#include "liquidfx/core/spread/spread_knobs.h"
#include "liquidfx/core/surface/surface_knobs.h"
#include "liquidfx/scene/effect.h"

namespace lfx::scene {
namespace {

// A still pool of particle liquid seen from the front, the frame's centre in it: the particles'
// demo, and with a surface drawing it (`then`, more effect blocks) the surface's.
std::string particle_pool_demo(std::string_view then = "") {
  return std::string(R"({"camera": {"position": [0.15, 0.05, 0.6], "target": [0.15, 0.05, 0.0], "fov": 40},
        "effects": [{"type": "particles", "name": "pool", "count": 3000,
                     "tank": {"min": [0, 0, -0.05], "max": [0.3, 0.2, 0.05]},
                     "blocks": [{"min": [0, 0, -0.05], "max": [0.3, 0.08, 0.05]}]})") +
         std::string(then) + "]}";
}

}  // namespace

std::span<const EffectType> effect_types() {
  static const std::string particles_demo = particle_pool_demo();
  static const std::string surface_demo =
      particle_pool_demo(R"(, {"type": "surface", "name": "surface", "source": "pool"})");
  static const EffectType kTypes[] = {
      make_effect_type<BottleKnobs>(
          "bottle", "Liquid in containers: slosh, waves, bubbles, wet film, glass, shadows and caustics.",
          R"({"camera": {"position": [0, 0.25, 0.9], "target": [0, 0.1, 0], "fov": 40},
              "effects": [{"type": "bottle", "name": "bottle", "shape": "bottle", "fill": 0.5}]})",
          &create_bottle_effect),
      make_effect_type<RipplesKnobs>(
          "ripples", "Water ripples over any image: rings (any number) or a wave-equation field.",
          R"({"effects": [{"type": "ripples", "name": "ripples", "touches": [{"time": 0.01, "position": [0.5, 0.5]}]}]})",
          &create_ripples_effect),
      make_effect_type<ParticlesKnobs>("particles",
                                       "A GPU particle liquid (MLS-MPM): dam breaks, pouring, stirring, containers.",
                                       particles_demo, &create_particles_effect),
      make_effect_type<SurfaceKnobs>(
          "surface", "A particle buffer drawn as one continuous liquid (screen-space, narrow-range filter).",
          surface_demo, &create_surface_effect),
      make_effect_type<SpreadKnobs>(
          "spread", "Liquid on a picture that a finger pushes around: 2D flow, conserved thickness, matcap.",
          R"({"effects": [{"type": "spread", "name": "spread", "cells": 32, "thickness_cells": 64,
                           "blobs": [{"centre": [0.89, 0.5], "radius": 0.2, "amount": 0.02}]}]})",
          &create_spread_effect),
  };
  return kTypes;
}

const EffectType* find_effect_type(std::string_view name) {
  for (const EffectType& t : effect_types())
    if (t.name == name) return &t;
  return nullptr;
}

}  // namespace lfx::scene

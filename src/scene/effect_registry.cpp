// The one list of effect types. Adding an effect: include its header, add one line.
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

std::span<const EffectType> effect_types() {
  static const EffectType kTypes[] = {
      make_effect_type<BottleKnobs>(
          "bottle", "Liquid in containers: slosh, waves, bubbles, wet film, glass, shadows and caustics.",
          &create_bottle_effect),
      make_effect_type<RipplesKnobs>("ripples",
                                     "Water ripples over any image: rings (any number) or a wave-equation field.",
                                     &create_ripples_effect),
      make_effect_type<ParticlesKnobs>("particles",
                                       "A GPU particle liquid (MLS-MPM): dam breaks, pouring, stirring, containers.",
                                       &create_particles_effect),
      make_effect_type<SurfaceKnobs>(
          "surface", "A particle buffer drawn as one continuous liquid (screen-space, narrow-range filter).",
          &create_surface_effect),
      make_effect_type<SpreadKnobs>(
          "spread", "Liquid on a picture that a finger pushes around: 2D flow, conserved thickness, matcap.",
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

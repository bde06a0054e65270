// The one list of effect types. Adding an effect: include its header, add one line.
#include <array>
#include <filesystem>

#include "effects/bottle_effect.h"
#include "effects/ripple_effect.h"
#include "liquidfx/core/ripples/ripple_knobs.h"
#include "liquidfx/gpu/effects/bottle_knobs.h"
#include "liquidfx/scene/effect.h"

namespace lfx::scene {

std::span<const EffectType> effect_types() {
  static const std::array<EffectType, 2> kTypes = {
      make_effect_type<gpu::BottleKnobs>("bottle", "Liquid in containers: slosh, waves, bubbles, wet film, glass.",
                                         &create_bottle_effect),
      make_effect_type<RippleKnobs>("ripples",
                                    "Water ripples over any image: rings (any number) or a wave-equation field.",
                                    &create_ripple_effect),
  };
  return kTypes;
}

const EffectType* find_effect_type(std::string_view name) {
  for (const EffectType& t : effect_types())
    if (t.name == name) return &t;
  return nullptr;
}

Result<void> EffectSetup::read_knobs(void* knobs, std::span<const KnobSpec> table) const {
  if (auto r = block.knobs(knobs, table); !r) return r.error();
  return apply_overrides(knobs, table);
}

std::string EffectSetup::scene_relative(const std::string& file) const {
  const std::filesystem::path path(file);
  if (path.is_absolute()) return file;
  return (std::filesystem::path(scene.source).parent_path() / path).string();
}

Result<void> EffectSetup::apply_overrides(void* knobs, std::span<const KnobSpec> table) const {
  for (const auto& [name, text] : instance.overrides) {
    const KnobSpec* spec = find_knob(table, name);
    if (!spec) continue;  // validated when the setting was applied
    auto value = parse_knob_text(*spec, text);
    if (!value) return input_error("--set " + instance.name + "." + name + "=" + text + ": " + value.error().message);
    if (auto r = assign_knob(knobs, *spec, *value); !r)
      return input_error("--set " + instance.name + "." + name + "=" + text + ": " + r.error().message);
  }
  return success();
}

}  // namespace lfx::scene

#include "liquidfx/scene/effect.h"

#include <cstring>
#include <filesystem>

#include "liquidfx/scene/scene.h"
#include "liquidfx/scene/track.h"

namespace lfx::scene {

Result<void> set_effect_knob(Effect& effect, std::string_view group, std::string_view knob, const KnobValue& value) {
  bool found_group = false;
  for (const KnobGroup& g : effect.knob_groups()) {
    if (!group.empty() && g.name != group) continue;
    found_group = true;
    const KnobSpec* spec = find_knob(g.table, knob);
    if (!spec) return input_error("unknown knob \"" + std::string(knob) + "\" of " + g.name);
    // Kept as bytes, so that a refused change is undone exactly.
    std::byte old[sizeof(glm::vec3)];
    const std::size_t size = spec->type == KnobType::vec3      ? sizeof(glm::vec3)
                             : spec->type == KnobType::real    ? sizeof(float)
                             : spec->type == KnobType::boolean ? sizeof(bool)
                                                               : sizeof(int);
    std::byte* field = static_cast<std::byte*>(g.values) + spec->offset;
    std::memcpy(old, field, size);
    LFX_TRY(assign_knob(g.values, *spec, value));
    if (auto r = effect.knob_changed(g, *spec); !r) {
      std::memcpy(field, old, size);
      return r;
    }
  }
  if (!found_group) return input_error("no knob group \"" + std::string(group) + "\"");
  return success();
}

std::string EffectSetup::scene_relative(const std::string& file) const {
  const std::filesystem::path path(file);
  if (path.is_absolute()) return file;
  return (std::filesystem::path(scene.source).parent_path() / path).string();
}

Result<const Track*> EffectSetup::track(const JsonObject& object, std::string_view key) const {
  LFX_TRY_ASSIGN(const std::string name, object.string(key, ""));
  if (name.empty()) return static_cast<const Track*>(nullptr);
  auto found = scene.tracks.find(name);
  if (found != scene.tracks.end()) return &found->second;
  std::string known;
  for (const auto& [n, t] : scene.tracks) known += (known.empty() ? "" : ", ") + n;
  return object.error_at(key, "no track \"" + name + "\" (tracks: " + (known.empty() ? "none" : known) + ")");
}

Result<Effect*> EffectSetup::find_effect(const JsonObject& object, std::string_view key, std::string_view type) const {
  LFX_TRY_ASSIGN(const std::string name, object.string(key));
  const std::string quoted = "\"" + name + "\"";
  if (name == instance.name)
    return object.error_at(key, "names this effect itself; it needs a " + std::string(type) + " effect before it");
  if (!device) {
    // Checking only: nothing is made; the name must be an earlier effect of the type.
    for (const EffectInstance& e : scene.effects) {
      if (&e == &instance) break;
      if (e.name != name) continue;
      if (e.type != type) return object.error_at(key, quoted + " is a " + e.type + " effect, not " + std::string(type));
      return static_cast<Effect*>(nullptr);
    }
  }
  for (const MadeEffect& m : made_) {
    if (m.instance->name != name) continue;
    if (m.instance->type != type)
      return object.error_at(key, quoted + " is a " + m.instance->type + " effect, not " + std::string(type));
    return m.effect;
  }
  std::string known;
  for (const EffectInstance& e : scene.effects) {
    if (e.name == name)
      return object.error_at(key, quoted + " comes after this effect; it must come before it in the scene's effects");
    if (e.type == type && e.name != instance.name) known += (known.empty() ? "" : ", ") + e.name;
  }
  return object.error_at(key, "no " + std::string(type) + " effect named " + quoted + " (" +
                                  (known.empty() ? "there is none" : "there is " + known) + ")");
}

}  // namespace lfx::scene

// Effects: the liquids a scene holds. Each effect type is registered once (effect_registry.cpp)
// with its name, its knob table and a factory; the scene layer, the CLI and the viewer find it
// there, so adding an effect touches its own folders and one registration line.
#pragma once

#include <glm/vec2.hpp>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "liquidfx/core/knobs.h"
#include "liquidfx/core/result.h"
#include "liquidfx/gpu/context.h"
#include "liquidfx/gpu/render/frame_passes.h"
#include "liquidfx/scene/json_object.h"
#include "liquidfx/scene/scene.h"

namespace lfx::scene {

/// A number an effect reports each frame ("live ripples", "tilt degrees", ...).
struct EffectStat {
  std::string name;
  double value = 0.0;
};

/// Pointer input in frame coordinates: (0, 0) top left, (1, 1) bottom right.
struct PointerEvent {
  glm::vec2 position{0.0f};
  bool pressed = false;
};

class Effect : public gpu::FramePasses {
 public:
  /// Advances the effect by dt seconds of scene time (dt > 0; the player caps hitches).
  virtual Result<void> advance(double dt) = 0;
  virtual std::vector<EffectStat> stats() const { return {}; }
  virtual void pointer(const PointerEvent&) {}
};

/// What a factory gets: the device, the scene, and the instance's JSON block (its "type" and
/// "name" already read; the factory reads the rest and calls finish()).
struct EffectSetup {
  gpu::Context& ctx;
  const Scene& scene;
  const EffectInstance& instance;
  const JsonObject& block;

  /// Reads the block's knobs into a knob struct, then applies the instance's --set overrides.
  Result<void> read_knobs(void* knobs, std::span<const KnobSpec> table) const;
  /// Applies the instance's --set overrides to a knob struct (after the file's values).
  Result<void> apply_overrides(void* knobs, std::span<const KnobSpec> table) const;
  /// A file the block names (a mesh, a picture): relative paths are relative to the scene file.
  std::string scene_relative(const std::string& file) const;
};

struct EffectType {
  std::string_view name;
  std::string_view summary;
  std::span<const KnobSpec> (*knobs)();
  /// Writes the knob table with defaults as Markdown (for docs and `liquidfx knobs`).
  std::string (*knob_markdown)();
  Result<std::unique_ptr<Effect>> (*create)(const EffectSetup& setup);
};

/// Every registered effect type.
std::span<const EffectType> effect_types();
/// The type named name, or nullptr.
const EffectType* find_effect_type(std::string_view name);

/// An EffectType entry for an effect with the knob struct K and the factory `create`.
template <class K>
EffectType make_effect_type(std::string_view name, std::string_view summary,
                            Result<std::unique_ptr<Effect>> (*create)(const EffectSetup&)) {
  return {name, summary, &K::knobs,
          [] {
            const K defaults{};
            return knob_table_markdown(K::knobs(), &defaults);
          },
          create};
}

}  // namespace lfx::scene

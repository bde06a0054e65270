// The effect contract: the liquids a scene holds. Each effect type is registered once
// (effect_registry.cpp) with its name, its knob table and a factory; the scene layer, the CLI
// and the viewer find it there, so adding an effect touches its own folders and one
// registration line. docs/adding-an-effect.md walks through writing one.
//
// An effect is a thin adapter that holds its GPU passes (composition): the same
// gpu::FramePasses a host drives without the scene layer, plus what a scene adds (knob groups,
// scripted input, the pointer, statistics). A frame, as the ScenePlayer drives it:
//   input(...)*  -> advance(dt) -> sync_passes() -> the frame over every effect's passes()
// with set_knob(...) -> knob_changed(...) at any time between frames. The passes' prepare is
// where every allocation happens and, with sync_passes, the only step of a frame that can
// fail; recording cannot.
#pragma once

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "liquidfx/core/knobs.h"
#include "liquidfx/core/particles/particles_setup.h"
#include "liquidfx/core/result.h"
#include "liquidfx/gpu/context.h"
#include "liquidfx/gpu/particle_source.h"
#include "liquidfx/gpu/render/frame_passes.h"
#include "liquidfx/scene/json_object.h"
#include "liquidfx/scene/scene.h"

namespace lfx::scene {

/// A number an effect reports each frame, named in snake_case with its unit ("live_ripples",
/// "largest_tilt_deg"). `liquidfx render --stats` writes them as "<instance>.<name>" columns.
struct EffectStat {
  std::string name;
  double value = 0.0;
};

/// Knobs an effect exposes live: a named group (the instance, or one of its containers), its
/// table, and the values the effect reads every frame. There is no other copy: a change made
/// through set_knob is what the next frame uses.
struct KnobGroup {
  std::string name;
  std::span<const KnobSpec> table;
  void* values = nullptr;  ///< The struct `table` describes.
};

/// A ray in world space (metres), from the camera through a point of the frame.
struct Ray {
  glm::vec3 origin{0.0f};
  glm::vec3 direction{0.0f, 0.0f, -1.0f};  ///< Unit length.
};

enum class InputKind {
  press,    ///< A button went down.
  drag,     ///< The pointer moved (with or without a button held).
  release,  ///< A button went up.
  wheel,    ///< The wheel turned (wheel notches in `wheel`).
};
enum class PointerButton { left, right, middle };
/// Modifier keys held during an event (bit flags).
enum InputModifier : unsigned { kShift = 1u, kControl = 2u, kAlt = 4u };

/// Pointer input, in frame coordinates and as a world-space ray, so that a flat effect uses
/// `position` and a 3D one hit-tests `ray`.
struct InputEvent {
  InputKind kind = InputKind::press;
  PointerButton button = PointerButton::left;
  unsigned modifiers = 0;    ///< InputModifier bits.
  bool held = false;         ///< drag: whether a button is held.
  glm::vec2 position{0.0f};  ///< (0, 0) top left, (1, 1) bottom right of the frame.
  float wheel = 0.0f;        ///< wheel: notches, positive away from the user.
  Ray ray;                   ///< From the camera through position, at the event's time.
};

class Effect {
 public:
  virtual ~Effect() = default;
  /// The GPU passes that draw the effect, in the order the frame lists them: the objects a host
  /// drives without the scene layer (gpu::BottleRenderer, gpu::RipplesRenderer,
  /// gpu::ParticlesPasses, gpu::SurfaceRenderer, gpu::SpreadPasses). Asked after sync_passes,
  /// every frame; the pointers hold until the effect is advanced or a knob changes.
  virtual std::vector<gpu::FramePasses*> passes() = 0;
  /// Before each frame: hands what the scene decided since the last one to passes(), as a host
  /// would itself (the containers to draw, the particles to follow). Its error is the frame's.
  virtual Result<void> sync_passes() { return success(); }
  /// The effect's live knobs; the pointers stay valid until the effect is destroyed.
  virtual std::vector<KnobGroup> knob_groups() = 0;
  /// Told after set_knob wrote a new value into a group: the effect reshapes what depends on it
  /// (a pool's size, a mesh's inset) or refuses with an input error, after which the old value
  /// is put back. Costly GPU work waits for prepare.
  virtual Result<void> knob_changed(const KnobGroup& /*group*/, const KnobSpec& /*knob*/) { return success(); }
  /// Advances the effect by dt seconds of scene time (dt > 0; the player caps hitches).
  virtual Result<void> advance(double dt) = 0;
  virtual std::vector<EffectStat> stats() const { return {}; }
  /// Pointer input; returns true when the effect took it (it grabbed or touched something).
  virtual bool input(const InputEvent&) { return false; }
  /// How far along `ray` (metres) a press would grab something of this effect (a container, the
  /// liquid's plane); std::nullopt when it has nothing there or no place in depth (a flat
  /// effect). A press goes to the nearest such effect first.
  virtual std::optional<float> press_distance(const Ray& /*ray*/) const { return std::nullopt; }
  /// What other effects find by this effect's name, typed: the particles it offers as they are
  /// now (a particle surface draws them); std::nullopt from an effect that offers none.
  virtual std::optional<gpu::ParticleSource> particle_source() const { return std::nullopt; }
  /// The liquid that leaves the container named `container` through its opening, for a
  /// particle liquid to take (a bottle pouring into a glass); an input error says why not.
  virtual Result<std::shared_ptr<ParticleInflow>> outflow(std::string_view /*container*/) {
    return input_error("this effect holds no containers to pour from");
  }
  /// The container named `container` as a place where a particle liquid's settling particles go
  /// back into its liquid (a glass the liquid was poured into).
  virtual Result<std::shared_ptr<ParticleAbsorber>> inflow(std::string_view /*container*/) {
    return input_error("this effect holds no containers to fill");
  }
};

/// Sets one knob in every group of `effect` named `group` (every group when `group` is empty):
/// checks type and range, writes it, and calls knob_changed, restoring the old value when the
/// effect refuses. The one path for scene files' overrides, `--set` and the viewer's sliders.
Result<void> set_effect_knob(Effect& effect, std::string_view group, std::string_view knob, const KnobValue& value);

class EffectSetup;
class Track;

struct EffectType {
  std::string_view name;
  std::string_view summary;
  /// The smallest scene (a scene file's text) that shows the effect, its last instance of this
  /// type drawn where the frame's centre is and taking a pointer there if it takes one. The
  /// shared effect test (tests/gpu/every_effect_test.cpp) runs every registered type through it.
  std::string_view demo;
  std::span<const KnobSpec> (*knobs)();
  /// Writes the knob table with defaults as Markdown (for docs and `liquidfx knobs`).
  std::string (*knob_markdown)();
  Result<std::unique_ptr<Effect>> (*create)(const EffectSetup& setup);
};

/// Every registered effect type.
std::span<const EffectType> effect_types();
/// The type named name, or nullptr.
const EffectType* find_effect_type(std::string_view name);

/// An effect already made, as a later one's set-up sees it.
struct MadeEffect {
  const EffectInstance* instance;
  Effect* effect;
};

/// What a factory gets: the device, the scene, the instance's JSON block (its "type" and "name"
/// already read; the factory reads the rest and calls finish()) and the effects made before it.
/// Without a device (device == nullptr) the factory only checks the block: it reads and validates
/// every key and returns a null effect, without loading meshes or touching a GPU (check_scene).
class EffectSetup {
 public:
  EffectSetup(gpu::Context* the_device, const Scene& the_scene, const EffectInstance& the_instance,
              const JsonObject& the_block, std::span<const MadeEffect> made)
      : device(the_device), scene(the_scene), instance(the_instance), block(the_block), made_(made) {}

  gpu::Context* device;  ///< nullptr: check the block only.
  const Scene& scene;
  const EffectInstance& instance;
  const JsonObject& block;

  /// A file the block names (a mesh, a picture): relative paths are relative to the scene file.
  std::string scene_relative(const std::string& file) const;
  /// The effect instance of type `type` that `object`'s key names (e.g. the particles a surface
  /// draws), which must come earlier in the scene. Errors are at that key and say which names
  /// exist, or what the named effect is.
  Result<Effect*> find_effect(const JsonObject& object, std::string_view key, std::string_view type) const;
  /// The scene track that `object`'s key names (absent or "": nullptr, placed in the world). An
  /// unknown name is an error at that key listing the scene's tracks.
  Result<const Track*> track(const JsonObject& object, std::string_view key = "track") const;

 private:
  std::span<const MadeEffect> made_;
};

/// An EffectType entry for an effect with the knob struct K and the factory `create`.
template <class K>
EffectType make_effect_type(std::string_view name, std::string_view summary, std::string_view demo,
                            Result<std::unique_ptr<Effect>> (*create)(const EffectSetup&)) {
  return {name,
          summary,
          demo,
          &K::knobs,
          [] {
            const K defaults{};
            return knob_table_markdown(K::knobs(), &defaults);
          },
          create};
}

}  // namespace lfx::scene

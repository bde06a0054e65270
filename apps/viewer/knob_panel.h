// lfx::viewer::KnobPanel: a panel per effect instance, generated from its knob tables - sliders
// with the knob's range and unit, colour pickers, toggles, combos for enumerations - with a reset
// per knob and per effect back to the values the scene was loaded with. Every change goes
// through the one live knob path (set_effect_knob), so the effect may refuse it.
#pragma once

#include <map>
#include <string>

#include "liquidfx/scene/player.h"
#include "scene_saver.h"

namespace lfx::viewer {

class KnobPanel {
 public:
  /// Remembers every knob's current value as the one to reset to (call after loading).
  void remember(scene::ScenePlayer& player);
  /// Draws the effects' sections into the current ImGui window.
  void draw(scene::ScenePlayer& player);
  /// The knobs whose values differ from those remembered.
  std::vector<ChangedKnob> changed(scene::ScenePlayer& player) const;

 private:
  // "<effect index>/<group>/<knob>" -> the value's text as loaded.
  std::map<std::string, std::string> loaded_;
  std::string refused_;  // the last change an effect refused, shown until the next change
};

}  // namespace lfx::viewer

#include "knob_panel.h"

#include <imgui.h>

#include <cstring>
#include <glm/vec3.hpp>

namespace lfx::viewer {
namespace {

std::string key_of(std::size_t effect, const scene::KnobGroup& group, const KnobSpec& spec) {
  return std::to_string(effect) + "/" + group.name + "/" + spec.name;
}

// One knob's widget; returns the new value when the user changed it.
std::optional<KnobValue> knob_widget(const KnobSpec& spec, void* values) {
  std::byte* field = static_cast<std::byte*>(values) + spec.offset;
  const std::string unit = spec.unit && *spec.unit ? std::string(" ") + spec.unit : "";
  switch (spec.type) {
    case KnobType::real: {
      float v;
      std::memcpy(&v, field, sizeof v);
      // Ranges over decades (a viscosity, a rate) slide logarithmically.
      const bool decades = spec.min > 0.0 && spec.max / spec.min >= 100.0;
      const std::string format = "%.4g" + unit;
      if (ImGui::SliderFloat(spec.name, &v, float(spec.min), float(spec.max), format.c_str(),
                             decades ? ImGuiSliderFlags_Logarithmic : ImGuiSliderFlags_None))
        return KnobValue(double(v));
      return std::nullopt;
    }
    case KnobType::integer: {
      int v;
      std::memcpy(&v, field, sizeof v);
      const std::string format = "%d" + unit;
      if (ImGui::SliderInt(spec.name, &v, int(spec.min), int(spec.max), format.c_str())) return KnobValue(double(v));
      return std::nullopt;
    }
    case KnobType::boolean: {
      bool v;
      std::memcpy(&v, field, sizeof v);
      if (ImGui::Checkbox(spec.name, &v)) return KnobValue(v);
      return std::nullopt;
    }
    case KnobType::vec3: {
      glm::vec3 v;
      std::memcpy(&v, field, sizeof v);
      const bool colour = std::string_view(spec.unit) == "rgb";
      const bool changed = colour ? ImGui::ColorEdit3(spec.name, &v.x, ImGuiColorEditFlags_Float)
                                  : ImGui::SliderFloat3(spec.name, &v.x, float(spec.min), float(spec.max), "%.3g");
      if (changed) return KnobValue(v);
      return std::nullopt;
    }
    case KnobType::enumeration: {
      int v;
      std::memcpy(&v, field, sizeof v);
      const std::string current(spec.choices[std::size_t(v)]);
      std::optional<KnobValue> picked;
      if (ImGui::BeginCombo(spec.name, current.c_str())) {
        for (std::size_t c = 0; c < spec.choices.size(); ++c)
          if (ImGui::Selectable(std::string(spec.choices[c]).c_str(), int(c) == v))
            picked = KnobValue(std::string(spec.choices[c]));
        ImGui::EndCombo();
      }
      return picked;
    }
  }
  return std::nullopt;
}

}  // namespace

void KnobPanel::remember(scene::ScenePlayer& player) {
  loaded_.clear();
  refused_.clear();
  const auto effects = player.effects();
  for (std::size_t e = 0; e < effects.size(); ++e)
    for (const scene::KnobGroup& g : effects[e]->knob_groups())
      for (const KnobSpec& spec : g.table) loaded_[key_of(e, g, spec)] = format_knob(g.values, spec);
}

std::vector<ChangedKnob> KnobPanel::changed(scene::ScenePlayer& player) const {
  std::vector<ChangedKnob> out;
  const auto effects = player.effects();
  for (std::size_t e = 0; e < effects.size(); ++e)
    for (const scene::KnobGroup& g : effects[e]->knob_groups())
      for (const KnobSpec& spec : g.table) {
        const std::string now = format_knob(g.values, spec);
        const auto found = loaded_.find(key_of(e, g, spec));
        if (found == loaded_.end() || found->second != now) out.push_back({e, g.name, &spec, now});
      }
  return out;
}

void KnobPanel::draw(scene::ScenePlayer& player) {
  const auto effects = player.effects();
  const auto& instances = player.scene().effects;
  auto apply = [&](scene::Effect& effect, const scene::KnobGroup& g, const KnobSpec& spec, const KnobValue& value) {
    auto r = scene::set_effect_knob(effect, g.name, spec.name, value);
    refused_ = r ? "" : g.name + "." + spec.name + ": " + r.error().message;
  };
  auto reset = [&](scene::Effect& effect, std::size_t e, const scene::KnobGroup& g, const KnobSpec& spec) {
    const auto found = loaded_.find(key_of(e, g, spec));
    if (found == loaded_.end() || found->second == format_knob(g.values, spec)) return;
    if (auto value = parse_knob_text(spec, found->second)) apply(effect, g, spec, *value);
  };
  for (std::size_t e = 0; e < effects.size(); ++e) {
    scene::Effect& effect = *effects[e];
    const std::string title = instances[e].name + " (" + instances[e].type + ")";
    ImGui::PushID(int(e));
    if (ImGui::CollapsingHeader(title.c_str(), ImGuiTreeNodeFlags_DefaultOpen)) {
      if (ImGui::SmallButton("reset all"))
        for (const scene::KnobGroup& g : effect.knob_groups())
          for (const KnobSpec& spec : g.table) reset(effect, e, g, spec);
      for (const scene::KnobGroup& g : effect.knob_groups()) {
        ImGui::PushID(g.name.c_str());
        const bool open = g.name == instances[e].name || ImGui::TreeNode(g.name.c_str());
        if (open) {
          for (const KnobSpec& spec : g.table) {
            ImGui::PushID(spec.name);
            if (ImGui::SmallButton("R")) reset(effect, e, g, spec);
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("back to the scene's value");
            ImGui::SameLine();
            if (auto changed = knob_widget(spec, g.values)) apply(effect, g, spec, *changed);
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", spec.doc);
            ImGui::PopID();
          }
          if (g.name != instances[e].name) ImGui::TreePop();
        }
        ImGui::PopID();
      }
    }
    ImGui::PopID();
  }
  if (!refused_.empty()) ImGui::TextColored(ImVec4(1.0f, 0.4f, 0.4f, 1.0f), "%s", refused_.c_str());
}

}  // namespace lfx::viewer

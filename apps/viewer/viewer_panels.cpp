// The viewer's panels: controls, live numbers, the effects' knobs, and the error of a scene that
// would not load.
#include <imgui.h>

#include <algorithm>
#include <numeric>

#include "viewer.h"

namespace lfx::viewer {

void Viewer::draw_panels() {
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  ImGui::SetNextWindowPos(ImVec2(8, 8), ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(ImVec2(340, std::min(display.y - 16.0f, 560.0f)), ImGuiCond_FirstUseEver);
  if (ImGui::Begin("liquidfx")) {
    draw_controls();
    if (player_ && ImGui::CollapsingHeader("numbers", ImGuiTreeNodeFlags_DefaultOpen)) draw_numbers();
    if (player_ && ImGui::CollapsingHeader("knobs", ImGuiTreeNodeFlags_DefaultOpen)) knobs_.draw(*player_);
  }
  ImGui::End();
  if (!error_.empty()) {
    // The same words the CLI prints; the scene that was running keeps running beneath.
    ImGui::SetNextWindowPos(ImVec2(display.x * 0.5f, display.y - 12.0f), ImGuiCond_Always, ImVec2(0.5f, 1.0f));
    ImGui::SetNextWindowSize(ImVec2(std::min(display.x - 24.0f, 900.0f), 0.0f), ImGuiCond_Always);
    ImGui::Begin("error", nullptr, ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings);
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.4f, 1.0f), "liquidfx: error: %s", error_.c_str());
    ImGui::PopTextWrapPos();
    if (player_) ImGui::TextDisabled("the last scene that loaded keeps running; fix the file and it reloads");
    if (ImGui::SmallButton("dismiss")) error_.clear();
    ImGui::End();
  }
}

void Viewer::draw_controls() {
  ImGui::TextWrapped("%s", running_path_.c_str());
  if (ImGui::BeginCombo("recent", "open a recent scene", ImGuiComboFlags_HeightLarge)) {
    for (const std::string& p : recent_.paths())
      if (ImGui::Selectable(p.c_str())) pending_load_ = p;
    ImGui::EndCombo();
  }
  if (player_) ImGui::Text("t = %.2f s", player_->time());
  if (ImGui::Button(playing_ ? "pause (space)" : "play (space)")) key("space");
  ImGui::SameLine();
  if (ImGui::Button("step (.)")) key("period");
  ImGui::SameLine();
  if (ImGui::Button("reload (r)")) key("r");
  ImGui::SliderFloat("time scale", &time_scale_, 0.05f, 4.0f, "%.2fx", ImGuiSliderFlags_Logarithmic);
  if (ImGui::Button("home camera (h)")) key("h");
  ImGui::SameLine();
  bool vsync = window_.swapchain().vsync();
  if (ImGui::Checkbox("vsync", &vsync)) window_.swapchain().set_vsync(vsync);
  if (ImGui::Button("screenshot (F12)")) key("f12");
  ImGui::SameLine();
  if (ImGui::Button(recording_dir_.empty() ? "record MP4 (F9)" : "stop recording (F9)")) key("f9");
  if (ImGui::Button("save knobs to a copy (s)")) save(false);
  ImGui::SameLine();
  if (ImGui::Button("save in place")) save(true);
  if (!notice_.empty()) ImGui::TextWrapped("%s", notice_.c_str());
  ImGui::TextDisabled("drag: the effects, else orbit; right drag: pan; wheel: zoom");
}

void Viewer::draw_numbers() {
  ImGui::Text("%s", window_.context().device_name().c_str());
  const std::vector<float> ms(frame_ms_.begin(), frame_ms_.end());
  if (!ms.empty()) {
    const float mean = std::accumulate(ms.begin(), ms.end(), 0.0f) / float(ms.size());
    const std::string label = std::to_string(int(mean + 0.5f)) + " ms a frame";
    ImGui::PlotLines("##frame", ms.data(), int(ms.size()), 0, label.c_str(), 0.0f,
                     std::max(*std::max_element(ms.begin(), ms.end()), 1.0f) * 1.2f, ImVec2(0, 48));
  }
  if (auto passes = player_->pass_times(); passes && ImGui::TreeNodeEx("GPU passes", ImGuiTreeNodeFlags_DefaultOpen)) {
    for (const gpu::PassTime& p : *passes) ImGui::Text("%-28s %8.3f ms", p.name.c_str(), p.milliseconds);
    ImGui::TreePop();
  }
  if (ImGui::TreeNodeEx("statistics", ImGuiTreeNodeFlags_DefaultOpen)) {
    for (const auto& [name, value] : player_->stats()) ImGui::Text("%-28s %.6g", name.c_str(), value);
    ImGui::TreePop();
  }
}

}  // namespace lfx::viewer

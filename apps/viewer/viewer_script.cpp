#include "viewer_script.h"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "liquidfx/core/text_file.h"
#include "liquidfx/scene/json_object.h"
#include "liquidfx/scene/scene.h"

namespace lfx::viewer {
namespace {

constexpr std::string_view kKinds[] = {"press", "drag", "release", "wheel", "key", "set", "drop"};
constexpr std::string_view kButtons[] = {"left", "right", "middle"};
constexpr std::string_view kKeys[] = {"space", "period", "h", "r", "s", "f12", "f9", "escape"};

Result<ScriptEvent> read_event(const scene::JsonObject& o) {
  ScriptEvent e;
  LFX_TRY_ASSIGN(e.time, o.number("time", {0.0, 86400.0}));
  LFX_TRY_ASSIGN(const std::size_t kind, o.choice("kind", std::nullopt, kKinds));
  e.kind = ScriptKind(kind);
  switch (e.kind) {
    case ScriptKind::press:
    case ScriptKind::release: {
      LFX_TRY_ASSIGN(const std::size_t button, o.choice("button", "left", kButtons));
      e.button = scene::PointerButton(button);
      LFX_TRY_ASSIGN(e.at, o.uv("at"));
      break;
    }
    case ScriptKind::drag: {
      LFX_TRY_ASSIGN(e.at, o.uv("at"));
      break;
    }
    case ScriptKind::wheel: {
      LFX_TRY_ASSIGN(e.at, o.uv("at"));
      LFX_TRY_ASSIGN(const double notches, o.number("notches", {-100.0, 100.0}));
      e.notches = float(notches);
      break;
    }
    case ScriptKind::key: {
      LFX_TRY_ASSIGN(e.key, o.string("key", std::nullopt, kKeys));
      break;
    }
    case ScriptKind::set: {
      LFX_TRY_ASSIGN(e.setting, o.string("setting"));
      break;
    }
    case ScriptKind::drop: {
      LFX_TRY_ASSIGN(e.path, o.string("path"));
      break;
    }
  }
  LFX_TRY(o.finish());
  return e;
}

}  // namespace

Result<std::vector<ScriptEvent>> read_viewer_script(const std::string& path) {
  // The same limit as a scene file's: a directory or /dev/zero is named, never read forever.
  LFX_TRY_ASSIGN(const std::string text, read_text_file(path, "script", scene::kMaxSceneBytes));
  return parse_viewer_script(text, path);
}

Result<std::vector<ScriptEvent>> parse_viewer_script(const std::string& text, const std::string& source) {
  const nlohmann::json json = nlohmann::json::parse(text, nullptr, false);
  if (json.is_discarded()) return input_error(source + ": not valid JSON");
  auto within = [&](const Error& e) { return e.within(source); };
  auto root = scene::JsonObject::from(json, "");
  if (!root) return within(root.error());
  auto blocks = root->objects("events");
  if (!blocks) return within(blocks.error());
  if (auto r = root->finish(); !r) return within(r.error());
  std::vector<ScriptEvent> events;
  for (const scene::JsonObject& o : *blocks) {
    auto e = read_event(o);
    if (!e) return within(e.error());
    e->where = source + ": " + o.path();
    events.push_back(std::move(*e));
  }
  std::stable_sort(events.begin(), events.end(), [](const auto& a, const auto& b) { return a.time < b.time; });
  return events;
}

}  // namespace lfx::viewer

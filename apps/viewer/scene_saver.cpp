#include "scene_saver.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

namespace lfx::viewer {
namespace {

using Json = nlohmann::ordered_json;  // keeps the file's key order

// The knob's text (format_knob's) as the JSON value a scene file holds.
Result<Json> json_value(const KnobSpec& spec, const std::string& text) {
  LFX_TRY_ASSIGN(const KnobValue value, parse_knob_text(spec, text));
  switch (spec.type) {
    case KnobType::integer:
      return Json(std::llround(std::get<double>(value)));
    case KnobType::real:
      return Json(std::get<double>(value));
    case KnobType::boolean:
      return Json(std::get<bool>(value));
    case KnobType::vec3: {
      const glm::vec3 v = std::get<glm::vec3>(value);
      return Json::array({v.x, v.y, v.z});
    }
    case KnobType::enumeration:
      return Json(std::get<std::string>(value));
  }
  return input_error(text + ": not a knob value");
}

// The object that holds `group`'s knobs inside an effect's block: the block itself, or the
// container of that name (bottles name theirs "<instance>/<index>" when the file does not).
Json* group_object(Json& block, const scene::EffectInstance& instance, const std::string& group) {
  if (group == instance.name) return &block;
  if (!block.contains("containers") || !block["containers"].is_array()) return nullptr;
  Json& containers = block["containers"];
  for (std::size_t i = 0; i < containers.size(); ++i) {
    Json& c = containers[i];
    const std::string name = c.contains("name") && c["name"].is_string() ? c["name"].get<std::string>()
                                                                         : instance.name + "/" + std::to_string(i);
    if (name == group) return &c;
  }
  return nullptr;
}

// Indented like a hand-written scene: objects a key a line, arrays of numbers or strings on one
// line ([0, 1.2, 3]), arrays of objects an object a line.
void write_json(std::ostream& out, const Json& value, int indent) {
  const std::string pad(std::size_t(indent), ' '), inner(std::size_t(indent) + 2, ' ');
  if (value.is_object()) {
    if (value.empty()) {
      out << "{}";
      return;
    }
    out << "{\n";
    std::size_t i = 0;
    for (auto it = value.begin(); it != value.end(); ++it, ++i) {
      out << inner << Json(it.key()).dump() << ": ";
      write_json(out, it.value(), indent + 2);
      out << (i + 1 < value.size() ? ",\n" : "\n");
    }
    out << pad << "}";
  } else if (value.is_array()) {
    const bool flat = std::none_of(value.begin(), value.end(), [](const Json& v) { return v.is_structured(); });
    if (flat) {
      // One line, a space after each comma.
      out << "[";
      for (std::size_t i = 0; i < value.size(); ++i) out << (i ? ", " : "") << value[i].dump();
      out << "]";
      return;
    }
    out << "[\n";
    for (std::size_t i = 0; i < value.size(); ++i) {
      out << inner;
      write_json(out, value[i], indent + 2);
      out << (i + 1 < value.size() ? ",\n" : "\n");
    }
    out << pad << "]";
  } else {
    out << value.dump();
  }
}

}  // namespace

std::string saved_copy_path(const std::string& scene_path) {
  std::filesystem::path p(scene_path);
  return (p.parent_path() / (p.stem().string() + ".saved" + p.extension().string())).string();
}

Result<void> save_knobs(const scene::Scene& scene, const std::string& scene_path, const std::string& out_path,
                        const std::vector<ChangedKnob>& changed) {
  std::ifstream in(scene_path);
  if (!in) return input_error(scene_path + ": cannot read the scene to save into it");
  std::stringstream text;
  text << in.rdbuf();
  Json doc = Json::parse(text.str(), nullptr, false, true);
  if (doc.is_discarded()) return input_error(scene_path + ": not valid JSON any more; nothing saved");
  for (const ChangedKnob& c : changed) {
    const scene::EffectInstance& instance = scene.effects[c.effect];
    const Json::json_pointer where(instance.path);
    if (!doc.contains(where)) return input_error(scene_path + ": " + instance.path + " is gone; nothing saved");
    Json* object = group_object(doc[where], instance, c.group);
    if (!object) return input_error(scene_path + ": no block for " + c.group + "; nothing saved");
    LFX_TRY_ASSIGN((*object)[c.spec->name], json_value(*c.spec, c.text));
  }
  // Written beside the target and renamed over it: a failure never leaves half a scene.
  const std::string temporary = out_path + ".writing";
  {
    std::ofstream out(temporary);
    if (!out) return input_error(out_path + ": cannot write");
    write_json(out, doc, 0);
    out << "\n";
    if (!out) return input_error(out_path + ": cannot write");
  }
  std::error_code failed;
  std::filesystem::rename(temporary, out_path, failed);
  if (failed) return input_error(out_path + ": cannot write: " + failed.message());
  return success();
}

}  // namespace lfx::viewer

#include "liquidfx/scene/scene.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <glm/geometric.hpp>
#include <sstream>

#include "key_curve.h"
#include "liquidfx/core/text_file.h"
#include "liquidfx/scene/effect.h"
#include "liquidfx/scene/json_object.h"
#include "liquidfx/shared/room.h"

namespace lfx::scene {
namespace {

constexpr double kMaxDuration = 3600.0;
constexpr double kMaxCoordinate = 1000.0;
const Range kCoordinate{-kMaxCoordinate, kMaxCoordinate};
const Range kFov{0.0, 180.0, true, true};
const Range kUnit{0.0, 1.0};

Result<CameraKey> read_camera_key(const JsonObject& o, const CameraKey& fallback, bool needs_time) {
  CameraKey k = fallback;
  if (needs_time) {
    LFX_TRY_ASSIGN(k.time, o.number("time", {0.0, kMaxDuration}));
  }
  LFX_TRY_ASSIGN(k.position, o.vec3("position", kCoordinate, fallback.position));
  LFX_TRY_ASSIGN(k.target, o.vec3("target", kCoordinate, fallback.target));
  LFX_TRY_ASSIGN(const double fov, o.number("fov", kFov, fallback.fov_y_degrees));
  k.fov_y_degrees = float(fov);
  if (glm::length(k.target - k.position) < 1e-4f) return o.error_at("target", "must differ from the camera position");
  return k;
}

Result<CameraTrack> read_camera(const JsonObject& o) {
  CameraTrack track;
  LFX_TRY_ASSIGN(const CameraKey first, read_camera_key(o, CameraKey{}, false));
  track.keys.push_back(first);
  LFX_TRY_ASSIGN(const double exposure, o.number("exposure", {-16.0, 16.0}, 0.0));
  track.exposure_stops = float(exposure);
  static constexpr std::string_view kTonemaps[] = {"filmic", "none"};
  LFX_TRY_ASSIGN(const std::string tonemap, o.string("tonemap", "filmic", kTonemaps));
  track.filmic = tonemap == "filmic";
  LFX_TRY_ASSIGN(const auto keys, o.objects("keys"));
  for (const JsonObject& key : keys) {
    LFX_TRY_ASSIGN(const CameraKey k, read_camera_key(key, track.keys.back(), true));
    if (k.time <= track.keys.back().time && !(track.keys.size() == 1 && k.time == 0.0))
      return key.error_at("time", "keys must be in increasing time order");
    if (k.time == 0.0) {
      track.keys.back() = k;  // a key at t = 0 replaces the camera's base values
    } else {
      track.keys.push_back(k);
    }
    LFX_TRY(key.finish());
  }
  LFX_TRY(o.finish());
  return track;
}

constexpr std::string_view kShapes[] = {"box", "sphere"};

Result<gpu::RoomDesc> read_backdrop(const JsonObject& o) {
  gpu::RoomDesc desc;
  LFX_TRY(o.knobs(&desc.knobs, gpu::RoomKnobs::knobs()));
  LFX_TRY_ASSIGN(const auto props, o.objects("props"));
  if (props.size() > shared::kRoomMaxProps)
    return o.error_at("props", "at most " + std::to_string(shared::kRoomMaxProps) + " props");
  for (const JsonObject& p : props) {
    gpu::RoomPropDesc prop;
    LFX_TRY_ASSIGN(const std::string shape, p.string("shape", std::nullopt, kShapes));
    prop.shape = shape == "box" ? gpu::PropShape::box : gpu::PropShape::sphere;
    LFX_TRY_ASSIGN(prop.center, p.vec3("center", kCoordinate));
    if (prop.shape == gpu::PropShape::box) {
      LFX_TRY_ASSIGN(prop.size, p.vec3("size", {0.0, 100.0, true, false}));
      LFX_TRY_ASSIGN(const double yaw, p.number("yaw", {-360.0, 360.0}, 0.0));
      prop.yaw_degrees = float(yaw);
    } else {
      LFX_TRY_ASSIGN(const double radius, p.number("radius", {0.0, 100.0, true, false}));
      prop.size = glm::vec3(float(2.0 * radius));
    }
    LFX_TRY_ASSIGN(prop.albedo, p.vec3("color", kUnit, glm::vec3(0.7f)));
    LFX_TRY(p.finish());
    desc.props.push_back(prop);
  }
  LFX_TRY(o.finish());
  return desc;
}

Result<std::vector<EffectInstance>> read_effects(const JsonObject& root) {
  std::vector<EffectInstance> effects;
  LFX_TRY_ASSIGN(const auto blocks, root.objects("effects"));
  const nlohmann::json* raw = root.raw("effects");
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    const JsonObject& b = blocks[i];
    EffectInstance e;
    LFX_TRY_ASSIGN(e.type, b.string("type"));
    if (!find_effect_type(e.type)) {
      std::vector<std::string> names;
      for (const EffectType& t : effect_types()) names.emplace_back(t.name);
      std::string known;
      for (const auto& n : names) known += (known.empty() ? "" : ", ") + n;
      const std::string hint = closest_word(e.type, names);
      return b.error_at("type", "unknown effect type \"" + e.type.substr(0, 64) + "\"" +
                                    (hint.empty() ? "" : " (did you mean \"" + hint + "\"?)") +
                                    "; known types: " + (known.empty() ? "none yet" : known));
    }
    LFX_TRY_ASSIGN(e.name, b.string("name", e.type + std::to_string(i)));
    for (const EffectInstance& other : effects)
      if (other.name == e.name) return b.error_at("name", "\"" + e.name.substr(0, 64) + "\" names two effects");
    e.path = b.path();
    e.block = (*raw)[i];
    effects.push_back(std::move(e));
  }
  return effects;
}

Result<Scene> read_scene(const JsonObject& root) {
  Scene scene;
  if (const nlohmann::json* res = root.raw("resolution")) {
    // Read as doubles first: an integer beyond 64 bits must not wrap into range.
    auto side = [](const nlohmann::json& v) {
      return v.is_number_integer() && v.get<double>() >= 1.0 && v.get<double>() <= 16384.0;
    };
    if (!res->is_array() || res->size() != 2 || !side((*res)[0]) || !side((*res)[1]))
      return root.error_at("resolution", "expected [width, height] in pixels, each in [1, 16384]");
    scene.width = std::uint32_t((*res)[0].get<double>());
    scene.height = std::uint32_t((*res)[1].get<double>());
  }
  LFX_TRY_ASSIGN(scene.fps, root.number("fps", {0.0, 1000.0, true, false}, 30.0));
  LFX_TRY_ASSIGN(scene.duration, root.number("duration", {0.0, kMaxDuration, true, false}, 4.0));
  LFX_TRY_ASSIGN(const auto camera, root.object("camera"));
  if (camera) {
    LFX_TRY_ASSIGN(scene.camera, read_camera(*camera));
  } else {
    scene.camera.keys.push_back(CameraKey{});
  }
  LFX_TRY_ASSIGN(const auto backdrop, root.object("backdrop"));
  if (backdrop) {
    LFX_TRY_ASSIGN(scene.backdrop, read_backdrop(*backdrop));
  }
  LFX_TRY_ASSIGN(scene.tracks, read_tracks(root));
  LFX_TRY_ASSIGN(scene.effects, read_effects(root));
  LFX_TRY(root.finish());
  return scene;
}

}  // namespace

Camera CameraTrack::at(double time) const {
  assert(!keys.empty());
  Camera cam;
  auto apply = [&](const CameraKey& k) {
    cam.position = k.position;
    cam.target = k.target;
    cam.fov_y_degrees = k.fov_y_degrees;
  };
  if (keys.size() == 1 || time <= keys.front().time) {
    apply(keys.front());
    return cam;
  }
  if (time >= keys.back().time) {
    apply(keys.back());
    return cam;
  }
  std::size_t i = 1;
  while (keys[i].time < time) ++i;
  const CameraKey& k1 = keys[i - 1];
  const CameraKey& k2 = keys[i];
  const float s = float((time - k1.time) / (k2.time - k1.time));
  cam.position = hermite_through(keys, i - 1, time, &CameraKey::position);
  cam.target = hermite_through(keys, i - 1, time, &CameraKey::target);
  const float smooth = s * s * (3.0f - 2.0f * s);
  cam.fov_y_degrees = k1.fov_y_degrees + (k2.fov_y_degrees - k1.fov_y_degrees) * smooth;
  return cam;
}

std::uint32_t Scene::frame_count() const {
  return std::max<std::uint32_t>(1, static_cast<std::uint32_t>(std::llround(duration * fps)));
}

Result<Scene> parse_scene(const std::string& text, const std::string& source) {
  // nlohmann reports some problems (a number beyond a double's range) only as exceptions: none
  // may leave this function.
  try {
    nlohmann::json document = nlohmann::json::parse(text, nullptr, false);
    if (document.is_discarded()) {
      try {
        // Parse again with exceptions only to learn where it broke.
        const nlohmann::json unused = nlohmann::json::parse(text);
      } catch (const nlohmann::json::parse_error& e) {
        return input_error(source + ": invalid JSON at byte " + std::to_string(e.byte) + ": " +
                           std::string(e.what()).substr(std::string(e.what()).find(':') + 2));
      }
      return input_error(source + ": invalid JSON");
    }
    auto root = JsonObject::from(document, "");
    if (!root) return root.error().within(source);
    auto scene = read_scene(*root);
    if (!scene) return scene.error().within(source);
    scene->source = source;
    return scene;
  } catch (const nlohmann::json::exception& e) {
    // "[json.exception.out_of_range.406] number overflow parsing '1e400'" -> the part after "] ".
    const std::string what = e.what();
    const std::size_t bracket = what.find("] ");
    return input_error(source + ": invalid JSON: " + (bracket == std::string::npos ? what : what.substr(bracket + 2)));
  }
}

Result<Scene> load_scene(const std::string& path) {
  auto text = read_text_file(path, "scene file", kMaxSceneBytes);
  if (!text) return text.error();
  return parse_scene(*text, path);
}

Result<void> check_scene(const Scene& scene) {
  for (const EffectInstance& instance : scene.effects) {
    const EffectType* type = find_effect_type(instance.type);
    auto block = JsonObject::from(instance.block, instance.path);
    if (!block) return block.error().within(scene.source);
    (void)block->raw("type");
    (void)block->raw("name");
    auto checked = type->create(EffectSetup(nullptr, scene, instance, *block, {}));
    if (!checked) return checked.error().within(scene.source);
  }
  return success();
}

Result<SettingText> split_setting(const std::string& setting) {
  // The knob is after the last dot before "=": knob names have none, group names may
  // ("--set blue.potion.fill=0.3" sets the container "blue.potion").
  const std::size_t equals = setting.find('=');
  const std::size_t dot = equals == std::string::npos ? std::string::npos : setting.rfind('.', equals);
  if (dot == std::string::npos || equals == std::string::npos)
    return input_error("--set " + setting + ": expected effect.knob=value");
  return SettingText{setting.substr(0, dot), setting.substr(dot + 1, equals - dot - 1), setting.substr(equals + 1)};
}

Result<void> apply_setting(Scene& scene, const std::string& setting) {
  LFX_TRY_ASSIGN(const SettingText parts, split_setting(setting));
  const std::string &group = parts.group, &knob = parts.knob, &text = parts.value;
  const std::string where = "--set " + setting + ": ";

  auto unknown_knob = [&](std::span<const KnobSpec> table) {
    std::vector<std::string> names;
    for (const KnobSpec& s : table) names.emplace_back(s.name);
    const std::string hint = closest_word(knob, names);
    return input_error(where + "unknown knob \"" + knob + "\" of " + group +
                       (hint.empty() ? "" : " (did you mean \"" + hint + "\"?)"));
  };
  if (group == "room") {
    const KnobSpec* spec = find_knob(gpu::RoomKnobs::knobs(), knob);
    if (!spec) return unknown_knob(gpu::RoomKnobs::knobs());
    auto value = parse_knob_text(*spec, text);
    if (!value) return input_error(where + value.error().message);
    if (auto r = assign_knob(&scene.backdrop.knobs, *spec, *value); !r) return input_error(where + r.error().message);
    return success();
  }
  // Check the knob and the value now, so that a bad one is reported before any GPU work.
  std::optional<KnobValue> parsed;
  for (const EffectInstance& e : scene.effects) {
    if (e.type != group && e.name != group) continue;
    const EffectType* type = find_effect_type(e.type);
    const KnobSpec* spec = find_knob(type->knobs(), knob);
    if (!spec) return unknown_knob(type->knobs());
    auto value = parse_knob_text(*spec, text);
    if (!value) return input_error(where + value.error().message);
    if (auto r = check_knob(*spec, *value); !r) return input_error(where + r.error().message);
    parsed = *value;
  }
  if (!parsed) {
    // Maybe a knob group inside an effect (known once the effects exist): parse by the knob's
    // type in any effect type's table.
    if (!find_effect_type(group))
      for (const EffectInstance& e : scene.effects)
        if (const KnobSpec* spec = find_knob(find_effect_type(e.type)->knobs(), knob))
          if (auto value = parse_knob_text(*spec, text); value && check_knob(*spec, *value)) parsed = *value;
    if (!parsed) {
      std::string groups = "room";
      for (const EffectInstance& e : scene.effects) groups += ", " + e.type + ", " + e.name;
      return input_error(where + "no effect \"" + group + "\" in " + scene.source + " (groups: " + groups + ")");
    }
  }
  scene.settings.push_back({group, knob, *parsed, setting});
  return success();
}

}  // namespace lfx::scene

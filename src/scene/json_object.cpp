#include "liquidfx/scene/json_object.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace lfx::scene {
namespace {

std::string number_text(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%g", v);
  return buffer;
}

std::string choices_text(std::span<const std::string_view> choices) {
  std::string text;
  for (auto c : choices) text += (text.empty() ? "" : ", ") + std::string("\"") + std::string(c) + "\"";
  return text;
}

}  // namespace

bool Range::contains(double v) const {
  if (!std::isfinite(v)) return false;
  const bool above_min = min_open ? v > min : v >= min;
  const bool below_max = max_open ? v < max : v <= max;
  return above_min && below_max;
}

std::string Range::text() const {
  return std::string(min_open ? "(" : "[") + number_text(min) + ", " + number_text(max) + (max_open ? ")" : "]");
}

Result<JsonObject> JsonObject::from(const nlohmann::json& value, std::string path) {
  if (!value.is_object()) return input_error((path.empty() ? "/" : path) + ": expected an object");
  JsonObject o;
  o.json_ = &value;
  o.path_ = std::move(path);
  return o;
}

bool JsonObject::has(std::string_view key) const {
  return json_->contains(key);
}

std::string JsonObject::path_of(std::string_view key) const {
  // A key is echoed whole only when it is short: a megabyte of key is not a useful message.
  constexpr std::size_t kShown = 48;
  if (key.size() <= kShown) return path_ + "/" + std::string(key);
  return path_ + "/" + std::string(key.substr(0, kShown)) + "... (a key of " + std::to_string(key.size()) + " bytes)";
}

Error JsonObject::error_at(std::string_view key, const std::string& problem) const {
  return input_error(path_of(key) + ": " + problem);
}

Error JsonObject::missing(std::string_view key, const std::string& expected) const {
  // A required key that is absent is often there misspelt: name the key that looks like it.
  std::string problem = "missing; " + expected;
  const std::string wanted[] = {std::string(key)};
  for (auto it = json_->begin(); it != json_->end(); ++it)
    if (!read_.count(it.key()) && it.key().size() <= 64 && !closest_word(it.key(), wanted).empty()) {
      problem += " (is \"" + it.key() + "\" a misspelling of it?)";
      break;
    }
  return error_at(key, problem);
}

const nlohmann::json* JsonObject::raw(std::string_view key) const {
  asked_.insert(std::string(key));
  auto it = json_->find(key);
  if (it == json_->end()) return nullptr;
  read_.insert(std::string(key));
  return &*it;
}

Result<double> JsonObject::number(std::string_view key, Range range, std::optional<double> fallback) const {
  const nlohmann::json* v = raw(key);
  const std::string expected = "expected a number in " + range.text();
  if (!v) {
    if (fallback) return *fallback;
    return missing(key, expected);
  }
  if (!v->is_number()) return error_at(key, expected);
  const double d = v->get<double>();
  if (!range.contains(d)) return error_at(key, expected + ", got " + number_text(d));
  return d;
}

namespace {

// The numbers of a JSON array of exactly `count` numbers, else nothing.
std::optional<std::vector<double>> numbers_of(const nlohmann::json& v, std::size_t count) {
  if (!v.is_array() || v.size() != count) return std::nullopt;
  std::vector<double> out;
  for (const auto& x : v) {
    if (!x.is_number()) return std::nullopt;
    out.push_back(x.get<double>());
  }
  return out;
}

bool unit(double x) {
  return x >= 0.0 && x <= 1.0;
}

}  // namespace

Result<glm::vec2> JsonObject::uv(std::string_view key) const {
  const nlohmann::json* v = raw(key);
  const std::string expected = "expected [u, v] with each in [0, 1]";
  if (!v) return missing(key, expected);
  const auto n = numbers_of(*v, 2);
  if (!n || !unit((*n)[0]) || !unit((*n)[1])) return error_at(key, expected);
  return glm::vec2(float((*n)[0]), float((*n)[1]));
}

Result<std::vector<glm::vec2>> JsonObject::uv_path(std::string_view key, std::size_t min_points) const {
  const nlohmann::json* v = raw(key);
  const std::string expected = "expected at least " + std::to_string(min_points) + " [u, v] points, each in [0, 1]";
  if (!v) return missing(key, expected);
  if (!v->is_array() || v->size() < min_points) return error_at(key, expected);
  std::vector<glm::vec2> path;
  for (std::size_t i = 0; i < v->size(); ++i) {
    const auto n = numbers_of((*v)[i], 2);
    if (!n || !unit((*n)[0]) || !unit((*n)[1])) return error_at(std::string(key) + "/" + std::to_string(i), expected);
    path.emplace_back(float((*n)[0]), float((*n)[1]));
  }
  return path;
}

Result<glm::vec2> JsonObject::point(std::string_view key, Range range) const {
  const nlohmann::json* v = raw(key);
  const std::string expected = "expected [x, y] with each in " + range.text();
  if (!v) return missing(key, expected);
  const auto n = numbers_of(*v, 2);
  if (!n || !range.contains((*n)[0]) || !range.contains((*n)[1])) return error_at(key, expected);
  return glm::vec2(float((*n)[0]), float((*n)[1]));
}

Result<std::vector<glm::vec2>> JsonObject::points(std::string_view key, Range range, std::size_t min_points) const {
  const nlohmann::json* v = raw(key);
  const std::string expected =
      "expected at least " + std::to_string(min_points) + " [x, y] points, each in " + range.text();
  if (!v) return missing(key, expected);
  if (!v->is_array() || v->size() < min_points) return error_at(key, expected);
  std::vector<glm::vec2> path;
  for (std::size_t i = 0; i < v->size(); ++i) {
    const auto n = numbers_of((*v)[i], 2);
    if (!n || !range.contains((*n)[0]) || !range.contains((*n)[1]))
      return error_at(std::string(key) + "/" + std::to_string(i), expected);
    path.emplace_back(float((*n)[0]), float((*n)[1]));
  }
  return path;
}

Result<glm::vec4> JsonObject::rect(std::string_view key, glm::vec4 fallback) const {
  const nlohmann::json* v = raw(key);
  if (!v) return fallback;
  const auto n = numbers_of(*v, 4);
  if (!n || !((*n)[0] >= 0 && (*n)[0] <= (*n)[2] && (*n)[2] <= 1 && (*n)[1] >= 0 && (*n)[1] <= (*n)[3] && (*n)[3] <= 1))
    return error_at(key, "expected [x0, y0, x1, y1] with 0 <= x0 <= x1 <= 1 and 0 <= y0 <= y1 <= 1");
  return glm::vec4(float((*n)[0]), float((*n)[1]), float((*n)[2]), float((*n)[3]));
}

Result<glm::ivec2> JsonObject::cell(std::string_view key, int columns, int rows) const {
  const nlohmann::json* v = raw(key);
  const std::string expected =
      "expected [column, row] inside the " + std::to_string(columns) + " x " + std::to_string(rows) + " board";
  if (!v) return missing(key, expected);
  if (!v->is_array() || v->size() != 2 || !(*v)[0].is_number_integer() || !(*v)[1].is_number_integer())
    return error_at(key, expected);
  const double x = (*v)[0].get<double>(), y = (*v)[1].get<double>();
  if (!(x >= 0 && x < columns && y >= 0 && y < rows)) return error_at(key, expected);
  return glm::ivec2(int(x), int(y));
}

Result<int> JsonObject::integer(std::string_view key, Range range, std::optional<int> fallback) const {
  const nlohmann::json* v = raw(key);
  const std::string expected = "expected an integer in " + range.text();
  if (!v) {
    if (fallback) return *fallback;
    return missing(key, expected);
  }
  if (!v->is_number_integer()) return error_at(key, expected);
  const double d = v->get<double>();
  if (!range.contains(d)) return error_at(key, expected + ", got " + number_text(d));
  return static_cast<int>(d);
}

Result<bool> JsonObject::boolean(std::string_view key, std::optional<bool> fallback) const {
  const nlohmann::json* v = raw(key);
  if (!v) {
    if (fallback) return *fallback;
    return missing(key, "expected true or false");
  }
  if (!v->is_boolean()) return error_at(key, "expected true or false");
  return v->get<bool>();
}

Result<glm::vec3> JsonObject::vec3(std::string_view key, Range range, std::optional<glm::vec3> fallback) const {
  const nlohmann::json* v = raw(key);
  const std::string expected = "expected an array of 3 numbers in " + range.text();
  if (!v) {
    if (fallback) return *fallback;
    return missing(key, expected);
  }
  if (!v->is_array() || v->size() != 3) return error_at(key, expected);
  glm::vec3 out;
  for (int i = 0; i < 3; ++i) {
    const nlohmann::json& c = (*v)[i];
    if (!c.is_number() || !range.contains(c.get<double>()))
      return input_error(path_of(key) + "/" + std::to_string(i) + ": expected a number in " + range.text());
    out[i] = c.get<float>();
  }
  return out;
}

Result<std::string> JsonObject::string(std::string_view key, std::optional<std::string> fallback,
                                       std::span<const std::string_view> choices) const {
  const nlohmann::json* v = raw(key);
  const std::string expected = choices.empty() ? "expected a string" : "expected one of " + choices_text(choices);
  if (!v) {
    if (fallback) return *fallback;
    return missing(key, expected);
  }
  if (!v->is_string()) return error_at(key, expected);
  std::string s = v->get<std::string>();
  if (!choices.empty() && std::find(choices.begin(), choices.end(), s) == choices.end())
    return error_at(key, expected + ", got \"" + s + "\"");
  return s;
}

Result<std::size_t> JsonObject::choice(std::string_view key, std::optional<std::string> fallback,
                                       std::span<const std::string_view> choices) const {
  LFX_TRY_ASSIGN(const std::string s, string(key, std::move(fallback), choices));
  return std::size_t(std::find(choices.begin(), choices.end(), s) - choices.begin());
}

Result<std::optional<JsonObject>> JsonObject::object(std::string_view key) const {
  const nlohmann::json* v = raw(key);
  if (!v) return std::optional<JsonObject>();
  auto o = JsonObject::from(*v, path_of(key));
  if (!o) return o.error();
  return std::optional<JsonObject>(std::move(o.value()));
}

Result<std::vector<JsonObject>> JsonObject::objects(std::string_view key) const {
  const nlohmann::json* v = raw(key);
  std::vector<JsonObject> out;
  if (!v) return out;
  if (!v->is_array()) return error_at(key, "expected an array of objects");
  for (std::size_t i = 0; i < v->size(); ++i) {
    auto o = JsonObject::from((*v)[i], path_of(key) + "/" + std::to_string(i));
    if (!o) return o.error();
    out.push_back(std::move(o.value()));
  }
  return out;
}

Result<void> JsonObject::knobs(void* knobs, std::span<const KnobSpec> table) const {
  for (const KnobSpec& spec : table) {
    const nlohmann::json* v = raw(spec.name);
    if (!v) continue;
    KnobValue value;
    if (v->is_number()) {
      value = v->get<double>();
    } else if (v->is_boolean()) {
      value = v->get<bool>();
    } else if (v->is_string()) {
      value = v->get<std::string>();
    } else if (v->is_array() && v->size() == 3 &&
               std::all_of(v->begin(), v->end(), [](auto& c) { return c.is_number(); })) {
      value = glm::vec3((*v)[0].get<float>(), (*v)[1].get<float>(), (*v)[2].get<float>());
    } else {
      return error_at(spec.name, "unsupported value");
    }
    if (auto r = assign_knob(knobs, spec, value); !r) return error_at(spec.name, r.error().message);
  }
  return success();
}

Result<void> JsonObject::finish() const {
  const std::vector<std::string> known(asked_.begin(), asked_.end());
  for (auto it = json_->begin(); it != json_->end(); ++it) {
    if (read_.count(it.key())) continue;
    std::string problem = "unknown key";
    const std::string suggestion = it.key().size() > 64 ? std::string() : closest_word(it.key(), known);
    if (!suggestion.empty()) problem += " (did you mean \"" + suggestion + "\"?)";
    return error_at(it.key(), problem);
  }
  return success();
}

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

std::string closest_word(std::string_view word, std::span<const std::string> candidates) {
  std::string best;
  std::size_t best_distance = std::max<std::size_t>(2, word.size() / 3) + 1;
  for (const std::string& c : candidates) {
    const std::size_t d = edit_distance(word, c);
    if (d < best_distance) {
      best_distance = d;
      best = c;
    }
  }
  return best;
}

}  // namespace lfx::scene

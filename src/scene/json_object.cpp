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
  return path_ + "/" + std::string(key);
}

Error JsonObject::error_at(std::string_view key, const std::string& problem) const {
  return input_error(path_of(key) + ": " + problem);
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
    return error_at(key, "missing; " + expected);
  }
  if (!v->is_number()) return error_at(key, expected);
  const double d = v->get<double>();
  if (!range.contains(d)) return error_at(key, expected + ", got " + number_text(d));
  return d;
}

Result<int> JsonObject::integer(std::string_view key, Range range, std::optional<int> fallback) const {
  const nlohmann::json* v = raw(key);
  const std::string expected = "expected an integer in " + range.text();
  if (!v) {
    if (fallback) return *fallback;
    return error_at(key, "missing; " + expected);
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
    return error_at(key, "missing; expected true or false");
  }
  if (!v->is_boolean()) return error_at(key, "expected true or false");
  return v->get<bool>();
}

Result<glm::vec3> JsonObject::vec3(std::string_view key, Range range, std::optional<glm::vec3> fallback) const {
  const nlohmann::json* v = raw(key);
  const std::string expected = "expected an array of 3 numbers in " + range.text();
  if (!v) {
    if (fallback) return *fallback;
    return error_at(key, "missing; " + expected);
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
    return error_at(key, "missing; " + expected);
  }
  if (!v->is_string()) return error_at(key, expected);
  std::string s = v->get<std::string>();
  if (!choices.empty() && std::find(choices.begin(), choices.end(), s) == choices.end())
    return error_at(key, expected + ", got \"" + s + "\"");
  return s;
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
    const std::string suggestion = closest_word(it.key(), known);
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

#include "liquidfx/core/knobs.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <optional>

namespace lfx {
namespace {

std::string number_text(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%g", v);
  return buffer;
}

std::string range_text(const KnobSpec& spec) {
  return "[" + number_text(spec.min) + ", " + number_text(spec.max) + "]";
}

std::string type_name(const KnobSpec& spec) {
  switch (spec.type) {
    case KnobType::real:
      return "number";
    case KnobType::integer:
      return "integer";
    case KnobType::boolean:
      return "true or false";
    case KnobType::vec3:
      return "3 numbers";
    case KnobType::enumeration: {
      std::string names;
      for (auto choice : spec.choices) names += (names.empty() ? "" : ", ") + std::string(choice);
      return "one of " + names;
    }
  }
  return "?";
}

Result<double> checked_number(const KnobSpec& spec, double v) {
  if (!std::isfinite(v))
    return input_error(spec.type == KnobType::vec3 ? std::string("expected a finite number")
                                                   : "expected a finite " + type_name(spec));
  if (v < spec.min || v > spec.max) return input_error(number_text(v) + " is outside " + range_text(spec));
  return v;
}

std::optional<double> parse_double(std::string_view text) {
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  if (text.empty()) return std::nullopt;
  double value = 0.0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

template <class T>
T& member(void* obj, const KnobSpec& spec) {
  return *reinterpret_cast<T*>(static_cast<char*>(obj) + spec.offset);
}
template <class T>
const T& member(const void* obj, const KnobSpec& spec) {
  return *reinterpret_cast<const T*>(static_cast<const char*>(obj) + spec.offset);
}

}  // namespace

Result<void> check_knob(const KnobSpec& spec, const KnobValue& value) {
  const Error wrong_type = input_error("expected " + type_name(spec));
  switch (spec.type) {
    case KnobType::real:
    case KnobType::integer: {
      const double* number = std::get_if<double>(&value);
      if (!number) return wrong_type;
      if (auto checked = checked_number(spec, *number); !checked) return checked.error();
      if (spec.type == KnobType::integer && std::floor(*number) != *number)
        return input_error("expected an integer, got " + number_text(*number));
      return success();
    }
    case KnobType::boolean:
      return std::holds_alternative<bool>(value) ? success() : Result<void>(wrong_type);
    case KnobType::vec3: {
      const glm::vec3* vector = std::get_if<glm::vec3>(&value);
      if (!vector) return wrong_type;
      for (int i = 0; i < 3; ++i) {
        auto checked = checked_number(spec, (*vector)[i]);
        if (!checked) return input_error("component " + std::to_string(i) + ": " + checked.error().message);
      }
      return success();
    }
    case KnobType::enumeration: {
      const std::string* name = std::get_if<std::string>(&value);
      if (!name) return wrong_type;
      for (std::string_view choice : spec.choices)
        if (choice == *name) return success();
      return input_error("\"" + *name + "\" is not " + type_name(spec));
    }
  }
  return wrong_type;
}

Result<void> assign_knob(void* obj, const KnobSpec& spec, const KnobValue& value) {
  LFX_TRY(check_knob(spec, value));
  switch (spec.type) {
    case KnobType::real:
      member<float>(obj, spec) = static_cast<float>(std::get<double>(value));
      break;
    case KnobType::integer:
      member<int>(obj, spec) = static_cast<int>(std::get<double>(value));
      break;
    case KnobType::boolean:
      member<bool>(obj, spec) = std::get<bool>(value);
      break;
    case KnobType::vec3:
      member<glm::vec3>(obj, spec) = std::get<glm::vec3>(value);
      break;
    case KnobType::enumeration: {
      const auto& name = std::get<std::string>(value);
      for (std::size_t i = 0; i < spec.choices.size(); ++i)
        if (spec.choices[i] == name) member<int>(obj, spec) = static_cast<int>(i);
      break;
    }
  }
  return success();
}

Result<KnobValue> parse_knob_text(const KnobSpec& spec, std::string_view text) {
  switch (spec.type) {
    case KnobType::real:
    case KnobType::integer: {
      auto number = parse_double(text);
      if (!number) return input_error("\"" + std::string(text) + "\" is not a number");
      return KnobValue{*number};
    }
    case KnobType::boolean:
      if (text == "true" || text == "1" || text == "on") return KnobValue{true};
      if (text == "false" || text == "0" || text == "off") return KnobValue{false};
      return input_error("\"" + std::string(text) + "\" is not true or false");
    case KnobType::vec3: {
      glm::vec3 v{};
      std::string_view rest = text;
      for (int i = 0; i < 3; ++i) {
        const std::size_t comma = rest.find(',');
        const bool last = i == 2;
        if (last != (comma == std::string_view::npos))
          return input_error("\"" + std::string(text) + "\" is not 3 comma-separated numbers");
        auto number = parse_double(rest.substr(0, comma));
        if (!number) return input_error("\"" + std::string(text) + "\" is not 3 comma-separated numbers");
        v[i] = static_cast<float>(*number);
        if (!last) rest.remove_prefix(comma + 1);
      }
      return KnobValue{v};
    }
    case KnobType::enumeration:
      return KnobValue{std::string(text)};
  }
  return input_error("unsupported knob type");
}

std::string format_knob(const void* obj, const KnobSpec& spec) {
  switch (spec.type) {
    case KnobType::real:
      return number_text(member<float>(obj, spec));
    case KnobType::integer:
      return std::to_string(member<int>(obj, spec));
    case KnobType::boolean:
      return member<bool>(obj, spec) ? "true" : "false";
    case KnobType::vec3: {
      const glm::vec3& v = member<glm::vec3>(obj, spec);
      return number_text(v.x) + "," + number_text(v.y) + "," + number_text(v.z);
    }
    case KnobType::enumeration: {
      const int index = member<int>(obj, spec);
      if (index >= 0 && static_cast<std::size_t>(index) < spec.choices.size()) return std::string(spec.choices[index]);
      return std::to_string(index);
    }
  }
  return "?";
}

const KnobSpec* find_knob(std::span<const KnobSpec> table, std::string_view name) {
  for (const KnobSpec& spec : table)
    if (name == spec.name) return &spec;
  return nullptr;
}

std::string knob_table_markdown(std::span<const KnobSpec> table, const void* defaults) {
  std::string out = "| knob | type | default | range | unit | what it does |\n|---|---|---|---|---|---|\n";
  for (const KnobSpec& spec : table) {
    const bool ranged = spec.type == KnobType::real || spec.type == KnobType::integer || spec.type == KnobType::vec3;
    out += "| `" + std::string(spec.name) + "` | " + type_name(spec) + " | " + format_knob(defaults, spec) + " | " +
           (ranged ? range_text(spec) : std::string()) + " | " + spec.unit + " | " + spec.doc + " |\n";
  }
  return out;
}

}  // namespace lfx

// Knobs: the tunable parameters of an effect, declared once in a table from which come the
// struct, JSON parsing with range checks, CLI `--set effect.knob=value`, and the docs' knob table.
//
// Declare a knob list as an X-macro, X(name, type, default, min, max, unit, doc[, restarts]), then
//   LFX_KNOB_STRUCT(RoomKnobs, LFX_ROOM_KNOBS)
// defines `struct RoomKnobs` with one member per knob (initialised to its default) and
// `RoomKnobs::knobs()`, the table. Types: float, int, bool, glm::vec3, and enums that specialise
// KnobEnumNames. min/max bound a number (each component of a vec3); they are ignored for bools
// and enums. unit is one of "m", "s", "rad", "deg", "px", "1/s", "Hz", "rgb" (a linear colour)...
// A trailing ::lfx::kKnobRestarts marks a knob whose change starts the effect's liquid again
// (a new grid, a new capacity, a new layout): effects read KnobSpec::restarts, not the name.
#pragma once

#include <cstddef>
#include <glm/vec3.hpp>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>

#include "liquidfx/core/result.h"

namespace lfx {

enum class KnobType { real, integer, boolean, vec3, enumeration };

/// Specialise for an enum used as a knob: `static constexpr std::string_view kNames[] = {...}`,
/// in the order of the enum's values 0, 1, 2...
template <class E>
struct KnobEnumNames;

/// One row of a knob table.
struct KnobSpec {
  const char* name;
  KnobType type;
  double min;
  double max;
  const char* unit;
  const char* doc;
  std::size_t offset;                         ///< Byte offset of the member in its struct.
  std::span<const std::string_view> choices;  ///< Names of an enumeration's values.
  bool restarts = false;                      ///< Changing it starts the effect's liquid again.
};

/// The flag a knob row gives after its doc when changing it restarts the effect.
struct KnobRestarts {};
inline constexpr KnobRestarts kKnobRestarts{};

/// A value on its way into a knob: a number, a flag, a vector or an enumeration's name.
using KnobValue = std::variant<double, bool, glm::vec3, std::string>;

/// Whether value fits the knob (type and range), without writing it anywhere.
Result<void> check_knob(const KnobSpec& spec, const KnobValue& value);

/// Writes value into the knob of obj (the struct the table describes), checking type and range.
/// The error says what was wrong ("50 is outside [0.01, 10]"); callers prefix the knob's name.
Result<void> assign_knob(void* obj, const KnobSpec& spec, const KnobValue& value);

/// Parses the text of `--set name=value`: "0.5", "12", "true", "0.2,0.3,0.4", "opaque".
Result<KnobValue> parse_knob_text(const KnobSpec& spec, std::string_view text);

/// The knob's current value in obj, as the text parse_knob_text reads back.
std::string format_knob(const void* obj, const KnobSpec& spec);

/// The table row named name, or nullptr.
const KnobSpec* find_knob(std::span<const KnobSpec> table, std::string_view name);

/// A Markdown table (name, type, default, range, unit, doc) of the knobs, defaults read from obj.
std::string knob_table_markdown(std::span<const KnobSpec> table, const void* defaults);

namespace detail {
template <class T>
constexpr KnobType knob_type_of() {
  if constexpr (std::is_same_v<T, float>)
    return KnobType::real;
  else if constexpr (std::is_same_v<T, int>)
    return KnobType::integer;
  else if constexpr (std::is_same_v<T, bool>)
    return KnobType::boolean;
  else if constexpr (std::is_same_v<T, glm::vec3>)
    return KnobType::vec3;
  else if constexpr (std::is_enum_v<T> && sizeof(T) == sizeof(int))
    return KnobType::enumeration;
  else
    static_assert(sizeof(T) == 0, "unsupported knob type");
}
constexpr bool knob_restarts() {
  return false;
}
constexpr bool knob_restarts(KnobRestarts) {
  return true;
}
template <class T>
constexpr std::span<const std::string_view> knob_choices_of() {
  if constexpr (std::is_enum_v<T>)
    return KnobEnumNames<T>::kNames;
  else
    return {};
}
}  // namespace detail

}  // namespace lfx

#define LFX_KNOB_FIELD(name, type, def, lo, hi, unit, doc, ...) type name = def;
#define LFX_KNOB_ENTRY(name, type, def, lo, hi, unit, doc, ...) \
  ::lfx::KnobSpec{#name,                                        \
                  ::lfx::detail::knob_type_of<type>(),          \
                  double(lo),                                   \
                  double(hi),                                   \
                  unit,                                         \
                  doc,                                          \
                  offsetof(KnobStructT, name),                  \
                  ::lfx::detail::knob_choices_of<type>(),       \
                  ::lfx::detail::knob_restarts(__VA_ARGS__)},
#define LFX_KNOB_STRUCT(Struct, LIST)                                 \
  struct Struct {                                                     \
    LIST(LFX_KNOB_FIELD)                                              \
    static std::span<const ::lfx::KnobSpec> knobs() {                 \
      using KnobStructT = Struct;                                     \
      static const ::lfx::KnobSpec kTable[] = {LIST(LFX_KNOB_ENTRY)}; \
      return kTable;                                                  \
    }                                                                 \
  }

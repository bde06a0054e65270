// Reading a JSON object with errors that name the JSON pointer path and the problem:
//   "/camera/fov: expected a number in (0, 180)". Keys that nothing read are errors too
// (finish()), so that a typo never passes silently.
#pragma once

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "liquidfx/core/knobs.h"
#include "liquidfx/core/result.h"

namespace lfx::scene {

/// An interval for numbers; open ends exclude the bound.
struct Range {
  double min;
  double max;
  bool min_open = false;
  bool max_open = false;
  bool contains(double v) const;
  std::string text() const;  ///< "(0, 180)", "[0, 1]".
};

class JsonObject {
 public:
  /// value must be a JSON object; path is its JSON pointer ("" for the document).
  static Result<JsonObject> from(const nlohmann::json& value, std::string path);

  const std::string& path() const { return path_; }
  bool has(std::string_view key) const;
  /// "path/key" for messages.
  std::string path_of(std::string_view key) const;

  /// A number in range; absent: fallback, or an error when there is none.
  Result<double> number(std::string_view key, Range range, std::optional<double> fallback = std::nullopt) const;
  Result<int> integer(std::string_view key, Range range, std::optional<int> fallback = std::nullopt) const;
  Result<bool> boolean(std::string_view key, std::optional<bool> fallback = std::nullopt) const;
  /// [x, y, z] with each component in range.
  Result<glm::vec3> vec3(std::string_view key, Range range, std::optional<glm::vec3> fallback = std::nullopt) const;
  /// [u, v] image coordinates, each in [0, 1].
  Result<glm::vec2> uv(std::string_view key) const;
  /// A path of at least `min_points` [u, v] points, each in [0, 1].
  Result<std::vector<glm::vec2>> uv_path(std::string_view key, std::size_t min_points) const;
  /// [x, y] with each in range.
  Result<glm::vec2> point(std::string_view key, Range range) const;
  /// A path of at least `min_points` [x, y] points, each component in range.
  Result<std::vector<glm::vec2>> points(std::string_view key, Range range, std::size_t min_points) const;
  /// [x0, y0, x1, y1] in image fractions with 0 <= x0 <= x1 <= 1 and 0 <= y0 <= y1 <= 1 (a point or a
  /// line is a rectangle too); absent: fallback.
  Result<glm::vec4> rect(std::string_view key, glm::vec4 fallback) const;
  /// [column, row] inside a columns x rows grid.
  Result<glm::ivec2> cell(std::string_view key, int columns, int rows) const;
  /// A string; when choices is not empty it must be one of them.
  Result<std::string> string(std::string_view key, std::optional<std::string> fallback = std::nullopt,
                             std::span<const std::string_view> choices = {}) const;
  /// Which of `choices` the string is (its index), with string()'s errors.
  Result<std::size_t> choice(std::string_view key, std::optional<std::string> fallback,
                             std::span<const std::string_view> choices) const;
  /// A nested object (absent: std::nullopt).
  Result<std::optional<JsonObject>> object(std::string_view key) const;
  /// An array of objects (absent: empty).
  Result<std::vector<JsonObject>> objects(std::string_view key) const;
  /// The raw value (marked as read), or nullptr when absent.
  const nlohmann::json* raw(std::string_view key) const;

  /// Reads every key of this object that names a knob of `table` into `knobs`.
  Result<void> knobs(void* knobs, std::span<const KnobSpec> table) const;

  /// An error for any key that nothing read, suggesting the closest known key.
  Result<void> finish() const;

  Error error_at(std::string_view key, const std::string& problem) const;

 private:
  /// "missing; <expected>" at `key`, naming an unread key of this object that looks misspelt.
  Error missing(std::string_view key, const std::string& expected) const;

  const nlohmann::json* json_ = nullptr;
  std::string path_;
  mutable std::set<std::string, std::less<>> read_;   // keys present and read
  mutable std::set<std::string, std::less<>> asked_;  // every key asked for, for suggestions
};

/// The edit distance between two words (for "did you mean" suggestions).
std::size_t edit_distance(std::string_view a, std::string_view b);

/// The closest of `candidates` to `word` when it is close enough, else empty.
std::string closest_word(std::string_view word, std::span<const std::string> candidates);

}  // namespace lfx::scene

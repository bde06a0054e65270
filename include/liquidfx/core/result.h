// lfx::Result<T>: the value of an operation that can fail because of its environment (a missing
// device, a bad file, bad JSON, a malformed mesh), or the message that says why it failed.
// Programmer errors are asserts, not Results. No exception crosses the public API.
#pragma once

#include <cassert>
#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace lfx {

/// What kind of failure an Error is; the CLI maps it to its exit code (2 input, 3 GPU).
enum class ErrorKind {
  input,  ///< Bad input: a file, a scene, a mesh, a knob, a command-line argument.
  gpu,    ///< The GPU or its driver: no device, out of memory, device lost.
};

/// A failure message that names the input and what is wrong with it,
/// e.g. "bottle.obj: mesh is not closed: 12 boundary edges".
struct Error {
  std::string message;
  ErrorKind kind = ErrorKind::input;

  /// Prefixes the message with where it happened: "scene.json: " + message.
  Error within(const std::string& where) const& { return {where + ": " + message, kind}; }
};

inline Error input_error(std::string message) {
  return {std::move(message), ErrorKind::input};
}
inline Error gpu_error(std::string message) {
  return {std::move(message), ErrorKind::gpu};
}

/// Either a T or an Error. Test with ok() / operator bool before reading value().
template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : state_(std::in_place_index<0>, std::move(value)) {}
  Result(Error error) : state_(std::in_place_index<1>, std::move(error)) {}

  bool ok() const { return state_.index() == 0; }
  explicit operator bool() const { return ok(); }

  T& value() & {
    assert(ok());
    return std::get<0>(state_);
  }
  const T& value() const& {
    assert(ok());
    return std::get<0>(state_);
  }
  T&& value() && {
    assert(ok());
    return std::get<0>(std::move(state_));
  }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }

  const Error& error() const {
    assert(!ok());
    return std::get<1>(state_);
  }

 private:
  std::variant<T, Error> state_;
};

/// Success, or the Error that says why not.
template <>
class [[nodiscard]] Result<void> {
 public:
  Result() = default;
  Result(Error error) : error_(std::move(error)) {}

  bool ok() const { return !error_.has_value(); }
  explicit operator bool() const { return ok(); }
  const Error& error() const {
    assert(!ok());
    return *error_;
  }

 private:
  std::optional<Error> error_;
};

/// Result<void> success, for readability at return sites.
inline Result<void> success() {
  return {};
}

}  // namespace lfx

#define LFX_CONCAT_INNER(a, b) a##b
#define LFX_CONCAT(a, b) LFX_CONCAT_INNER(a, b)

/// Returns the error of a failed Result from the enclosing function:
///   LFX_TRY(block.finish());
#define LFX_TRY(expr)                                               \
  do {                                                              \
    if (auto lfx_try_ = (expr); !lfx_try_) return lfx_try_.error(); \
  } while (0)

/// Declares or assigns `lhs` from a Result's value, or returns its error:
///   LFX_TRY_ASSIGN(const double time, block.number("time", {0, 3600}));
/// It expands to several statements: put it in braces under an `if`.
#define LFX_TRY_ASSIGN(lhs, expr) LFX_TRY_ASSIGN_IMPL(LFX_CONCAT(lfx_try_, __LINE__), lhs, expr)
#define LFX_TRY_ASSIGN_IMPL(tmp, lhs, expr) \
  auto tmp = (expr);                        \
  if (!tmp) return tmp.error();             \
  lhs = std::move(tmp.value())

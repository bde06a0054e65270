#include "liquidfx/gpu/shader_library.h"

#include <utility>

namespace lfx::gpu {
namespace detail {
// Generated at build time by cmake/embed_spirv.cmake.
std::span<const std::pair<std::string_view, std::span<const std::uint32_t>>> embedded_shaders();
}  // namespace detail

std::span<const std::uint32_t> shader_code(std::string_view name) {
  for (const auto& [shader_name, code] : detail::embedded_shaders())
    if (shader_name == name) return code;
  return {};
}

std::vector<std::string> shader_names() {
  std::vector<std::string> names;
  for (const auto& entry : detail::embedded_shaders()) names.emplace_back(entry.first);
  return names;
}

}  // namespace lfx::gpu

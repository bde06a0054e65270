// The SPIR-V of liquidfx's shaders, compiled at build time and embedded in the library.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace lfx::gpu {

/// The SPIR-V words of a shader by its path under shaders/ ("render/tonemap.comp"), or an empty
/// span when there is no such shader.
std::span<const std::uint32_t> shader_code(std::string_view name);

/// Names of every embedded shader.
std::vector<std::string> shader_names();

}  // namespace lfx::gpu

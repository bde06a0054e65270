// What a shader expects from the C++ side, read from its SPIR-V: the descriptor type of each
// binding of set 0 and the size of its push-constant block. Pipelines are laid out from this, so
// bindings are declared once (in the GLSL) and a push-constant struct that does not match its
// shader is caught when the pipeline is made.
#pragma once

#include <vulkan/vulkan.h>

#include <cstdint>
#include <map>
#include <span>
#include <string_view>

#include "liquidfx/core/result.h"

namespace lfx::gpu {

struct ShaderInterface {
  std::map<std::uint32_t, VkDescriptorType> bindings;  ///< Set 0: binding -> type.
  std::uint32_t push_constant_bytes = 0;               ///< 0 without a push-constant block.
};

/// Reads a SPIR-V module's interface. Errors (bad SPIR-V, descriptor sets other than 0,
/// descriptor arrays, resource kinds liquidfx does not bind) name the shader.
Result<ShaderInterface> reflect_shader(std::string_view name, std::span<const std::uint32_t> spirv);

/// Merges the interface of another stage of the same pipeline: the union of the bindings (a
/// binding both use must have one type) and the larger push-constant block.
Result<void> merge_interface(ShaderInterface& into, const ShaderInterface& stage, std::string_view name);

}  // namespace lfx::gpu

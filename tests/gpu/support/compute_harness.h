// Runs a one-shot compute shader over input and output storage buffers, for CPU/GPU agreement
// tests of the math in shaders/shared/.
#pragma once

#include <cstdint>
#include <glm/vec4.hpp>
#include <span>
#include <string_view>
#include <vector>

#include "liquidfx/core/result.h"
#include "liquidfx/gpu/context.h"

namespace lfx::test {

/// Binding 0: inputs (std430 vec4 array), binding 1: outputs (`output_count` vec4), push
/// constant: the uint `invocations`. Dispatches ceil(invocations / 64) groups of 64.
Result<std::vector<glm::vec4>> run_compute(gpu::Context& ctx, std::string_view test_shader_name,
                                           std::span<const glm::vec4> inputs, std::size_t output_count,
                                           std::uint32_t invocations);

}  // namespace lfx::test

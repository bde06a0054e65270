// lfx::gpu::ParticleSource: where a GPU particle buffer keeps what a renderer draws. The
// particles effect describes its own buffer with it, and a host engine describes its own
// simulation's buffer the same way: records of `stride` bytes with a position (three floats)
// and a velocity at given offsets, optionally a colour (three floats) and a foam weight (one
// float), and a count that is a number or a uint the GPU keeps.
#pragma once

#include <vulkan/vulkan.h>

#include <cstdint>
#include <optional>

#include "liquidfx/core/result.h"

namespace lfx::gpu {

struct ParticleSource {
  VkBuffer buffer = VK_NULL_HANDLE;
  VkDeviceSize buffer_bytes = 0;  ///< Size of `buffer`.
  std::uint32_t stride = 0;       ///< Bytes from one record to the next.
  std::uint32_t position_offset = 0;
  std::uint32_t velocity_offset = 0;
  std::optional<std::uint32_t> color_offset;
  std::optional<std::uint32_t> foam_offset;
  /// The number of records; with a count buffer, the most the GPU's count may say.
  std::uint32_t count = 0;
  VkBuffer count_buffer = VK_NULL_HANDLE;  ///< A uint with the live count, or none.
  VkDeviceSize count_offset = 0;           ///< Bytes; a multiple of 4.
  float radius = 0.01f;                    ///< Of a particle (m).
};

/// Checks a source's layout: stride at least the fields it holds and a multiple of 4, every
/// offset a multiple of 4 with its field inside the stride, count records inside the buffer, a
/// positive radius. The message names the field and the numbers.
Result<void> check_particle_source(const ParticleSource& source);

}  // namespace lfx::gpu

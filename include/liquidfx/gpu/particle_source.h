// lfx::gpu::ParticleSource: where a GPU particle buffer keeps what a renderer draws. The
// particles effect describes its own buffer with it, and a host engine describes its own
// simulation's buffer the same way: records of `stride` bytes with a position (three floats)
// and a velocity at given offsets, optionally a colour (three floats) and a foam weight (one
// float), and a count that is a number or a uint the GPU keeps.
//
// The barrier contract: the host writes the buffer (and the count) on the queue liquidfx records
// into, before liquidfx's frame (earlier in the same command buffer or in an earlier
// submission), and states how in `written_stages` / `written_access`. liquidfx records the one
// barrier from those writes to every stage it reads the records in (compute splats, raster
// splats' vertex and fragment shaders, sphere impostors' indirect draws), so the host records
// none. A host that writes the buffer after liquidfx's frame, before the next one, owes the
// usual write-after-read barrier from liquidfx's reads (VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT
// covers them) to its writes.
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
  /// How the host last wrote `buffer` and `count_buffer`: by default a compute shader's storage
  /// writes (a compute simulation); VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT and
  /// VK_ACCESS_2_TRANSFER_WRITE_BIT for a copy or fill; NONE for a buffer whose writes the host
  /// has already waited for.
  VkPipelineStageFlags2 written_stages = VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT;
  VkAccessFlags2 written_access = VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT;
};

/// Records the barrier from the source's last writes (written_stages / written_access) to
/// storage reads in `reading_stages`, plus indirect-argument reads when those include
/// VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT. Every liquidfx pass that reads a source calls it first.
void record_source_reads(VkCommandBuffer cmd, const ParticleSource& source, VkPipelineStageFlags2 reading_stages);

/// Checks a source's layout: stride at least the fields it holds and a multiple of 4, every
/// offset a multiple of 4 with its field inside the stride, count records inside the buffer, a
/// positive radius. The message names the field and the numbers.
Result<void> check_particle_source(const ParticleSource& source);

}  // namespace lfx::gpu

#include "liquidfx/gpu/particle_source.h"

#include <cmath>
#include <string>

#include "liquidfx/gpu/barriers.h"

namespace lfx::gpu {
namespace {

Result<void> check_field(const ParticleSource& s, const char* name, std::uint32_t offset, std::uint32_t bytes) {
  if (offset % 4 != 0)
    return input_error(std::string("particle source: the ") + name + " offset " + std::to_string(offset) +
                       " is not a multiple of 4 bytes");
  if (std::uint64_t(offset) + bytes > s.stride)
    return input_error(std::string("particle source: the ") + name + " (" + std::to_string(bytes) +
                       " bytes at offset " + std::to_string(offset) + ") does not fit in the stride of " +
                       std::to_string(s.stride) + " bytes");
  return success();
}

}  // namespace

Result<void> check_particle_source(const ParticleSource& s) {
  if (s.buffer == VK_NULL_HANDLE) return input_error("particle source: no buffer");
  if (s.stride == 0 || s.stride % 4 != 0)
    return input_error("particle source: the stride " + std::to_string(s.stride) +
                       " is not a positive multiple of 4 bytes");
  LFX_TRY(check_field(s, "position", s.position_offset, 12));
  LFX_TRY(check_field(s, "velocity", s.velocity_offset, 12));
  if (s.color_offset) LFX_TRY(check_field(s, "colour", *s.color_offset, 12));
  if (s.foam_offset) LFX_TRY(check_field(s, "foam", *s.foam_offset, 4));
  if (std::uint64_t(s.count) * s.stride > s.buffer_bytes)
    return input_error("particle source: " + std::to_string(s.count) + " records of " + std::to_string(s.stride) +
                       " bytes need " + std::to_string(std::uint64_t(s.count) * s.stride) + " bytes; the buffer has " +
                       std::to_string(s.buffer_bytes));
  if (s.count_buffer != VK_NULL_HANDLE && s.count_offset % 4 != 0)
    return input_error("particle source: the count offset " + std::to_string(s.count_offset) +
                       " is not a multiple of 4 bytes");
  if (!(s.radius > 0.0f) || !std::isfinite(s.radius))
    return input_error("particle source: the radius must be a positive number of metres");
  return success();
}

void record_source_reads(VkCommandBuffer cmd, const ParticleSource& source, VkPipelineStageFlags2 reading_stages) {
  if (source.written_stages == VK_PIPELINE_STAGE_2_NONE) return;  // nothing pending
  VkAccessFlags2 reads = VK_ACCESS_2_SHADER_STORAGE_READ_BIT;
  if (reading_stages & VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT) reads |= VK_ACCESS_2_INDIRECT_COMMAND_READ_BIT;
  memory_barrier(cmd, source.written_stages, source.written_access, reading_stages, reads);
}

}  // namespace lfx::gpu

// The particle solver's dispatch helpers, shared by its step (particles_solver.cpp) and its
// projection (particles_projection.cpp).
#pragma once

#include <vulkan/vulkan.h>

#include <cstdint>

#include "liquidfx/gpu/barriers.h"
#include "liquidfx/shared/particles.h"

namespace lfx::gpu {

inline std::uint32_t groups_of(std::uint64_t items, std::uint32_t size) {
  return std::uint32_t((items + size - 1) / size);
}

// Every pass reads what the previous one wrote (buffers only): one global barrier between them.
inline void solver_barrier(VkCommandBuffer cmd) {
  memory_barrier(cmd, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT,
                 VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT | VK_ACCESS_2_TRANSFER_WRITE_BIT,
                 VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT |
                     VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT | VK_PIPELINE_STAGE_2_VERTEX_SHADER_BIT,
                 VK_ACCESS_2_SHADER_STORAGE_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT |
                     VK_ACCESS_2_TRANSFER_READ_BIT | VK_ACCESS_2_TRANSFER_WRITE_BIT |
                     VK_ACCESS_2_INDIRECT_COMMAND_READ_BIT);
}

}  // namespace lfx::gpu

// synchronization2 barrier helpers. An ImageAccess says how an image is about to be used (its
// layout, the stages and the accesses); a barrier goes from one ImageAccess to the next.
#pragma once

#include <vulkan/vulkan.h>

#include <cstdint>

namespace lfx::gpu {

struct ImageAccess {
  VkImageLayout layout;
  VkPipelineStageFlags2 stage;
  VkAccessFlags2 access;

  /// Whether the access writes (a barrier is always needed after a write).
  bool writes() const;
};

/// The uses liquidfx passes put images to.
namespace access {
inline constexpr ImageAccess kUndefined{VK_IMAGE_LAYOUT_UNDEFINED, VK_PIPELINE_STAGE_2_NONE, VK_ACCESS_2_NONE};
inline constexpr ImageAccess kComputeWrite{VK_IMAGE_LAYOUT_GENERAL, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                                           VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT};
inline constexpr ImageAccess kComputeRead{VK_IMAGE_LAYOUT_GENERAL, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                                          VK_ACCESS_2_SHADER_STORAGE_READ_BIT};
inline constexpr ImageAccess kComputeReadWrite{
    VK_IMAGE_LAYOUT_GENERAL, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
    VK_ACCESS_2_SHADER_STORAGE_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT};
inline constexpr ImageAccess kComputeSampled{VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL,
                                             VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                                             VK_ACCESS_2_SHADER_SAMPLED_READ_BIT};
inline constexpr ImageAccess kShaderSampled{
    VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL,
    VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT,
    VK_ACCESS_2_SHADER_SAMPLED_READ_BIT};
inline constexpr ImageAccess kColorAttachment{
    VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
    VK_ACCESS_2_COLOR_ATTACHMENT_READ_BIT | VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT};
inline constexpr ImageAccess kDepthAttachment{
    VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL,
    VK_PIPELINE_STAGE_2_EARLY_FRAGMENT_TESTS_BIT | VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT,
    VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_READ_BIT | VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT};
/// Depth tested but not written, and sampled by shaders at the same time.
inline constexpr ImageAccess kDepthReadOnly{
    VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_OPTIMAL,
    VK_PIPELINE_STAGE_2_EARLY_FRAGMENT_TESTS_BIT | VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT |
        VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT,
    VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_READ_BIT | VK_ACCESS_2_SHADER_SAMPLED_READ_BIT};
/// A depth image read by shaders (not tested against).
inline constexpr ImageAccess kDepthSampled{
    VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_OPTIMAL,
    VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT,
    VK_ACCESS_2_SHADER_SAMPLED_READ_BIT};
inline constexpr ImageAccess kTransferSrc{VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT,
                                          VK_ACCESS_2_TRANSFER_READ_BIT};
inline constexpr ImageAccess kTransferDst{VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT,
                                          VK_ACCESS_2_TRANSFER_WRITE_BIT};
inline constexpr ImageAccess kPresent{VK_IMAGE_LAYOUT_PRESENT_SRC_KHR, VK_PIPELINE_STAGE_2_NONE, VK_ACCESS_2_NONE};
}  // namespace access

/// One image barrier from `from` to `to` over mips [base_mip, base_mip + mip_count).
void image_barrier(VkCommandBuffer cmd, VkImage image, VkImageAspectFlags aspect, const ImageAccess& from,
                   const ImageAccess& to, std::uint32_t base_mip = 0,
                   std::uint32_t mip_count = VK_REMAINING_MIP_LEVELS);

/// A global memory barrier (buffers: storage writes before reads, transfers before shaders...).
void memory_barrier(VkCommandBuffer cmd, VkPipelineStageFlags2 src_stage, VkAccessFlags2 src_access,
                    VkPipelineStageFlags2 dst_stage, VkAccessFlags2 dst_access);
/// Between two compute dispatches: the first's storage writes before the next's reads and writes.
void compute_to_compute_barrier(VkCommandBuffer cmd);

}  // namespace lfx::gpu

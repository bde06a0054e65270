// DescriptorWrites: the resources of one dispatch or draw, pushed with VK_KHR_push_descriptor.
//   DescriptorWrites().storage_image(0, out.view()).sampled_image(1, in.view(), sampler)
//       .push(ctx, cmd, pipeline);
#pragma once

#include <vulkan/vulkan.h>

#include <array>
#include <cstdint>

#include "liquidfx/gpu/context.h"
#include "liquidfx/gpu/pipeline.h"

namespace lfx::gpu {

class DescriptorWrites {
 public:
  static constexpr std::uint32_t kMaxWrites = 48;

  /// A storage image in VK_IMAGE_LAYOUT_GENERAL.
  DescriptorWrites& storage_image(std::uint32_t binding, VkImageView view);
  /// A combined image sampler; layout is the image's layout while the shader reads it.
  DescriptorWrites& sampled_image(std::uint32_t binding, VkImageView view, VkSampler sampler,
                                  VkImageLayout layout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL);
  DescriptorWrites& uniform_buffer(std::uint32_t binding, VkBuffer buffer, VkDeviceSize offset = 0,
                                   VkDeviceSize range = VK_WHOLE_SIZE);
  DescriptorWrites& storage_buffer(std::uint32_t binding, VkBuffer buffer, VkDeviceSize offset = 0,
                                   VkDeviceSize range = VK_WHOLE_SIZE);

  /// A storage texel buffer (`imageBuffer`): a view such as Buffer::word_texels().
  DescriptorWrites& storage_texel_buffer(std::uint32_t binding, VkBufferView view);

  void push(const Context& ctx, VkCommandBuffer cmd, const Pipeline& pipeline) const;

 private:
  VkWriteDescriptorSet& next(std::uint32_t binding, VkDescriptorType type);
  std::array<VkWriteDescriptorSet, kMaxWrites> writes_{};
  std::array<VkDescriptorImageInfo, kMaxWrites> images_{};
  std::array<VkDescriptorBufferInfo, kMaxWrites> buffers_{};
  std::array<VkBufferView, kMaxWrites> texel_views_{};
  std::uint32_t count_ = 0;
};

}  // namespace lfx::gpu

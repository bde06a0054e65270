#include "liquidfx/gpu/detail/descriptors.h"

#include <cassert>

namespace lfx::gpu {

VkWriteDescriptorSet& DescriptorWrites::next(std::uint32_t binding, VkDescriptorType type) {
  assert(count_ < kMaxWrites);
  VkWriteDescriptorSet& w = writes_[count_++];
  w = {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
  w.dstBinding = binding;
  w.descriptorCount = 1;
  w.descriptorType = type;
  return w;
}

DescriptorWrites& DescriptorWrites::storage_image(std::uint32_t binding, VkImageView view) {
  next(binding, VK_DESCRIPTOR_TYPE_STORAGE_IMAGE);
  images_[count_ - 1] = {VK_NULL_HANDLE, view, VK_IMAGE_LAYOUT_GENERAL};
  return *this;
}

DescriptorWrites& DescriptorWrites::sampled_image(std::uint32_t binding, VkImageView view, VkSampler sampler,
                                                  VkImageLayout layout) {
  next(binding, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER);
  images_[count_ - 1] = {sampler, view, layout};
  return *this;
}

DescriptorWrites& DescriptorWrites::uniform_buffer(std::uint32_t binding, VkBuffer buffer, VkDeviceSize offset,
                                                   VkDeviceSize range) {
  next(binding, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER);
  buffers_[count_ - 1] = {buffer, offset, range};
  return *this;
}

DescriptorWrites& DescriptorWrites::storage_buffer(std::uint32_t binding, VkBuffer buffer, VkDeviceSize offset,
                                                   VkDeviceSize range) {
  next(binding, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER);
  buffers_[count_ - 1] = {buffer, offset, range};
  return *this;
}

void DescriptorWrites::push(const Context& ctx, VkCommandBuffer cmd, const Pipeline& pipeline) const {
  // Pointers are resolved here, so that a moved or copied DescriptorWrites stays valid.
  std::array<VkWriteDescriptorSet, kMaxWrites> writes = writes_;
  for (std::uint32_t i = 0; i < count_; ++i) {
    const bool is_buffer = writes[i].descriptorType == VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER ||
                           writes[i].descriptorType == VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    if (is_buffer) {
      writes[i].pBufferInfo = &buffers_[i];
    } else {
      writes[i].pImageInfo = &images_[i];
    }
  }
  ctx.push_descriptors(cmd, pipeline.bind_point(), pipeline.layout(), count_, writes.data());
}

}  // namespace lfx::gpu

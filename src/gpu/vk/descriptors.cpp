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

DescriptorWrites& DescriptorWrites::storage_texel_buffer(std::uint32_t binding, VkBufferView view) {
  next(binding, VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER);
  texel_views_[count_ - 1] = view;
  return *this;
}

void DescriptorWrites::push(const Context& ctx, VkCommandBuffer cmd, const Pipeline& pipeline) const {
  // Pointers are resolved here, so that a moved or copied DescriptorWrites stays valid.
  // A binding the shader does not read (the compiler removed it) is skipped, so that passes
  // sharing resources can bind the same list; one it reads must have the type it declares.
  std::array<VkWriteDescriptorSet, kMaxWrites> writes{};
  std::uint32_t count = 0;
  for (std::uint32_t i = 0; i < count_; ++i) {
    const VkDescriptorType* declared = pipeline.binding_type(writes_[i].dstBinding);
    if (!declared) continue;
    assert(*declared == writes_[i].descriptorType && "the shader declares another descriptor type");
    VkWriteDescriptorSet& w = writes[count++] = writes_[i];
    const bool is_buffer =
        w.descriptorType == VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER || w.descriptorType == VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    if (w.descriptorType == VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER) {
      w.pTexelBufferView = &texel_views_[i];
    } else if (is_buffer) {
      w.pBufferInfo = &buffers_[i];
    } else {
      w.pImageInfo = &images_[i];
    }
  }
  if (count) ctx.push_descriptors(cmd, pipeline.bind_point(), pipeline.layout(), count, writes.data());
}

}  // namespace lfx::gpu

#include "liquidfx/gpu/sampler.h"

#include <utility>

namespace lfx::gpu {

Result<Sampler> Sampler::create(const Context& ctx, const SamplerDesc& desc) {
  Sampler s;
  s.device_ = ctx.device();
  VkSamplerCreateInfo info{VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO};
  info.magFilter = desc.filter;
  info.minFilter = desc.filter;
  info.mipmapMode = desc.mipmap;
  info.addressModeU = info.addressModeV = info.addressModeW = desc.address;
  info.maxLod = VK_LOD_CLAMP_NONE;
  if (auto r = vk_check(vkCreateSampler(s.device_, &info, nullptr, &s.sampler_), "vkCreateSampler"); !r)
    return r.error();
  return s;
}

Sampler::~Sampler() {
  if (device_ && sampler_) vkDestroySampler(device_, sampler_, nullptr);
}

Sampler::Sampler(Sampler&& other) noexcept
    : device_(std::exchange(other.device_, VK_NULL_HANDLE)), sampler_(std::exchange(other.sampler_, VK_NULL_HANDLE)) {}

Sampler& Sampler::operator=(Sampler&& other) noexcept {
  if (this != &other) {
    if (device_ && sampler_) vkDestroySampler(device_, sampler_, nullptr);
    device_ = std::exchange(other.device_, VK_NULL_HANDLE);
    sampler_ = std::exchange(other.sampler_, VK_NULL_HANDLE);
  }
  return *this;
}

}  // namespace lfx::gpu

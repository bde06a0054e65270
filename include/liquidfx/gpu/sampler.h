// lfx::gpu::Sampler: a VkSampler. Move-only.
#pragma once

#include <vulkan/vulkan.h>

#include "liquidfx/core/result.h"
#include "liquidfx/gpu/context.h"

namespace lfx::gpu {

struct SamplerDesc {
  VkFilter filter = VK_FILTER_LINEAR;
  VkSamplerMipmapMode mipmap = VK_SAMPLER_MIPMAP_MODE_LINEAR;
  VkSamplerAddressMode address = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
};

class Sampler {
 public:
  static Result<Sampler> create(const Context& ctx, const SamplerDesc& desc);
  Sampler() = default;
  ~Sampler();
  Sampler(Sampler&& other) noexcept;
  Sampler& operator=(Sampler&& other) noexcept;
  Sampler(const Sampler&) = delete;
  Sampler& operator=(const Sampler&) = delete;

  VkSampler handle() const { return sampler_; }

 private:
  VkDevice device_ = VK_NULL_HANDLE;
  VkSampler sampler_ = VK_NULL_HANDLE;
};

}  // namespace lfx::gpu

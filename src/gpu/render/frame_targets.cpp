#include "liquidfx/gpu/render/frame_targets.h"

namespace lfx::gpu {

Result<FrameTargets> FrameTargets::create(const Context& ctx, std::uint32_t width, std::uint32_t height, Own own) {
  FrameTargets t;
  struct Spec {
    bool made;
    Image* image;
    VkFormat format;
    std::uint32_t mips;
    VkImageUsageFlags usage;
    const char* name;
  };
  const Spec specs[] = {
      {own.color, &t.color, kHdrFormat, 1,
       VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_SAMPLED_BIT |
           VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
       "frame color"},
      {own.depth, &t.depth, kDepthFormat, 1,
       VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT | VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
       "frame depth"},
      {true, &t.scene_color, kHdrFormat, full_mip_count(width, height),
       VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
           VK_IMAGE_USAGE_TRANSFER_DST_BIT,
       "scene color"},
      {true, &t.scene_depth, kSceneDepthFormat, 1,
       VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT, "scene depth"},
      {own.output, &t.output, kOutputFormat, 1,
       VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT, "frame output"},
  };
  for (const Spec& s : specs) {
    if (!s.made) continue;
    LFX_TRY_ASSIGN(*s.image, Image::create(ctx, {width, height, s.format, s.mips, s.usage, s.name}));
  }
  return t;
}

}  // namespace lfx::gpu

#include "liquidfx/gpu/detail/descriptors.h"
#include "liquidfx/gpu/detail/rendering.h"
#include "liquidfx/gpu/render/frame_passes.h"

namespace lfx::gpu {

void FrameContext::draw_depth_out(const Pipeline& pipeline, Image& source, std::uint32_t source_binding,
                                  std::span<const std::byte> push) const {
  source.use(cmd,
             {VK_IMAGE_LAYOUT_GENERAL, VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT, VK_ACCESS_2_SHADER_STORAGE_READ_BIT});
  targets.depth.use(cmd, access::kDepthAttachment);
  begin_rendering(cmd, {}, {&targets.depth});
  pipeline.bind(cmd, reversed_depth());
  DescriptorWrites()
      .uniform_buffer(0, frame_uniforms.handle())
      .storage_image(source_binding, source.view())
      .push(ctx, cmd, pipeline);
  if (!push.empty()) pipeline.push_constants(cmd, push.data(), std::uint32_t(push.size()));
  vkCmdDraw(cmd, 3, 1, 0, 0);
  vkCmdEndRendering(cmd);
}

}  // namespace lfx::gpu

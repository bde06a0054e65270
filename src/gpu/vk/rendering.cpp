#include "liquidfx/gpu/detail/rendering.h"

#include <cassert>
#include <vector>

namespace lfx::gpu {

void begin_rendering(VkCommandBuffer cmd, std::initializer_list<ColorTarget> colors, const DepthTarget& depth,
                     VkRect2D area) {
  std::vector<VkRenderingAttachmentInfo> color_infos;
  VkExtent2D extent{0, 0};
  for (const ColorTarget& c : colors) {
    assert(c.image);
    VkRenderingAttachmentInfo info{VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO};
    info.imageView = c.image->view();
    info.imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
    info.loadOp = c.clear ? VK_ATTACHMENT_LOAD_OP_CLEAR : VK_ATTACHMENT_LOAD_OP_LOAD;
    info.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
    info.clearValue.color = {{c.clear_color.x, c.clear_color.y, c.clear_color.z, c.clear_color.w}};
    color_infos.push_back(info);
    if (extent.width == 0) extent = c.image->extent();
  }
  VkRenderingAttachmentInfo depth_info{VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO};
  if (depth.image) {
    depth_info.imageView = depth.image->view();
    depth_info.imageLayout = depth.image->layout(depth.read_only ? VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_OPTIMAL
                                                                 : VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL);
    depth_info.loadOp = depth.clear ? VK_ATTACHMENT_LOAD_OP_CLEAR : VK_ATTACHMENT_LOAD_OP_LOAD;
    depth_info.storeOp = depth.read_only ? VK_ATTACHMENT_STORE_OP_NONE : VK_ATTACHMENT_STORE_OP_STORE;
    depth_info.clearValue.depthStencil = {depth.clear_depth, 0};
    if (extent.width == 0) extent = depth.image->extent();
  }
  if (area.extent.width == 0) area = {{0, 0}, extent};
  VkRenderingInfo rendering{VK_STRUCTURE_TYPE_RENDERING_INFO};
  rendering.renderArea = area;
  rendering.layerCount = 1;
  rendering.colorAttachmentCount = static_cast<std::uint32_t>(color_infos.size());
  rendering.pColorAttachments = color_infos.data();
  rendering.pDepthAttachment = depth.image ? &depth_info : nullptr;
  vkCmdBeginRendering(cmd, &rendering);
  set_viewport(cmd, area);
}

void begin_rendering_without_attachments(VkCommandBuffer cmd, VkExtent2D extent) {
  VkRenderingInfo rendering{VK_STRUCTURE_TYPE_RENDERING_INFO};
  rendering.renderArea = {{0, 0}, extent};
  rendering.layerCount = 1;
  vkCmdBeginRendering(cmd, &rendering);
  set_viewport(cmd, extent);
}

void set_viewport(VkCommandBuffer cmd, VkExtent2D extent) {
  set_viewport(cmd, VkRect2D{{0, 0}, extent});
}

void set_viewport(VkCommandBuffer cmd, VkRect2D area) {
  const VkViewport viewport{
      float(area.offset.x), float(area.offset.y), float(area.extent.width), float(area.extent.height), 0.0f, 1.0f};
  vkCmdSetViewport(cmd, 0, 1, &viewport);
  vkCmdSetScissor(cmd, 0, 1, &area);
}

}  // namespace lfx::gpu

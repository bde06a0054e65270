// Dynamic rendering (no render passes): begin drawing into colour / depth images, with the
// viewport and scissor set to cover them.
#pragma once

#include <vulkan/vulkan.h>

#include <glm/vec4.hpp>
#include <initializer_list>

#include "liquidfx/gpu/image.h"

namespace lfx::gpu {

struct ColorTarget {
  const Image* image = nullptr;
  bool clear = false;  ///< Clear to clear_color, else load what is there.
  glm::vec4 clear_color{0.0f};
};

struct DepthTarget {
  const Image* image = nullptr;  ///< nullptr: no depth.
  bool clear = false;            ///< Clear to clear_depth, else load.
  float clear_depth = 1.0f;
  bool read_only = false;  ///< Tested, not written (layout DEPTH_READ_ONLY_OPTIMAL).
};

/// vkCmdBeginRendering over the targets (which must already be in attachment layouts) plus
/// viewport and scissor covering `area` (extent 0: the whole first target). End with
/// vkCmdEndRendering.
void begin_rendering(VkCommandBuffer cmd, std::initializer_list<ColorTarget> colors, const DepthTarget& depth = {},
                     VkRect2D area = {});

/// vkCmdBeginRendering of an area with no attachments (passes whose fragments write buffers),
/// with the viewport and scissor covering it.
void begin_rendering_without_attachments(VkCommandBuffer cmd, VkExtent2D extent);
/// Viewport (with depth 0..1) and scissor covering extent (or area).
void set_viewport(VkCommandBuffer cmd, VkExtent2D extent);
void set_viewport(VkCommandBuffer cmd, VkRect2D area);

}  // namespace lfx::gpu

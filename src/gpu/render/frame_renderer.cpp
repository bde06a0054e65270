#include "liquidfx/gpu/render/frame_renderer.h"

#include "liquidfx/gpu/detail/descriptors.h"
#include "liquidfx/gpu/detail/rendering.h"
#include "liquidfx/gpu/transfer.h"

namespace lfx::gpu {

Result<std::unique_ptr<FrameRenderer>> FrameRenderer::create(Context& ctx, std::uint32_t width, std::uint32_t height) {
  std::unique_ptr<FrameRenderer> r(new FrameRenderer(ctx));
  if (auto resized = r->resize(width, height); !resized) return resized.error();

  LFX_TRY_ASSIGN(r->frame_uniforms_,
                 Buffer::create(ctx, sizeof(shared::FrameUniforms),
                                VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                MemoryUsage::device, "frame uniforms"));

  const ComputePipelineSpec specs[] = {
      {&r->scene_copy_, "render/scene_copy.comp", sizeof(shared::FrameRectPush)},
      {&r->downsample_, "render/downsample.comp", sizeof(shared::FrameRectPush)},
      {&r->tonemap_, "render/tonemap.comp", sizeof(shared::FrameTonemapPush)},
  };
  if (auto made = create_compute_pipelines(ctx, specs); !made) return made.error();

  LFX_TRY_ASSIGN(r->linear_clamp_, Sampler::create(ctx, {VK_FILTER_LINEAR, VK_SAMPLER_MIPMAP_MODE_LINEAR}));
  LFX_TRY_ASSIGN(r->nearest_clamp_, Sampler::create(ctx, {VK_FILTER_NEAREST, VK_SAMPLER_MIPMAP_MODE_NEAREST}));

  LFX_TRY_ASSIGN(r->timer_, GpuTimer::create(ctx));
  return r;
}

Result<void> FrameRenderer::resize(std::uint32_t width, std::uint32_t height) {
  if (width == 0 || height == 0) return input_error("frame size must be at least 1x1");
  if (targets_.color.handle() && targets_.width() == width && targets_.height() == height) return success();
  auto targets = FrameTargets::create(ctx_, width, height);
  if (!targets) return targets.error();
  ctx_.retire(std::move(targets_));  // frames in flight may still use the old ones
  targets_ = std::move(targets.value());
  return success();
}

void FrameRenderer::record(VkCommandBuffer cmd, Room* room, std::span<FramePasses* const> effects) {
  timer_.reset(cmd);
  copied_writes_ = kNoCopy;
  copied_depth_writes_ = kNoCopy;
  record_buffer_update(cmd, frame_uniforms_, std::as_bytes(std::span(&uniforms_, 1)));

  FrameContext frame{ctx_, cmd, targets_, frame_uniforms_, uniforms_, &timer_, linear_clamp_, nearest_clamp_, *this};
  {
    PassScope pass(&timer_, cmd, "room");
    if (room) {
      room->record(frame);
    } else {
      targets_.color.use(cmd, access::kColorAttachment);
      targets_.depth.use(cmd, access::kDepthAttachment);
      begin_rendering(cmd, {{&targets_.color, true, glm::vec4(0.0f)}}, {&targets_.depth, true, frame.far_depth()});
      vkCmdEndRendering(cmd);
    }
  }
  for (FramePasses* e : effects) e->record_opaque(frame);
  {
    PassScope pass(&timer_, cmd, "scene copy");
    refresh_scene_copy(frame);
  }
  for (FramePasses* e : effects) e->record_transparent(frame);
  for (FramePasses* e : effects) e->record_post(frame);
  record_tonemap(frame);
}

void FrameRenderer::record_tonemap(FrameContext& frame) {
  VkCommandBuffer cmd = frame.cmd;
  PassScope pass(&timer_, cmd, "tonemap");
  targets_.color.use(cmd, access::kComputeSampled);
  targets_.output.use(cmd, access::kComputeWrite);
  tonemap_.bind(cmd);
  DescriptorWrites()
      .uniform_buffer(0, frame_uniforms_.handle())
      .sampled_image(1, targets_.color.view(), nearest_clamp_.handle())
      .storage_image(2, targets_.output.view())
      .push(ctx_, cmd, tonemap_);
  tonemap_.push_constants(cmd, shared::FrameTonemapPush{filmic_ ? 1u : 0u});
  Pipeline::dispatch_2d(cmd, targets_.width(), targets_.height());
}

void FrameRenderer::refresh_scene_copy(FrameContext& frame) {
  // Both counts only grow, so an unchanged sum means neither target was written since.
  const std::uint64_t writes = targets_.color.write_count() + targets_.depth.write_count();
  if (writes == copied_writes_) return;  // the copy still is the colour and depth
  refresh_scene_copy(frame, {{0, 0}, targets_.color.extent()});
  copied_writes_ = writes;
  copied_depth_writes_ = targets_.depth.write_count();
}

void FrameRenderer::refresh_scene_copy(FrameContext& frame, VkRect2D rect, std::uint32_t levels) {
  if (rect.extent.width == 0 || rect.extent.height == 0) return;  // nothing (an image copy may not be empty)
  VkCommandBuffer cmd = frame.cmd;
  FrameTargets& t = targets_;
  glm::ivec4 region(rect.offset.x, rect.offset.y, int(rect.extent.width), int(rect.extent.height));
  if (t.depth.write_count() == copied_depth_writes_) {
    // Only colour was drawn since the depth was copied (transparent layers): a plain copy, which
    // costs a CPU rasteriser a memcpy where the shader below costs it a pass.
    const ImageAccess copied{VK_IMAGE_LAYOUT_GENERAL, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                             VK_ACCESS_2_SHADER_SAMPLED_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT};
    t.color.use(cmd, access::kTransferSrc);
    t.scene_color.use(cmd, access::kTransferDst);
    const VkImageSubresourceLayers mip0{VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
    const VkImageCopy copy{mip0,
                           {rect.offset.x, rect.offset.y, 0},
                           mip0,
                           {rect.offset.x, rect.offset.y, 0},
                           {rect.extent.width, rect.extent.height, 1}};
    vkCmdCopyImage(cmd, t.color.handle(), VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, t.scene_color.handle(),
                   VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &copy);
    t.scene_color.use(cmd, copied);  // the mips below read mip 0 and write the others
  } else {
    t.color.use(cmd, access::kComputeSampled);
    t.depth.use(cmd, access::kDepthReadOnly);
    t.scene_color.use(cmd, access::kComputeWrite);
    t.scene_depth.use(cmd, access::kComputeWrite);
    scene_copy_.bind(cmd);
    DescriptorWrites()
        .uniform_buffer(0, frame_uniforms_.handle())
        .sampled_image(1, t.color.view(), nearest_clamp_.handle())
        .sampled_image(2, t.depth.view(), nearest_clamp_.handle(), VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_OPTIMAL)
        .storage_image(3, t.scene_color.mip_view(0))
        .storage_image(4, t.scene_depth.view())
        .push(ctx_, cmd, scene_copy_);
    scene_copy_.push_constants(cmd, shared::FrameRectPush{region});
    Pipeline::dispatch_2d(cmd, rect.extent.width, rect.extent.height);
  }

  // Each mip from the one above, the whole chain staying in GENERAL layout.
  const ImageAccess written{VK_IMAGE_LAYOUT_GENERAL, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                            VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT};
  const ImageAccess sampled{VK_IMAGE_LAYOUT_GENERAL, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                            VK_ACCESS_2_SHADER_SAMPLED_READ_BIT};
  downsample_.bind(cmd);
  for (std::uint32_t level = 1; level < std::min(levels, t.scene_color.mip_levels()); ++level) {
    image_barrier(cmd, t.scene_color.handle(), VK_IMAGE_ASPECT_COLOR_BIT, written, sampled, level - 1, 1);
    DescriptorWrites()
        .sampled_image(0, t.scene_color.mip_view(level - 1), linear_clamp_.handle(), VK_IMAGE_LAYOUT_GENERAL)
        .storage_image(1, t.scene_color.mip_view(level))
        .push(ctx_, cmd, downsample_);
    // The texels whose 4x4 tent reaches into the region of the level above.
    const int w = int(std::max(1u, t.width() >> level)), h = int(std::max(1u, t.height() >> level));
    const int x0 = std::max(0, (region.x >> 1) - 1), y0 = std::max(0, (region.y >> 1) - 1);
    const int x1 = std::min(w, ((region.x + region.z) >> 1) + 2), y1 = std::min(h, ((region.y + region.w) >> 1) + 2);
    region = glm::ivec4(x0, y0, x1 - x0, y1 - y0);
    downsample_.push_constants(cmd, shared::FrameRectPush{region});
    Pipeline::dispatch_2d(cmd, std::uint32_t(region.z), std::uint32_t(region.w));
  }
  t.scene_color.assume({VK_IMAGE_LAYOUT_GENERAL, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                        VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT | VK_ACCESS_2_SHADER_SAMPLED_READ_BIT});
  t.scene_color.use(cmd, access::kShaderSampled);
  t.scene_depth.use(cmd, access::kShaderSampled);
}

Result<void> FrameRenderer::prepare(const FrameView& view, std::span<FramePasses* const> effects) {
  ctx_.collect();  // what finished frames replaced, whoever submitted them
  LFX_TRY(check_frame_view(view));
  uniforms_ = frame_uniforms(view, targets_.width(), targets_.height());
  filmic_ = view.filmic;
  const FramePrepare frame{ctx_, targets_.width(), targets_.height()};
  for (FramePasses* effect : effects) LFX_TRY(effect->prepare(frame));
  return success();
}

Result<ImageRgba8> FrameRenderer::render(const FrameView& view, Room* room, std::span<FramePasses* const> effects) {
  LFX_TRY(prepare(view, effects));
  if (auto r = ctx_.submit_and_wait([&](VkCommandBuffer cmd) { record(cmd, room, effects); }); !r) return r.error();
  return read_image_rgba8(ctx_, targets_.output);
}

}  // namespace lfx::gpu

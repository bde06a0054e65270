#include "liquidfx/gpu/render/frame_renderer.h"

#include <algorithm>
#include <cstring>

#include "liquidfx/core/log.h"
#include "liquidfx/gpu/detail/descriptors.h"
#include "liquidfx/gpu/detail/rendering.h"
#include "liquidfx/gpu/transfer.h"

namespace lfx::gpu {

Result<std::unique_ptr<FrameRenderer>> FrameRenderer::create(Context& ctx, std::uint32_t width, std::uint32_t height) {
  LFX_TRY_ASSIGN(std::unique_ptr<FrameRenderer> r, create(ctx));
  r->hosted_ = false;
  LFX_TRY(r->resize(width, height));  // makes the targets
  return r;
}

Result<std::unique_ptr<FrameRenderer>> FrameRenderer::create(Context& ctx) {
  std::unique_ptr<FrameRenderer> r(new FrameRenderer(ctx));
  r->hosted_ = true;  // no targets of its own until a frame of its own asks for them

  LFX_TRY_ASSIGN(r->frame_uniforms_,
                 Buffer::create(ctx, sizeof(shared::FrameUniforms),
                                VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                MemoryUsage::device, "frame uniforms"));

  const ComputePipelineSpec specs[] = {
      {&r->scene_copy_, "render/scene_copy.comp", sizeof(shared::FrameRectPush)},
      {&r->downsample_, "render/downsample.comp", sizeof(shared::FrameRectPush)},
  };
  if (auto made = create_compute_pipelines(ctx, specs); !made) return made.error();
  for (const bool filmic : {false, true}) {
    const SpecializationConstant curve[] = {{LFX_FRAME_FILMIC_CONSTANT, filmic ? 1u : 0u}};
    LFX_TRY_ASSIGN(r->tonemap_[filmic ? 1 : 0], Pipeline::compute(ctx, "render/tonemap.comp", 0, curve));
    LFX_TRY_ASSIGN(r->tonemap_tiles_[filmic ? 1 : 0], Pipeline::compute(ctx, "render/tonemap_tiles.comp", 0, curve));
  }

  LFX_TRY_ASSIGN(r->linear_clamp_, Sampler::create(ctx, {VK_FILTER_LINEAR, VK_SAMPLER_MIPMAP_MODE_LINEAR}));
  LFX_TRY_ASSIGN(r->nearest_clamp_, Sampler::create(ctx, {VK_FILTER_NEAREST, VK_SAMPLER_MIPMAP_MODE_NEAREST}));

  LFX_TRY_ASSIGN(r->timer_, GpuTimer::create(ctx));
  LFX_TRY_ASSIGN(r->black_environment_,
                 Image::create(ctx, {1, 1, kHdrFormat, 1, VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
                                     "no environment", true}));
  return r;
}

Result<void> FrameRenderer::resize(std::uint32_t width, std::uint32_t height) {
  if (width == 0 || height == 0) return input_error("frame size must be at least 1x1");
  if (own_size_.width == width && own_size_.height == height) return success();
  own_size_ = {width, height};
  if (hosted_) return success();  // made when a frame of liquidfx's own comes again
  auto targets = FrameTargets::create(ctx_, width, height);
  if (!targets) return targets.error();
  ctx_.retire(std::move(targets_));  // frames in flight may still use the old ones
  targets_ = std::move(targets.value());
  drawn_.valid = false;
  return success();
}

Result<void> FrameRenderer::take_own_frame() {
  if (!hosted_) return success();
  if (own_size_.width == 0)
    return input_error("frame: this renderer draws host frames only (made without a size): give it one with resize");
  LFX_TRY_ASSIGN(FrameTargets own, FrameTargets::create(ctx_, own_size_.width, own_size_.height));
  ctx_.retire(std::move(targets_));  // the scene copies and the views of the host's images
  ctx_.retire(std::move(host_color_));
  ctx_.retire(std::move(host_depth_));
  targets_ = std::move(own);
  hosted_ = false;
  drawn_.valid = false;
  return success();
}

Result<void> FrameRenderer::make_copy_pipelines(VkFormat host_format) {
  GraphicsPipelineDesc desc;
  desc.name = "host colour in";
  desc.vertex_shader = "render/frame_copy.vert";
  desc.fragment_shader = "render/frame_copy.frag";
  desc.color_formats = {kHdrFormat};
  desc.cull = VK_CULL_MODE_NONE;
  desc.depth_test = desc.depth_write = false;
  desc.push_constant_bytes = sizeof(shared::FrameCopyPush);
  if (!copy_in_.handle()) {
    LFX_TRY_ASSIGN(copy_in_, Pipeline::graphics(ctx_, desc));
  }
  // The way out is made for the host's format (and kept while it stays the same).
  if (copy_out_format_ == host_format) return success();
  desc.name = "host colour out";
  desc.color_formats = {host_format};
  LFX_TRY_ASSIGN(Pipeline out, Pipeline::graphics(ctx_, desc));
  ctx_.retire(std::move(copy_out_));
  copy_out_ = std::move(out);
  copy_out_format_ = host_format;
  return success();
}

Result<void> FrameRenderer::make_depth_copy_pipelines(VkFormat host_format) {
  if (!depth_copy_in_.get().handle()) {
    GraphicsPipelineDesc desc;
    desc.name = "host depth in";
    desc.vertex_shader = "render/frame_copy.vert";
    desc.fragment_shader = "render/frame_depth_copy_in.frag";
    desc.push_constant_bytes = sizeof(shared::FrameCopyPush);
    desc.cull = VK_CULL_MODE_NONE;
    desc.depth_test = desc.depth_write = true;
    desc.depth_compare = VK_COMPARE_OP_ALWAYS;
    desc.depth_format = kDepthFormat;  // the working depth
    desc.color_formats = {kDepthCopiedInFormat};
    LFX_TRY_ASSIGN(depth_copy_in_, FrameGraphicsPipeline::create(ctx_, desc));
    desc.name = "host depth out";
    desc.fragment_shader = "render/frame_depth_copy_out.frag";
    desc.push_constant_bytes = sizeof(shared::FrameDepthOutPush);
    desc.color_formats = {};
    LFX_TRY_ASSIGN(depth_copy_out_, FrameGraphicsPipeline::create(ctx_, desc));
  }
  // The way out is made again for the host's depth format when it changes.
  return depth_copy_out_.prepare(ctx_, host_format);
}

Result<void> FrameRenderer::take_host_frame(const HostFrame& host) {
  LFX_TRY(check_host_frame(ctx_, host));
  const VkRect2D area = host.drawn_area();
  const VkExtent2D size = area.extent;
  const bool direct = drawn_directly(host);
  const bool host_depth = host.depth.image != VK_NULL_HANDLE;  // none: a 2D effect over the host's picture
  const bool working_depth = host_depth && host.windowed();
  const bool own_depth = !host_depth || working_depth;
  // The scene copies (and working images) at the viewport's size, kept while it does not change.
  const bool keep = hosted_ && targets_.width() == size.width && targets_.height() == size.height &&
                    direct == !host_color_.handle() && own_depth == own_depth_;
  if (!direct) LFX_TRY(make_copy_pipelines(host.color.format));
  if (working_depth) LFX_TRY(make_depth_copy_pipelines(host.depth.format));
  if (working_depth && (depth_copied_in_.width() != size.width || depth_copied_in_.height() != size.height)) {
    LFX_TRY_ASSIGN(Image copied, Image::create(ctx_, {size.width, size.height, kDepthCopiedInFormat, 1,
                                                      VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_SAMPLED_BIT,
                                                      "host depth as copied in"}));
    ctx_.retire(std::move(depth_copied_in_));  // frames in flight may still read it
    depth_copied_in_ = std::move(copied);
  }
  Image depth;
  if (host_depth) {
    LFX_TRY_ASSIGN(depth, Image::wrap(ctx_, host.depth, "host depth"));
  }
  LFX_TRY_ASSIGN(Image wrapped_color, Image::wrap(ctx_, host.color, "host color"));
  FrameTargets next;
  if (keep) {
    next.scene_color = std::move(targets_.scene_color);
    next.scene_depth = std::move(targets_.scene_depth);
    if (!direct) next.color = std::move(targets_.color);
    if (own_depth) next.depth = std::move(targets_.depth);
  } else {
    LFX_TRY_ASSIGN(next, FrameTargets::create(ctx_, size.width, size.height, {!direct, own_depth, false}));
  }
  // Last frame's views of the host's images (or liquidfx's own targets) may still be in flight.
  ctx_.retire(std::move(targets_));
  ctx_.retire(std::move(host_color_));
  ctx_.retire(std::move(host_depth_));
  if (!own_depth)
    next.depth = std::move(depth);
  else if (working_depth)
    host_depth_ = std::move(depth);
  if (direct)
    next.color = std::move(wrapped_color);
  else
    host_color_ = std::move(wrapped_color);
  targets_ = std::move(next);
  host_area_ = area;
  host_color_after_ = host.color.after;
  host_depth_after_ = host.depth.after;
  own_depth_ = own_depth;
  clear_color_ = host.color.before.layout == VK_IMAGE_LAYOUT_UNDEFINED;
  clear_depth_ = !host_depth || host.depth.before.layout == VK_IMAGE_LAYOUT_UNDEFINED;
  hosted_ = true;
  return success();
}

void FrameRenderer::record(VkCommandBuffer cmd, std::span<FramePasses* const> given) {
  // Only what prepare made ready can record.
  std::span<FramePasses* const> passes = given;
  if (!std::equal(given.begin(), given.end(), prepared_.begin(), prepared_.end())) {
    log_error("FrameRenderer::record: the passes differ from those the last prepare was given; recording those");
    passes = prepared_;
  }
  timer_.reset(cmd);
  ctx_.record_uploads(cmd);  // what prepare (and everything since the last frame) staged
  kept_last_picture_ = false;
  redrawn_tiles_.clear();
  if (draws_last_picture(passes)) {
    // As things stand the picture would be the last one: what the steps change decides, so they
    // go first (they may: record_steps), and the passes are asked again.
    for (FramePasses* e : passes)
      if (e->pending_steps() > 0) e->record_steps(cmd, &timer_, e->pending_steps());
    if (draws_last_picture(passes)) {
      kept_last_picture_ = true;
      return;
    }
  }
  redrawn_tiles_ = redrawn_tiles(passes);
  copied_writes_ = kNoCopy;
  copied_depth_writes_ = kNoCopy;
  record_buffer_update(cmd, frame_uniforms_, std::as_bytes(std::span(&uniforms_, 1)));

  if (!environment_ && black_environment_.last_use().layout == VK_IMAGE_LAYOUT_UNDEFINED) {
    black_environment_.use(cmd, access::kTransferDst);
    const VkClearColorValue black{};
    const VkImageSubresourceRange faces{VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 6};
    vkCmdClearColorImage(cmd, black_environment_.handle(), VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &black, 1, &faces);
  }
  if (!environment_) black_environment_.use(cmd, access::kShaderSampled);
  FrameContext frame{ctx_,
                     cmd,
                     targets_,
                     frame_uniforms_,
                     uniforms_,
                     &timer_,
                     linear_clamp_,
                     nearest_clamp_,
                     *this,
                     environment_ ? environment_ : black_environment_.view(),
                     environment_ != VK_NULL_HANDLE};
  const auto any = [&](bool (FramePasses::*asks)() const) {
    return std::any_of(passes.begin(), passes.end(), [&](const FramePasses* e) { return (e->*asks)(); });
  };
  const bool scene_copied = any(&FramePasses::samples_scene_copy);
  // A host's colour holds its picture; liquidfx's own is cleared unless a pass covers it whole
  // at the end (and no pass reads the copy of it taken before).
  frame.color_covered = !hosted_ && !scene_copied && any(&FramePasses::covers_frame);
  frame.color_kept = !redrawn_tiles_.empty();
  record_start(frame, passes);
  for (FramePasses* e : passes) e->record_opaque(frame);
  if (scene_copied) {
    PassScope pass(&timer_, cmd, "scene copy");
    refresh_scene_copy(frame);
  }
  // Layer by layer (glass after the free liquid it refracts), in the given order within one.
  std::vector<FramePasses*> transparent(passes.begin(), passes.end());
  std::stable_sort(transparent.begin(), transparent.end(), [](const FramePasses* a, const FramePasses* b) {
    return a->transparent_layer() < b->transparent_layer();
  });
  for (FramePasses* e : transparent) e->record_transparent(frame);
  for (FramePasses* e : passes) e->record_post(frame);
  record_end(frame);
  if (!hosted_) {
    drawn_ = {true,
              {passes.begin(), passes.end()},
              uniforms_,
              filmic_,
              environment_,
              targets_.output.handle(),
              targets_.output.write_count(),
              targets_.color.write_count()};
    drawn_.uniforms.camera_position.w = 0.0f;  // the scene time: the passes say whether it moves them
  }
}

bool FrameRenderer::draws_last_picture(std::span<FramePasses* const> passes) const {
  return same_frame(passes) &&
         std::all_of(passes.begin(), passes.end(), [](const FramePasses* e) { return e->draws_last_picture(); });
}

std::vector<const Buffer*> FrameRenderer::redrawn_tiles(std::span<FramePasses* const> passes) const {
  std::vector<const Buffer*> lists;
  if (!same_frame(passes)) return lists;
  for (const FramePasses* e : passes) {
    if (e->draws_last_picture()) continue;
    const std::vector<const Buffer*> its = e->redrawn_tiles();
    if (its.empty()) return {};  // it may change anywhere
    lists.insert(lists.end(), its.begin(), its.end());
  }
  return lists;
}

bool FrameRenderer::same_frame(std::span<FramePasses* const> passes) const {
  if (!keep_still_frames_ || !drawn_.valid || hosted_) return false;
  // The output and the colour as the last frame left them: not remade (a resize), not written since.
  if (targets_.output.handle() != drawn_.output || targets_.output.write_count() != drawn_.output_writes ||
      targets_.color.write_count() != drawn_.color_writes)
    return false;
  if (filmic_ != drawn_.filmic || environment_ != drawn_.environment) return false;
  if (!std::equal(passes.begin(), passes.end(), drawn_.passes.begin(), drawn_.passes.end())) return false;
  shared::FrameUniforms uniforms = uniforms_;
  uniforms.camera_position.w = 0.0f;
  return std::memcmp(&uniforms, &drawn_.uniforms, sizeof(uniforms)) == 0;
}

void FrameRenderer::record_copy(VkCommandBuffer cmd, const Pipeline& pipeline, Image& from, Image& to, VkRect2D area,
                                glm::ivec2 offset) {
  from.use(cmd, access::kShaderSampled);
  to.use(cmd, access::kColorAttachment);
  begin_rendering(cmd, {{&to}}, {}, area);
  pipeline.bind(cmd);
  DescriptorWrites().sampled_image(0, from.view(), nearest_clamp_.handle()).push(ctx_, cmd, pipeline);
  pipeline.push_constants(cmd, shared::FrameCopyPush{offset});
  vkCmdDraw(cmd, 3, 1, 0, 0);
  vkCmdEndRendering(cmd);
}

void FrameRenderer::record_depth_in(VkCommandBuffer cmd, glm::ivec2 offset) {
  FrameTargets& t = targets_;
  host_depth_.use(cmd, access::kDepthSampled);
  t.depth.use(cmd, access::kDepthAttachment);
  depth_copied_in_.use(cmd, access::kColorAttachment);
  begin_rendering(cmd, {{&depth_copied_in_}}, {&t.depth}, {{0, 0}, t.depth.extent()});
  const Pipeline& pipeline = depth_copy_in_.get();
  pipeline.bind(cmd, false);  // ALWAYS, in either direction (a dynamic compare op)
  DescriptorWrites()
      .sampled_image(0, host_depth_.view(), nearest_clamp_.handle(),
                     host_depth_.layout(VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_OPTIMAL))
      .push(ctx_, cmd, pipeline);
  pipeline.push_constants(cmd, shared::FrameCopyPush{offset});
  vkCmdDraw(cmd, 3, 1, 0, 0);
  vkCmdEndRendering(cmd);
}

void FrameRenderer::record_depth_out(VkCommandBuffer cmd, glm::ivec2 offset, bool keep_untouched) {
  FrameTargets& t = targets_;
  t.depth.use(cmd, access::kDepthSampled);
  depth_copied_in_.use(cmd, access::kShaderSampled);
  host_depth_.use(cmd, access::kDepthAttachment);
  begin_rendering(cmd, {}, {&host_depth_}, host_area_);
  const Pipeline& pipeline = depth_copy_out_.get();
  pipeline.bind(cmd, false);
  DescriptorWrites()
      .sampled_image(0, t.depth.view(), nearest_clamp_.handle(),
                     t.depth.layout(VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_OPTIMAL))
      .sampled_image(1, depth_copied_in_.view(), nearest_clamp_.handle())
      .push(ctx_, cmd, pipeline);
  pipeline.push_constants(cmd, shared::FrameDepthOutPush{offset, keep_untouched ? 1u : 0u, 0u});
  vkCmdDraw(cmd, 3, 1, 0, 0);
  vkCmdEndRendering(cmd);
}

void FrameRenderer::record_start(FrameContext& frame, std::span<FramePasses* const> passes) {
  VkCommandBuffer cmd = frame.cmd;
  FrameTargets& t = targets_;
  // Own targets start cleared unless the first pass clears them; a host's as it handed them over.
  const bool own_cleared = !hosted_ && (passes.empty() || !passes.front()->clears_frame());
  const bool clear_color = hosted_ ? clear_color_ : own_cleared && !frame.color_covered;
  const bool clear_depth = hosted_ ? clear_depth_ : own_cleared;
  // The host's part of its images into the working ones: pixel p of the frame is the host's
  // p + the viewport's offset.
  const glm::ivec2 from_host(host_area_.offset.x, host_area_.offset.y);
  const VkRect2D whole{{0, 0}, t.color.extent()};
  if (hosted_ && host_color_.handle() && !clear_color) {
    PassScope pass(&timer_, cmd, "host colour in");
    record_copy(cmd, copy_in_, host_color_, t.color, whole, from_host);
  }
  if (hosted_ && host_depth_.handle() && !clear_depth) {
    PassScope pass(&timer_, cmd, "host depth in");
    record_depth_in(cmd, from_host);
  }
  if (!clear_color && !clear_depth) return;
  PassScope pass(&timer_, cmd, "clear");
  if (clear_color) t.color.use(cmd, access::kColorAttachment);
  if (clear_depth) t.depth.use(cmd, access::kDepthAttachment);
  const ColorTarget color{clear_color ? &t.color : nullptr, true, glm::vec4(0.0f)};
  const DepthTarget depth{clear_depth ? &t.depth : nullptr, true, frame.far_depth()};
  if (clear_color)
    begin_rendering(cmd, {color}, depth);
  else
    begin_rendering(cmd, {}, depth);
  vkCmdEndRendering(cmd);
}

void FrameRenderer::record_end(FrameContext& frame) {
  if (!hosted_) {
    record_tonemap(frame);
    return;
  }
  VkCommandBuffer cmd = frame.cmd;
  // And back into the viewport: pixel p of the host is the frame's p - the viewport's offset.
  const glm::ivec2 to_host(-host_area_.offset.x, -host_area_.offset.y);
  if (host_color_.handle()) {
    PassScope pass(&timer_, cmd, "host colour out");
    record_copy(cmd, copy_out_, targets_.color, host_color_, host_area_, to_host);
    host_color_.use(cmd, host_color_after_);
  } else {
    targets_.color.use(cmd, host_color_after_);
  }
  if (host_depth_.handle()) {
    PassScope pass(&timer_, cmd, "host depth out");
    // What came in undefined (cleared by liquidfx) goes back whole; else only what changed.
    record_depth_out(cmd, to_host, !clear_depth_);
    host_depth_.use(cmd, host_depth_after_);
  } else if (!own_depth_) {
    targets_.depth.use(cmd, host_depth_after_);
  }
}

void FrameRenderer::record_tonemap(FrameContext& frame) {
  VkCommandBuffer cmd = frame.cmd;
  PassScope pass(&timer_, cmd, "tonemap");
  targets_.color.use(cmd, access::kComputeRead);
  targets_.output.use(cmd, access::kComputeWrite);
  const auto bind = [&](const Pipeline& tonemap, const Buffer* tiles) {
    DescriptorWrites writes;
    writes.uniform_buffer(0, frame_uniforms_.handle())
        .storage_image(1, targets_.color.view())
        .storage_image(2, targets_.output.view());
    if (tiles) writes.storage_buffer(3, tiles->handle());
    writes.push(ctx_, cmd, tonemap);
  };
  if (redrawn_tiles_.empty()) {
    const Pipeline& tonemap = tonemap_[filmic_ ? 1 : 0];
    tonemap.bind(cmd);
    bind(tonemap, nullptr);
    Pipeline::dispatch_2d(cmd, targets_.width(), targets_.height(), 16);
    return;
  }
  // Only the tiles the passes redrew (a tile in two lists is tonemapped twice, to the same
  // values): the rest of the output keeps the last frame's.
  memory_barrier(cmd, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT,
                 VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT | VK_ACCESS_2_TRANSFER_WRITE_BIT,
                 VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT | VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                 VK_ACCESS_2_INDIRECT_COMMAND_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_READ_BIT);
  const Pipeline& tonemap = tonemap_tiles_[filmic_ ? 1 : 0];
  tonemap.bind(cmd);
  for (const Buffer* tiles : redrawn_tiles_) {
    bind(tonemap, tiles);
    vkCmdDispatchIndirect(cmd, tiles->handle(), sizeof(std::uint32_t));
  }
}

void FrameContext::refresh_scene_copy() {
  renderer_.refresh_scene_copy(*this);
}

void FrameContext::refresh_scene_copy(VkRect2D rect, std::uint32_t levels) {
  renderer_.refresh_scene_copy(*this, rect, levels);
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
        .sampled_image(2, t.depth.view(), nearest_clamp_.handle(),
                       t.depth.layout(VK_IMAGE_LAYOUT_DEPTH_READ_ONLY_OPTIMAL))
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

Result<void> FrameRenderer::prepare(const FrameView& view, std::span<FramePasses* const> passes,
                                    const HostFrame* host) {
  ctx_.collect();  // what finished frames replaced, whoever submitted them
  LFX_TRY(check_frame_view(view));
  LFX_TRY(host ? take_host_frame(*host) : take_own_frame());
  uniforms_ = frame_uniforms(view, targets_.width(), targets_.height());
  filmic_ = view.filmic;
  environment_ = view.lighting.environment;
  prepared_.assign(passes.begin(), passes.end());
  const FramePrepare frame{ctx_, targets_.width(), targets_.height(), targets_.depth.format(),
                           environment_ != VK_NULL_HANDLE};
  for (FramePasses* pass : passes) LFX_TRY(pass->prepare(frame));
  return success();
}

std::size_t FrameRenderer::pending_steps(std::span<FramePasses* const> passes) const {
  std::size_t steps = 0;
  for (const FramePasses* pass : passes) steps += pass->pending_steps();
  return steps;
}

void FrameRenderer::record_steps(VkCommandBuffer cmd, std::span<FramePasses* const> passes, std::size_t max_steps) {
  ctx_.record_uploads(cmd);  // the steps may read what prepare uploaded (a solver's new buffers)
  for (FramePasses* pass : passes)
    if (pass->pending_steps() > 0) pass->record_steps(cmd, nullptr, max_steps);
}

Result<void> FrameRenderer::submit_step_batches(std::span<FramePasses* const> passes) {
  const auto beyond_a_batch = [&] {
    return std::any_of(passes.begin(), passes.end(),
                       [](const FramePasses* p) { return p->pending_steps() > kStepsPerBatch; });
  };
  while (beyond_a_batch()) {
    LFX_TRY(ctx_.submit_and_wait([&](VkCommandBuffer cmd) {
      for (FramePasses* pass : passes)
        if (pass->pending_steps() > kStepsPerBatch) pass->record_steps(cmd, nullptr, kStepsPerBatch);
    }));
  }
  return success();
}

Result<ImageRgba8> FrameRenderer::render(const FrameView& view, std::span<FramePasses* const> passes) {
  LFX_TRY(prepare(view, passes));
  LFX_TRY(submit_step_batches(passes));
  if (auto r = ctx_.submit_and_wait([&](VkCommandBuffer cmd) { record(cmd, passes); }); !r) return r.error();
  return read_image_rgba8(ctx_, targets_.output);
}

}  // namespace lfx::gpu

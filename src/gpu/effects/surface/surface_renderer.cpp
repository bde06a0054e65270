#include "liquidfx/gpu/effects/surface_renderer.h"

#include <algorithm>
#include <cmath>

#include "liquidfx/core/log.h"
#include "liquidfx/gpu/barriers.h"
#include "liquidfx/gpu/detail/descriptors.h"
#include "liquidfx/gpu/detail/rendering.h"
#include "liquidfx/shared/surface.h"

namespace lfx::gpu {
namespace {

constexpr VkBufferUsageFlags kStorage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;

void compute_barrier(VkCommandBuffer cmd) {
  memory_barrier(cmd, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT,
                 VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT | VK_ACCESS_2_TRANSFER_WRITE_BIT,
                 VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                 VK_ACCESS_2_SHADER_STORAGE_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT);
}

glm::ivec2 surface_size(std::uint32_t width, std::uint32_t height, float scale) {
  return {int(std::max(1L, std::lround(float(width) * scale))), int(std::max(1L, std::lround(float(height) * scale)))};
}

glm::ivec2 tile_grid(glm::ivec2 size) {
  return (size + shared::kSurfaceTile - 1) / shared::kSurfaceTile;
}

}  // namespace

Result<std::unique_ptr<SurfaceRenderer>> SurfaceRenderer::create(Context& ctx) {
  std::unique_ptr<SurfaceRenderer> r(new SurfaceRenderer(ctx));
  const ComputePipelineSpec specs[] = {
      {&r->splat_bin_, "surface/splat_bin.comp", sizeof(shared::SurfaceSplatPush)},
      {&r->splat_scan_, "surface/splat_scan.comp", sizeof(shared::SurfaceSplatPush)},
      {&r->splat_tiles_, "surface/splat_tiles.comp", sizeof(shared::SurfaceSplatPush)},
      {&r->resolve_, "surface/resolve.comp", sizeof(shared::SurfaceFilterPush)},
      {&r->filter_, "surface/filter.comp", sizeof(shared::SurfaceFilterPush)},
      {&r->smooth_, "surface/smooth.comp", sizeof(shared::SurfaceFilterPush)},
  };
  LFX_TRY(create_compute_pipelines(ctx, specs));
  LFX_TRY_ASSIGN(r->composite_, EnvironmentComputePipeline::create(ctx, "surface/composite.comp",
                                                                   sizeof(shared::SurfaceCompositePush)));
  r->cpu_device_ = ctx.properties().deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU;
  GraphicsPipelineDesc raster;
  raster.name = "surface raster splat";
  raster.vertex_shader = "surface/splat.vert";
  raster.fragment_shader = "surface/splat.frag";
  raster.push_constant_bytes = sizeof(shared::SurfaceSplatPush);
  raster.cull = VK_CULL_MODE_NONE;
  raster.depth_test = false;
  raster.depth_write = false;
  LFX_TRY_ASSIGN(r->raster_splat_, Pipeline::graphics(ctx, raster));
  GraphicsPipelineDesc depth_out;
  depth_out.name = "surface depth out";
  depth_out.vertex_shader = "render/frame_copy.vert";
  depth_out.fragment_shader = "surface/depth_out.frag";
  depth_out.push_constant_bytes = sizeof(shared::SurfaceDepthOutPush);
  depth_out.depth_format = kDepthFormat;
  depth_out.cull = VK_CULL_MODE_NONE;
  LFX_TRY_ASSIGN(r->depth_out_, FrameGraphicsPipeline::create(ctx, depth_out));
  return r;
}

Result<void> SurfaceRenderer::attach(const std::string& name, const ParticleSource& source, const SurfaceKnobs& knobs) {
  if (surfaces_.count(name)) return input_error("surface \"" + name + "\" is attached already");
  if (auto checked = check_particle_source(source); !checked)
    return input_error("surface \"" + name + "\": " + checked.error().message);
  Surface& s = surfaces_[name];
  s.source = source;
  s.knobs = &knobs;
  return success();
}

Result<void> SurfaceRenderer::update(const std::string& name, const ParticleSource& source) {
  auto found = surfaces_.find(name);
  if (found == surfaces_.end()) return input_error("surface \"" + name + "\" is not attached");
  if (auto checked = check_particle_source(source); !checked)
    return input_error("surface \"" + name + "\": " + checked.error().message);
  found->second.source = source;
  return success();
}

Result<void> SurfaceRenderer::attach_or_update(const std::string& name, const ParticleSource& source,
                                               const SurfaceKnobs& knobs) {
  if (!attached(name)) return attach(name, source, knobs);
  LFX_TRY(update(name, source));
  surfaces_.at(name).knobs = &knobs;
  return success();
}

Result<void> SurfaceRenderer::detach(const std::string& name) {
  auto found = surfaces_.find(name);
  if (found == surfaces_.end()) return input_error("surface \"" + name + "\" is not attached");
  Surface& s = found->second;
  // Frames in flight may still draw it.
  ctx_.retire(std::move(s.depth_bits));
  ctx_.retire(std::move(s.thickness));
  ctx_.retire(std::move(s.color_sums));
  ctx_.retire(std::move(s.foam_sums));
  ctx_.retire(std::move(s.tile_counts));
  ctx_.retire(std::move(s.tile_offsets));
  ctx_.retire(std::move(s.tile_list));
  for (Image& f : s.fields) ctx_.retire(std::move(f));
  surfaces_.erase(found);
  return success();
}

Image* SurfaceRenderer::filtered(const std::string& name) {
  auto found = surfaces_.find(name);
  return found == surfaces_.end() ? nullptr : &found->second.fields[0];
}

Result<void> SurfaceRenderer::prepare(const FramePrepare& frame) {
  LFX_TRY(depth_out_.prepare(ctx_, frame.depth_format));
  LFX_TRY(composite_.prepare(ctx_, frame.environment_cube));
  for (auto& [name, s] : surfaces_)
    if (auto r = prepare_surface(s, frame.width, frame.height); !r)
      return input_error("surface \"" + name + "\": " + r.error().message);
  return success();
}

Result<void> SurfaceRenderer::prepare_surface(Surface& s, std::uint32_t width, std::uint32_t height) {
  const glm::ivec2 size = surface_size(width, height, s.knobs->resolution_scale);
  const glm::ivec2 tiles = tile_grid(size);
  const auto uints = [](auto n) { return VkDeviceSize(n) * sizeof(std::uint32_t); };
  // A particle is in at most kSurfaceTilesPerSplat tile lists.
  LFX_TRY(ensure_device_buffer(ctx_, s.tile_list, uints(s.source.count) * shared::kSurfaceTilesPerSplat, kStorage,
                               "surface tile lists"));
  LFX_TRY(ensure_device_buffer(ctx_, s.tile_counts, uints(tiles.x * tiles.y), kStorage, "surface tile counts"));
  LFX_TRY(ensure_device_buffer(ctx_, s.tile_offsets, uints(tiles.x * tiles.y + 1), kStorage, "surface tile offsets"));
  if (s.fields[0].handle() && int(s.fields[0].width()) == size.x && int(s.fields[0].height()) == size.y)
    return success();
  const VkDeviceSize pixels = uints(size.x * size.y);
  LFX_TRY(ensure_device_buffer(ctx_, s.depth_bits, pixels, kStorage, "surface depth"));
  LFX_TRY(ensure_device_buffer(ctx_, s.thickness, pixels, kStorage, "surface thickness"));
  LFX_TRY(ensure_device_buffer(ctx_, s.color_sums, 3 * pixels, kStorage, "surface colour"));
  LFX_TRY(ensure_device_buffer(ctx_, s.foam_sums, pixels, kStorage, "surface foam"));
  for (Image& f : s.fields) {
    // Transfer source: tests and tools read the filtered fields back.
    LFX_TRY_ASSIGN(Image made,
                   Image::create(ctx_, {std::uint32_t(size.x), std::uint32_t(size.y), VK_FORMAT_R32G32_SFLOAT, 1,
                                        VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
                                        "surface depth and thickness"}));
    ctx_.retire(std::move(f));
    f = std::move(made);
  }
  return success();
}

void SurfaceRenderer::record_transparent(FrameContext& frame) {
  // A surface attached after this frame's prepare has no targets yet: it is drawn from the next.
  for (auto& [name, s] : surfaces_)
    if (s.fields[0].handle()) record_surface(frame, s);
}

void SurfaceRenderer::record_surface(FrameContext& frame, Surface& s) {
  const glm::ivec2 size(int(s.fields[0].width()), int(s.fields[0].height()));
  record_splat(frame, s, size);
  record_filter(frame, s, size);
  frame.refresh_scene_copy();
  record_composite(frame, s, size);
  if (s.knobs->write_depth) record_depth_out(frame, s, size);
}

void SurfaceRenderer::record_depth_out(FrameContext& frame, Surface& s, glm::ivec2 size) {
  PassScope pass(frame.timer, frame.cmd, "surface depth out");
  const shared::SurfaceDepthOutPush push{size, float(size.x) / float(frame.targets.width()), 0};
  frame.draw_depth_out(depth_out_.get(), s.fields[0], 6, std::as_bytes(std::span(&push, 1)));
}

void SurfaceRenderer::record_splat(FrameContext& frame, Surface& s, glm::ivec2 size) {
  VkCommandBuffer cmd = frame.cmd;
  FrameTargets& t = frame.targets;
  const ParticleSource& src = s.source;
  const bool counted = src.count_buffer != VK_NULL_HANDLE;
  // The raster splat's fragment shader writes storage buffers; without fragmentStoresAndAtomics
  // the compute splat draws the same picture.
  const bool raster = s.knobs->splat == SurfaceSplat::raster && ctx_.features().fragment_stores_and_atomics;
  if (s.knobs->splat == SurfaceSplat::raster && !raster && !warned_raster_) {
    log_warning("surface: splat=raster needs fragmentStoresAndAtomics, which " + ctx_.device_name() +
                " was created without; splatting in compute (the same picture)");
    warned_raster_ = true;
  }
  const SurfaceBinning binning = s.knobs->binning;
  const bool binned = binning == SurfaceBinning::tiles || (binning == SurfaceBinning::automatic && !cpu_device_);
  const glm::ivec2 tiles = tile_grid(size);
  PassScope pass(frame.timer, cmd, "surface splat");
  record_source_reads(cmd, src,
                      raster ? VK_PIPELINE_STAGE_2_VERTEX_SHADER_BIT | VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT
                             : VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT);
  // The previous frame's splat and filter may still use the sums.
  memory_barrier(cmd, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT,
                 VK_ACCESS_2_NONE, VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT);
  vkCmdFillBuffer(cmd, s.depth_bits.handle(), 0, VK_WHOLE_SIZE, 0xFFFFFFFFu);
  for (const Buffer* zeroed : {&s.thickness, &s.color_sums, &s.foam_sums, &s.tile_counts})
    vkCmdFillBuffer(cmd, zeroed->handle(), 0, VK_WHOLE_SIZE, 0);
  compute_barrier(cmd);
  t.scene_depth.use(cmd, raster ? access::kShaderSampled : access::kComputeSampled);
  const shared::SurfaceSplatPush push{size,
                                      src.radius,
                                      float(size.x) / float(t.width()),
                                      src.stride,
                                      src.position_offset,
                                      std::uint32_t(src.count_offset / 4),
                                      src.count,
                                      counted ? 1u : 0u,
                                      src.velocity_offset,
                                      src.color_offset.value_or(0),
                                      src.color_offset ? 1u : 0u,
                                      src.foam_offset.value_or(0),
                                      src.foam_offset ? 1u : 0u,
                                      s.knobs->stretch,
                                      std::uint32_t(tiles.x),
                                      0,
                                      binned ? std::uint32_t(shared::kSurfaceTilesPerSplat) : 0u,
                                      0,
                                      0};
  auto bind = [&](const Pipeline& pipeline, std::uint32_t phase) {
    pipeline.bind(cmd);
    DescriptorWrites()
        .uniform_buffer(0, frame.frame_uniforms.handle())
        .storage_buffer(1, src.buffer)
        .storage_buffer(2, counted ? src.count_buffer : src.buffer)
        .storage_buffer(3, s.depth_bits.handle())
        .storage_buffer(4, s.thickness.handle())
        .sampled_image(5, t.scene_depth.view(), frame.nearest_clamp.handle())
        .storage_buffer(10, s.color_sums.handle())
        .storage_buffer(11, s.foam_sums.handle())
        .storage_buffer(12, s.tile_counts.handle())
        .storage_buffer(13, s.tile_offsets.handle())
        .storage_buffer(14, s.tile_list.handle())
        .push(ctx_, cmd, pipeline);
    shared::SurfaceSplatPush phased = push;
    phased.phase = phase;
    pipeline.push_constants(cmd, phased);
  };
  const std::uint32_t particle_groups = (std::max(src.count, 1u) + 63) / 64;
  if (raster) {
    memory_barrier(cmd, VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                   VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT,
                   VK_ACCESS_2_SHADER_STORAGE_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT);
    begin_rendering_without_attachments(cmd, {std::uint32_t(size.x), std::uint32_t(size.y)});
    bind(raster_splat_, 0);
    vkCmdDraw(cmd, 6, std::max(src.count, 1u), 0, 0);  // past the live count, a square draws nothing
    vkCmdEndRendering(cmd);
    memory_barrier(cmd, VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT, VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT,
                   VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, VK_ACCESS_2_SHADER_STORAGE_READ_BIT);
    return;
  }
  // Count each tile's particles (scattering the largest straight away, or all when not binned),
  // offsets by a prefix sum, fill the lists, then every tile adds up its list.
  bind(splat_bin_, 0);
  vkCmdDispatch(cmd, particle_groups, 1, 1);
  compute_barrier(cmd);
  if (!binned) return;
  bind(splat_scan_, 0);
  vkCmdDispatch(cmd, 1, 1, 1);
  compute_barrier(cmd);
  bind(splat_bin_, 1);
  vkCmdDispatch(cmd, particle_groups, 1, 1);
  compute_barrier(cmd);
  bind(splat_tiles_, 0);
  vkCmdDispatch(cmd, std::uint32_t(tiles.x), std::uint32_t(tiles.y), 1);
  compute_barrier(cmd);
}

void SurfaceRenderer::record_filter(FrameContext& frame, Surface& s, glm::ivec2 size) {
  VkCommandBuffer cmd = frame.cmd;
  const SurfaceKnobs& k = *s.knobs;
  PassScope pass(frame.timer, cmd, "surface filter");
  // Pixels per metre where clip w is 1, in the surface's targets, and clip w against view depth
  // (perspective: the depth; orthographic: a constant).
  const glm::mat4& proj = frame.uniforms.proj;
  const float pixels_per_metre = std::abs(proj[1][1]) * 0.5f * float(size.y);  // y is flipped
  shared::SurfaceFilterPush push{size,
                                 {0, 0},
                                 k.filter_radius * s.source.radius,
                                 pixels_per_metre,
                                 k.depth_range * s.source.radius,
                                 k.max_filter_pixels,
                                 {proj[3][3], -proj[2][3]},
                                 0,
                                 0};
  // Every pass reads fields[current] and writes the other; the resolve reads only the sums, so
  // starting at 1 puts them in fields[0].
  int current = 1;
  auto run = [&](const Pipeline& pipeline, glm::ivec2 direction) {
    Image& from = s.fields[current];
    Image& to = s.fields[1 - current];
    from.use(cmd, access::kComputeReadWrite);
    to.use(cmd, access::kComputeWrite);
    pipeline.bind(cmd);
    DescriptorWrites()
        .storage_buffer(3, s.depth_bits.handle())
        .storage_buffer(4, s.thickness.handle())
        .storage_image(6, from.view())
        .storage_image(7, to.view())
        .push(ctx_, cmd, pipeline);
    push.direction = direction;
    pipeline.push_constants(cmd, push);
    if (&pipeline == &filter_) {
      // A workgroup a stretch of 128 texels along the direction, one a row (or column).
      const int along = direction.x == 1 ? size.x : size.y, lines = direction.x == 1 ? size.y : size.x;
      vkCmdDispatch(cmd, std::uint32_t((along + 127) / 128), std::uint32_t(lines), 1);
    } else {
      Pipeline::dispatch_2d(cmd, std::uint32_t(size.x), std::uint32_t(size.y));
    }
    current = 1 - current;
  };
  run(resolve_, {0, 0});
  for (int i = 0; i < k.filter_iterations; ++i) {
    run(filter_, {1, 0});
    run(filter_, {0, 1});
  }
  if (k.filter_iterations > 0) run(smooth_, {0, 0});
  if (current != 0) std::swap(s.fields[0], s.fields[1]);  // the result is fields[0]
}

void SurfaceRenderer::record_composite(FrameContext& frame, Surface& s, glm::ivec2 size) {
  VkCommandBuffer cmd = frame.cmd;
  FrameTargets& t = frame.targets;
  const SurfaceKnobs& k = *s.knobs;
  const ParticleSource& src = s.source;
  PassScope pass(frame.timer, cmd, "surface composite");
  s.fields[0].use(cmd, access::kComputeReadWrite);
  t.scene_depth.use(cmd, access::kComputeSampled);
  t.scene_color.use(cmd, access::kComputeSampled);
  t.color.use(cmd, access::kComputeReadWrite);
  const Pipeline& composite = composite_.get(frame.environment_cube);
  composite.bind(cmd);
  DescriptorWrites()
      .uniform_buffer(0, frame.frame_uniforms.handle())
      .sampled_image(5, t.scene_depth.view(), frame.nearest_clamp.handle())
      .storage_image(6, s.fields[0].view())
      .sampled_image(8, t.scene_color.view(), frame.linear_clamp.handle())
      .sampled_image(LFX_FRAME_ENVIRONMENT_BINDING, frame.environment, frame.linear_clamp.handle())
      .storage_image(9, t.color.view())
      .storage_buffer(4, s.thickness.handle())
      .storage_buffer(10, s.color_sums.handle())
      .storage_buffer(11, s.foam_sums.handle())
      .push(ctx_, cmd, composite);
  composite.push_constants(cmd,
                           shared::SurfaceCompositePush{size, float(size.x) / float(t.width()), k.specular,
                                                        glm::vec4(k.absorption, k.refraction),
                                                        glm::vec4(k.color, src.color_offset ? 1.0f : 0.0f),
                                                        src.foam_offset ? k.foam : 0.0f, std::uint32_t(k.show), 0, 0});
  Pipeline::dispatch_2d(cmd, t.width(), t.height());
}

}  // namespace lfx::gpu

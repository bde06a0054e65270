#include "liquidfx/gpu/effects/surface_renderer.h"

#include <algorithm>
#include <cmath>

#include "liquidfx/gpu/barriers.h"
#include "liquidfx/gpu/detail/descriptors.h"
#include "liquidfx/gpu/detail/rendering.h"
#include "liquidfx/gpu/render/frame_renderer.h"
#include "shared/surface.h"

namespace lfx::gpu {
namespace {

constexpr VkBufferUsageFlags kStorage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;

void compute_barrier(VkCommandBuffer cmd) {
  memory_barrier(cmd, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT,
                 VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT | VK_ACCESS_2_TRANSFER_WRITE_BIT,
                 VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                 VK_ACCESS_2_SHADER_STORAGE_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT);
}

}  // namespace

Result<std::unique_ptr<SurfaceRenderer>> SurfaceRenderer::create(Context& ctx) {
  std::unique_ptr<SurfaceRenderer> r(new SurfaceRenderer(ctx));
  const ComputePipelineSpec specs[] = {
      {&r->splat_, "surface/splat.comp", sizeof(shared::SurfaceSplatPush)},
      {&r->filter_, "surface/filter.comp", sizeof(shared::SurfaceFilterPush)},
      {&r->composite_, "surface/composite.comp", sizeof(shared::SurfaceCompositePush)},
  };
  LFX_TRY(create_compute_pipelines(ctx, specs));
  GraphicsPipelineDesc raster;
  raster.name = "surface raster splat";
  raster.vertex_shader = "surface/splat.vert";
  raster.fragment_shader = "surface/splat.frag";
  raster.push_constant_bytes = sizeof(shared::SurfaceSplatPush);
  raster.cull = VK_CULL_MODE_NONE;
  raster.depth_test = false;
  raster.depth_write = false;
  LFX_TRY_ASSIGN(r->raster_splat_, Pipeline::graphics(ctx, raster));
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

Result<void> SurfaceRenderer::detach(const std::string& name) {
  auto found = surfaces_.find(name);
  if (found == surfaces_.end()) return input_error("surface \"" + name + "\" is not attached");
  Surface& s = found->second;
  // Frames in flight may still draw it.
  ctx_.retire(std::move(s.depth_bits));
  ctx_.retire(std::move(s.thickness));
  ctx_.retire(std::move(s.color_sums));
  ctx_.retire(std::move(s.foam_sums));
  for (Image& f : s.fields) ctx_.retire(std::move(f));
  surfaces_.erase(found);
  return success();
}

Image* SurfaceRenderer::filtered(const std::string& name) {
  auto found = surfaces_.find(name);
  return found == surfaces_.end() ? nullptr : &found->second.fields[0];
}

Result<void> SurfaceRenderer::prepare(const FramePrepare& frame) {
  for (auto& [name, s] : surfaces_)
    if (auto r = prepare_surface(s, frame.width, frame.height); !r)
      return input_error("surface \"" + name + "\": " + r.error().message);
  return success();
}

Result<void> SurfaceRenderer::prepare_surface(Surface& s, std::uint32_t width, std::uint32_t height) {
  const float scale = s.knobs->resolution_scale;
  const auto w = std::max(1u, std::uint32_t(std::lround(float(width) * scale)));
  const auto h = std::max(1u, std::uint32_t(std::lround(float(height) * scale)));
  if (s.fields[0].handle() && s.fields[0].width() == w && s.fields[0].height() == h) return success();
  const VkDeviceSize pixels = VkDeviceSize(w) * h * sizeof(std::uint32_t);
  LFX_TRY(ensure_device_buffer(ctx_, s.depth_bits, pixels, kStorage, "surface depth"));
  LFX_TRY(ensure_device_buffer(ctx_, s.thickness, pixels, kStorage, "surface thickness"));
  LFX_TRY(ensure_device_buffer(ctx_, s.color_sums, 3 * pixels, kStorage, "surface colour"));
  LFX_TRY(ensure_device_buffer(ctx_, s.foam_sums, pixels, kStorage, "surface foam"));
  for (Image& f : s.fields) {
    // Transfer source: tests and tools read the filtered fields back.
    LFX_TRY_ASSIGN(Image made, Image::create(ctx_, {w, h, VK_FORMAT_R32G32_SFLOAT, 1,
                                                    VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
                                                    "surface depth and thickness"}));
    ctx_.retire(std::move(f));
    f = std::move(made);
  }
  return success();
}

void SurfaceRenderer::record_transparent(FrameContext& frame) {
  for (auto& [name, s] : surfaces_) record_surface(frame, s);
}

void SurfaceRenderer::record_surface(FrameContext& frame, Surface& s) {
  VkCommandBuffer cmd = frame.cmd;
  FrameTargets& t = frame.targets;
  const SurfaceKnobs& k = *s.knobs;
  const glm::ivec2 size(int(s.fields[0].width()), int(s.fields[0].height()));
  const float scale = float(size.x) / float(t.width());
  const ParticleSource& src = s.source;
  const bool counted = src.count_buffer != VK_NULL_HANDLE;
  {
    PassScope pass(frame.timer, cmd, "surface splat");
    // The previous frame's splat and filter may still use the sums.
    memory_barrier(cmd, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT,
                   VK_ACCESS_2_NONE, VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT);
    vkCmdFillBuffer(cmd, s.depth_bits.handle(), 0, VK_WHOLE_SIZE, 0xFFFFFFFFu);
    vkCmdFillBuffer(cmd, s.thickness.handle(), 0, VK_WHOLE_SIZE, 0);
    vkCmdFillBuffer(cmd, s.color_sums.handle(), 0, VK_WHOLE_SIZE, 0);
    vkCmdFillBuffer(cmd, s.foam_sums.handle(), 0, VK_WHOLE_SIZE, 0);
    compute_barrier(cmd);
    const bool raster = k.splat == SurfaceSplat::raster;
    const Pipeline& pipeline = raster ? raster_splat_ : splat_;
    t.scene_depth.use(cmd, raster ? access::kShaderSampled : access::kComputeSampled);
    if (raster) {
      memory_barrier(cmd, VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                     VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT,
                     VK_ACCESS_2_SHADER_STORAGE_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT);
      begin_rendering_without_attachments(cmd, {std::uint32_t(size.x), std::uint32_t(size.y)});
    }
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
        .push(ctx_, cmd, pipeline);
    pipeline.push_constants(
        cmd, shared::SurfaceSplatPush{size, src.radius, scale, src.stride, src.position_offset,
                                      std::uint32_t(src.count_offset / 4), src.count, counted ? 1u : 0u, 0,
                                      src.color_offset.value_or(0), src.color_offset ? 1u : 0u,
                                      src.foam_offset.value_or(0), src.foam_offset ? 1u : 0u, 0, 0});
    if (raster) {
      vkCmdDraw(cmd, 6, std::max(src.count, 1u), 0, 0);  // past the live count, a square draws nothing
      vkCmdEndRendering(cmd);
      memory_barrier(cmd, VK_PIPELINE_STAGE_2_FRAGMENT_SHADER_BIT, VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT,
                     VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, VK_ACCESS_2_SHADER_STORAGE_READ_BIT);
    } else {
      vkCmdDispatch(cmd, (std::max(src.count, 1u) + 63) / 64, 1, 1);
      compute_barrier(cmd);
    }
  }
  {
    PassScope pass(frame.timer, cmd, "surface filter");
    // Pixels per metre at a view depth of 1 m, in the surface's targets.
    const float pixels_per_metre = std::abs(frame.uniforms.proj[1][1]) * 0.5f * float(size.y);  // y is flipped
    shared::SurfaceFilterPush push{
        size, {0, 0}, k.filter_radius * src.radius, pixels_per_metre, k.depth_range * src.radius, k.max_filter_pixels};
    int current = 0;
    auto run = [&](glm::ivec2 direction) {
      Image& from = s.fields[current];
      Image& to = s.fields[1 - current];
      from.use(cmd, access::kComputeReadWrite);
      to.use(cmd, access::kComputeWrite);
      filter_.bind(cmd);
      DescriptorWrites()
          .storage_buffer(3, s.depth_bits.handle())
          .storage_buffer(4, s.thickness.handle())
          .storage_image(6, from.view())
          .storage_image(7, to.view())
          .push(ctx_, cmd, filter_);
      push.direction = direction;
      filter_.push_constants(cmd, push);
      Pipeline::dispatch_2d(cmd, std::uint32_t(size.x), std::uint32_t(size.y));
      current = 1 - current;
    };
    run({0, 0});  // the sums into an image
    for (int i = 0; i < k.filter_iterations; ++i) {
      run({1, 0});
      run({0, 1});
    }
    if (current != 0) std::swap(s.fields[0], s.fields[1]);  // the result is fields[0]
  }
  frame.renderer.refresh_scene_copy(frame);
  {
    PassScope pass(frame.timer, cmd, "surface composite");
    s.fields[0].use(cmd, access::kComputeReadWrite);
    t.scene_depth.use(cmd, access::kComputeSampled);
    t.scene_color.use(cmd, access::kComputeSampled);
    t.color.use(cmd, access::kComputeReadWrite);
    composite_.bind(cmd);
    DescriptorWrites()
        .uniform_buffer(0, frame.frame_uniforms.handle())
        .sampled_image(5, t.scene_depth.view(), frame.nearest_clamp.handle())
        .storage_image(6, s.fields[0].view())
        .sampled_image(8, t.scene_color.view(), frame.linear_clamp.handle())
        .storage_image(9, t.color.view())
        .storage_buffer(4, s.thickness.handle())
        .storage_buffer(10, s.color_sums.handle())
        .storage_buffer(11, s.foam_sums.handle())
        .push(ctx_, cmd, composite_);
    composite_.push_constants(
        cmd, shared::SurfaceCompositePush{size, scale, k.specular, glm::vec4(k.absorption, k.refraction),
                                          glm::vec4(k.color, src.color_offset ? 1.0f : 0.0f),
                                          src.foam_offset ? k.foam : 0.0f, std::uint32_t(k.show), 0, 0});
    Pipeline::dispatch_2d(cmd, t.width(), t.height());
  }
}

}  // namespace lfx::gpu

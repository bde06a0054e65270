#include "liquidfx/gpu/effects/particle_spheres.h"

#include "liquidfx/gpu/barriers.h"
#include "liquidfx/gpu/detail/descriptors.h"
#include "liquidfx/gpu/detail/rendering.h"
#include "liquidfx/shared/particles.h"

namespace lfx::gpu {
Result<std::unique_ptr<ParticleSpheres>> ParticleSpheres::create(Context& ctx) {
  std::unique_ptr<ParticleSpheres> s(new ParticleSpheres(ctx));
  LFX_TRY_ASSIGN(s->args_, Pipeline::compute(ctx, "particles/draw_args.comp", sizeof(shared::ParticlesDrawArgsPush)));
  GraphicsPipelineDesc desc;
  desc.name = "particle spheres";
  desc.vertex_shader = "particles/spheres.vert";
  desc.fragment_shader = "particles/spheres.frag";
  desc.push_constant_bytes = sizeof(shared::ParticlesDrawPush);
  desc.color_formats = {kHdrFormat};
  desc.depth_format = kDepthFormat;
  desc.cull = VK_CULL_MODE_NONE;
  LFX_TRY_ASSIGN(s->spheres_, FrameGraphicsPipeline::create(ctx, desc));
  LFX_TRY_ASSIGN(s->draw_args_, Buffer::create(ctx, sizeof(VkDrawIndirectCommand),
                                               VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT,
                                               MemoryUsage::device, "particle sphere draw"));
  return s;
}

Result<void> ParticleSpheres::prepare(const FramePrepare& frame, const ParticleSource& source) {
  LFX_TRY(check_particle_source(source));
  LFX_TRY(spheres_.prepare(ctx_, frame.depth_format));
  source_ = source;
  return success();
}

void ParticleSpheres::record_opaque(FrameContext& frame, float radius_scale, float foam_whiten) {
  VkCommandBuffer cmd = frame.cmd;
  PassScope pass(frame.timer, cmd, "particles spheres");
  const bool counted = source_.count_buffer != VK_NULL_HANDLE;
  // The count is read in compute (the draw's arguments), the records by the vertex shader.
  record_source_reads(cmd, source_, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_2_VERTEX_SHADER_BIT);
  // The previous frame's draw may still read the arguments.
  memory_barrier(cmd, VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT, VK_ACCESS_2_NONE, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                 VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT);
  args_.bind(cmd);
  DescriptorWrites()
      .storage_buffer(0, counted ? source_.count_buffer : source_.buffer)
      .storage_buffer(1, draw_args_.handle())
      .push(ctx_, cmd, args_);
  args_.push_constants(
      cmd, shared::ParticlesDrawArgsPush{std::uint32_t(source_.count_offset / 4), source_.count, counted ? 1u : 0u, 0});
  vkCmdDispatch(cmd, 1, 1, 1);
  memory_barrier(cmd, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT,
                 VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT | VK_PIPELINE_STAGE_2_VERTEX_SHADER_BIT,
                 VK_ACCESS_2_INDIRECT_COMMAND_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_READ_BIT);

  FrameTargets& t = frame.targets;
  t.color.use(cmd, access::kColorAttachment);
  t.depth.use(cmd, access::kDepthAttachment);
  begin_rendering(cmd, {{&t.color}}, {&t.depth});
  const Pipeline& spheres = spheres_.get();
  spheres.bind(cmd, frame.reversed_depth());
  DescriptorWrites()
      .uniform_buffer(0, frame.frame_uniforms.handle())
      .storage_buffer(1, source_.buffer)
      .push(ctx_, cmd, spheres);
  const shared::ParticlesDrawPush push{source_.radius * radius_scale,    foam_whiten,
                                       source_.position_offset,          source_.stride,
                                       source_.color_offset.value_or(0), source_.foam_offset.value_or(0),
                                       source_.color_offset ? 1u : 0u,   source_.foam_offset ? 1u : 0u};
  spheres.push_constants(cmd, push);
  vkCmdDrawIndirect(cmd, draw_args_.handle(), 0, 1, sizeof(VkDrawIndirectCommand));
  vkCmdEndRendering(cmd);
}

}  // namespace lfx::gpu

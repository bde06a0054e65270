#include "liquidfx/gpu/effects/collider_shapes.h"

#include <bit>

#include "liquidfx/gpu/detail/descriptors.h"
#include "liquidfx/gpu/detail/rendering.h"

namespace lfx::gpu {

Result<std::unique_ptr<ColliderShapes>> ColliderShapes::create(Context& ctx) {
  std::unique_ptr<ColliderShapes> s(new ColliderShapes(ctx));
  GraphicsPipelineDesc desc;
  desc.name = "particle colliders";
  desc.vertex_shader = "particles/collider.vert";
  desc.fragment_shader = "particles/collider.frag";
  desc.push_constant_bytes = sizeof(shared::ParticlesColliderDrawPush);
  desc.color_formats = {kHdrFormat};
  desc.depth_format = kDepthFormat;
  desc.cull = VK_CULL_MODE_NONE;  // the fragment traces the shape from the camera either way
  LFX_TRY_ASSIGN(s->pipeline_, FrameGraphicsPipeline::create(ctx, desc));
  return s;
}

void ColliderShapes::record_opaque(FrameContext& frame, std::span<const shared::ParticleCollider> colliders,
                                   glm::vec3 color) {
  std::vector<const shared::ParticleCollider*> drawn;
  for (const shared::ParticleCollider& c : colliders) {
    const std::uint32_t kind = std::bit_cast<std::uint32_t>(c.position_kind.w);
    if (kind == shared::kColliderBox || kind == shared::kColliderSphere) drawn.push_back(&c);
  }
  if (drawn.empty()) return;
  VkCommandBuffer cmd = frame.cmd;
  PassScope pass(frame.timer, cmd, "particles colliders");
  FrameTargets& t = frame.targets;
  t.color.use(cmd, access::kColorAttachment);
  t.depth.use(cmd, access::kDepthAttachment);
  begin_rendering(cmd, {{&t.color}}, {&t.depth});
  const Pipeline& pipeline = pipeline_.get();
  pipeline.bind(cmd, frame.reversed_depth());
  DescriptorWrites().uniform_buffer(0, frame.frame_uniforms.handle()).push(ctx_, cmd, pipeline);
  for (const shared::ParticleCollider* c : drawn) {
    pipeline.push_constants(
        cmd, shared::ParticlesColliderDrawPush{c->position_kind, c->rotation, c->size, glm::vec4(color, 1.0f)});
    vkCmdDraw(cmd, 36, 1, 0, 0);
  }
  vkCmdEndRendering(cmd);
}

}  // namespace lfx::gpu

// lfx::gpu::ColliderShapes: the boxes and spheres a particle liquid flows around (a paddle, a
// dropped block, the pointer's hand), drawn opaque and ray-traced so that their silhouettes
// match the solver's shapes exactly.
#pragma once

#include <memory>
#include <span>

#include "liquidfx/core/result.h"
#include "liquidfx/gpu/context.h"
#include "liquidfx/gpu/pipeline.h"
#include "liquidfx/gpu/render/frame_passes.h"
#include "liquidfx/shared/particles.h"

namespace lfx::gpu {

class ColliderShapes {
 public:
  static Result<std::unique_ptr<ColliderShapes>> create(Context& ctx);
  /// Before a frame: its depth format.
  Result<void> prepare(const FramePrepare& frame) { return pipeline_.prepare(ctx_, frame.depth_format); }
  /// Draws each box and sphere of `colliders` (planes and mesh walls are left to the scene) in
  /// `color` into the frame's colour and depth.
  void record_opaque(FrameContext& frame, std::span<const shared::ParticleCollider> colliders, glm::vec3 color);

 private:
  explicit ColliderShapes(Context& ctx) : ctx_(ctx) {}
  Context& ctx_;
  FrameGraphicsPipeline pipeline_;
};

}  // namespace lfx::gpu

// lfx::gpu::ParticleSpheres: any particle source drawn as lit spheres into the opaque frame
// (ray-traced impostors with exact depth), for looking at a simulation before a surface is put
// on it. The count may live on the GPU: the draw is indirect.
#pragma once

#include <memory>

#include "liquidfx/core/result.h"
#include "liquidfx/gpu/buffer.h"
#include "liquidfx/gpu/context.h"
#include "liquidfx/gpu/particle_source.h"
#include "liquidfx/gpu/pipeline.h"
#include "liquidfx/gpu/render/frame_passes.h"

namespace lfx::gpu {

class ParticleSpheres {
 public:
  static Result<std::unique_ptr<ParticleSpheres>> create(Context& ctx);

  /// Checks the source's layout (check_particle_source) and keeps it for the frame.
  Result<void> prepare(const FramePrepare& frame, const ParticleSource& source);
  /// Spheres of `radius_scale` x the source's radius; foam turns them white by `foam_whiten`.
  void record_opaque(FrameContext& frame, float radius_scale, float foam_whiten);

 private:
  explicit ParticleSpheres(Context& ctx) : ctx_(ctx) {}
  Context& ctx_;
  Pipeline args_;
  FrameGraphicsPipeline spheres_;
  Buffer draw_args_;
  ParticleSource source_;
};

}  // namespace lfx::gpu

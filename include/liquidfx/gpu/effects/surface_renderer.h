// lfx::gpu::SurfaceRenderer: GPU particle buffers drawn as continuous liquid (screen-space
// fluid rendering), whose cost follows the surface's pixels.
//
// Per attached surface, every frame: splat (every particle's velocity-stretched sphere: nearest
// depth, summed thickness, colour, foam sprites; compute binned into tiles, or raster),
// narrow-range filter (x and y passes ping-ponged, then a small 2D pass), composite
// (normals, refraction, Beer-Lambert absorption, Fresnel sky reflection, sun highlight) over the
// frame, depth-tested against the scene. Pipelines are made once and shared by every surface;
// each surface owns its targets and its knobs, so two surfaces at different particle radii
// filter at their own widths in the same frame.
#pragma once

#include <glm/vec2.hpp>
#include <map>
#include <memory>
#include <string>

#include "liquidfx/core/result.h"
#include "liquidfx/core/surface/surface_knobs.h"
#include "liquidfx/gpu/buffer.h"
#include "liquidfx/gpu/context.h"
#include "liquidfx/gpu/image.h"
#include "liquidfx/gpu/particle_source.h"
#include "liquidfx/gpu/pipeline.h"
#include "liquidfx/gpu/render/frame_passes.h"

namespace lfx::gpu {

class SurfaceRenderer : public FramePasses {
 public:
  static Result<std::unique_ptr<SurfaceRenderer>> create(Context& ctx);

  /// Draws `source` as the surface `name` with `knobs`. The renderer keeps a pointer to `knobs`
  /// and reads them every frame (change them live): they are the caller's and must outlive the
  /// surface (until detach or the renderer's end). The source's barrier contract:
  /// particle_source.h. Errors: a name attached twice, a layout check_particle_source refuses.
  Result<void> attach(const std::string& name, const ParticleSource& source, const SurfaceKnobs& knobs);
  /// A new source for a surface (a count that changed, a buffer a host replaced); an unknown
  /// name is an error.
  Result<void> update(const std::string& name, const ParticleSource& source);
  /// attach when `name` is not attached, else update (its knobs become `knobs`): a host's frame
  /// loop calls it every frame without tracking what it attached.
  Result<void> attach_or_update(const std::string& name, const ParticleSource& source, const SurfaceKnobs& knobs);
  /// Whether a surface of this name is attached.
  bool attached(const std::string& name) const { return surfaces_.count(name) > 0; }
  /// Frees the surface's targets once the frames in flight are done with them.
  Result<void> detach(const std::string& name);
  std::size_t surfaces() const { return surfaces_.size(); }
  /// A surface's filtered depth (linear, metres; 0 where there is no liquid) and thickness
  /// (metres) after the last frame, RG32F at the surface's resolution; nullptr for an unknown name.
  Image* filtered(const std::string& name);

  Result<void> prepare(const FramePrepare& frame) override;
  void record_transparent(FrameContext& frame) override;

 private:
  struct Surface {
    ParticleSource source;
    const SurfaceKnobs* knobs = nullptr;
    Buffer depth_bits, thickness, color_sums, foam_sums;
    Buffer tile_counts, tile_offsets, tile_list;  // the compute splat's per-tile particle lists
    Image fields[2];                              // RG32F: filtered depth (m, 0 = none) and thickness (m), ping-ponged
  };
  explicit SurfaceRenderer(Context& ctx) : ctx_(ctx) {}
  Result<void> prepare_surface(Surface& s, std::uint32_t width, std::uint32_t height);
  void record_surface(FrameContext& frame, Surface& s);
  void record_splat(FrameContext& frame, Surface& s, glm::ivec2 size);
  void record_filter(FrameContext& frame, Surface& s, glm::ivec2 size);
  void record_composite(FrameContext& frame, Surface& s, glm::ivec2 size);
  void record_depth_out(FrameContext& frame, Surface& s, glm::ivec2 size);

  Context& ctx_;
  Pipeline splat_bin_, splat_scan_, splat_tiles_, raster_splat_, resolve_, filter_, smooth_;
  EnvironmentComputePipeline composite_;
  FrameGraphicsPipeline depth_out_;
  std::map<std::string, Surface> surfaces_;
  bool cpu_device_ = false;     // a CPU driver (lavapipe): the compute splat scatters (knob binning auto)
  bool warned_raster_ = false;  // splat=raster asked for on a device without fragment stores
};

}  // namespace lfx::gpu

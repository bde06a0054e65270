// lfx::gpu::RipplesRenderer: draws a RipplesSimulation, water ripples over any image.
//
// Rings (any number): the live ripples are binned on the GPU into 16 x 16 pixel tiles by the
// annulus their rings cover now (count, scan, fill), and each pixel visits only its tile's
// list, so cost follows how many ripples overlap a pixel, not how many there are.
// Waves: a wave-equation height field with a physical wave speed, stepped in fixed sub-steps,
// with absorbing or reflecting edges, a mask of walls, drops and held (dragged) sources.
// Both read the frame's scene-colour copy and write the frame's colour. The picture (and a
// puzzle board cut from it) is drawn in the opaque hooks, under everything else.
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "liquidfx/core/image.h"
#include "liquidfx/core/result.h"
#include "liquidfx/core/ripples/ripples_simulation.h"
#include "liquidfx/gpu/buffer.h"
#include "liquidfx/gpu/context.h"
#include "liquidfx/gpu/image.h"
#include "liquidfx/gpu/pipeline.h"
#include "liquidfx/gpu/render/frame_passes.h"

namespace lfx::gpu {

/// What the ripples play over when the frame has nothing of its own: a procedural picture, or an
/// image of the host's (set_user_picture), stretched over the frame or the board.
enum class Picture { sunset, pebbles, user };

class RipplesRenderer : public FramePasses {
 public:
  /// Draws `simulation` (which must outlive the renderer).
  static Result<std::unique_ptr<RipplesRenderer>> create(Context& ctx, RipplesSimulation& simulation);

  /// Draws a picture under the ripples (std::nullopt: the frame as the room and other effects
  /// left it). Picture::user needs set_user_picture first.
  void set_picture(std::optional<Picture> picture) { picture_ = picture; }
  /// Uploads an image (sRGB RGBA8, 1 .. the device's largest image on a side) as Picture::user.
  Result<void> set_user_picture(const ImageRgba8& image);

  Result<void> prepare(const FramePrepare& frame) override;
  void record_opaque(FrameContext& frame) override;
  void record_post(FrameContext& frame) override;

  /// The current height field (RG32F: height, velocity), for tests; empty before the first
  /// waves frame.
  Image& wave_field() { return fields_[current_]; }

 private:
  RipplesRenderer(Context& ctx, RipplesSimulation& simulation) : ctx_(ctx), sim_(simulation) {}
  Result<void> prepare_picture(std::uint32_t width, std::uint32_t height);
  Result<void> prepare_rings(glm::ivec2 image);
  Result<void> prepare_waves(glm::ivec2 image);
  void record_rings(FrameContext& frame);
  void record_wave_steps(FrameContext& frame);
  void record_wave_shading(FrameContext& frame);
  float caustic_time() const;

  Context& ctx_;
  RipplesSimulation& sim_;
  std::optional<Picture> picture_;
  Pipeline picture_pass_, board_, bin_fill_, bin_scan_, rings_, wave_step_, waves_shade_;
  Image picture_image_;  // the procedural picture, at the frame's size
  Picture picture_kind_ = Picture::sunset;
  bool picture_stale_ = false;  // picture_image_ was (re)made and must be drawn
  Image user_picture_;
  Buffer tiles_buffer_;  // the board's tile_of_cell
  // Rings: this frame's ripples and their tile lists.
  std::vector<shared::RippleGpu> ripples_gpu_;
  Buffer ripples_, tile_counts_, tile_offsets_, tile_entries_;
  // Waves: the field, its mask, what the frame steps, and what it was made for.
  Image fields_[2], mask_;
  Buffer sources_;
  struct GpuBatch {
    WaveStepping stepping;
    std::vector<shared::WaveSource> drops, held;
  };
  std::vector<GpuBatch> batches_;
  glm::ivec2 wave_frame_{0, 0};
  std::uint64_t wave_generation_ = ~std::uint64_t(0);
  int current_ = 0;
  float cell_ = 1.0f;
};

}  // namespace lfx::gpu

// lfx::gpu::SpreadPasses: the spread effect as a host drives it, over any frame liquidfx draws
// (its own, or a host's image such as a UI canvas): the liquid laid out for the frame's aspect
// ratio, stepped by advance with the strokes made meanwhile, its steps and shading recorded in the
// frame's post step. Positions are in short sides ((0, 0) top left; uv_at_pixel and
// short_sides_at_pixel in liquidfx/core/touch.h convert an image's pixels).
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "liquidfx/core/image.h"
#include "liquidfx/core/result.h"
#include "liquidfx/core/spread/spread_simulation.h"
#include "liquidfx/gpu/effects/spread_renderer.h"
#include "liquidfx/gpu/effects/spread_solver.h"
#include "liquidfx/gpu/render/frame_passes.h"

namespace lfx::gpu {

class SpreadPasses : public FramePasses {
 public:
  /// The liquid of `blobs` (at most kSpreadPigments colours) under `knobs`, which are the
  /// caller's, read every step (they must outlive the passes), over `background`. Nothing is
  /// laid out until the first prepare (it needs the frame's aspect ratio).
  static Result<std::unique_ptr<SpreadPasses>> create(Context& ctx, const SpreadKnobs& knobs,
                                                      std::vector<SpreadBlob> blobs, SpreadBackground background);

  /// Advances the liquid by dt seconds (> 0) with the strokes made during it (short sides); the
  /// step is recorded with the next frame (or ahead of it: record_steps).
  void advance(double dt, std::vector<SpreadStroke> strokes);
  /// Adds a blob to the running liquid (kept when it is laid out again); false when it needs a
  /// colour beyond kSpreadPigments.
  bool add_blob(const SpreadBlob& blob);
  /// Lays the liquid out anew at the next prepare (after a change of `cells` or
  /// `thickness_cells`); the pending steps are dropped.
  void restart() { restart_ = true; }
  /// The picture under the liquid (SpreadBackground::picture) and a matcap, uploaded at the next
  /// prepare.
  void set_picture(ImageRgba8 picture) { picture_ = std::move(picture); }
  void set_matcap(ImageRgba8 matcap) { matcap_ = std::move(matcap); }
  /// The frame's aspect ratio the liquid is laid out for (0 before the first prepare).
  float aspect() const { return aspect_; }
  /// The newest statistics whose step has completed (std::nullopt before the first).
  std::optional<SpreadStats> stats() const;
  /// Whether the last frame computed no shading: it laid the shading kept for a liquid at rest
  /// (SpreadRenderer::laid_kept), or the whole frame kept its last picture
  /// (FramePasses::draws_last_picture).
  bool shading_kept() const;

  Result<void> prepare(const FramePrepare& frame) override;
  void record_post(FrameContext& frame) override;
  bool samples_scene_copy() const override { return false; }  // reads the frame's colour itself
  bool covers_frame() const override;
  std::size_t pending_steps() const override { return pending_.size(); }
  void record_steps(VkCommandBuffer cmd, GpuTimer* timer, std::size_t max_steps) override;
  bool draws_last_picture() const override;
  std::vector<const Buffer*> redrawn_tiles() const override;

 private:
  SpreadPasses(Context& ctx, const SpreadKnobs& knobs, std::vector<SpreadBlob> blobs, SpreadBackground background)
      : ctx_(ctx), knobs_(knobs), blobs_(std::move(blobs)), background_(background) {}
  Result<void> lay_out(float aspect);
  struct Step {
    double dt;
    std::vector<SpreadStroke> strokes;
  };
  Context& ctx_;
  const SpreadKnobs& knobs_;
  std::vector<SpreadBlob> blobs_;
  SpreadBackground background_;
  std::unique_ptr<SpreadSolver> solver_;
  std::unique_ptr<SpreadRenderer> renderer_;
  std::vector<Step> pending_;
  std::optional<ImageRgba8> picture_, matcap_;
  float aspect_ = 0.0f;
  VkExtent2D frame_size_{0, 0};  // the prepared frame's
  bool recorded_ = false;        // whether the prepared frame recorded its shading
  bool restart_ = false;
};

}  // namespace lfx::gpu

#include "liquidfx/gpu/effects/spread_passes.h"

#include <algorithm>
#include <glm/vec3.hpp>

namespace lfx::gpu {

Result<std::unique_ptr<SpreadPasses>> SpreadPasses::create(Context& ctx, const SpreadKnobs& knobs,
                                                           std::vector<SpreadBlob> blobs, SpreadBackground background) {
  std::unique_ptr<SpreadPasses> p(new SpreadPasses(ctx, knobs, std::move(blobs), background));
  LFX_TRY_ASSIGN(p->renderer_, SpreadRenderer::create(ctx));
  return p;
}

void SpreadPasses::advance(double dt, std::vector<SpreadStroke> strokes) {
  pending_.push_back({dt, std::move(strokes)});
}

bool SpreadPasses::add_blob(const SpreadBlob& blob) {
  if (solver_) {
    if (!solver_->add_blob(blob)) return false;
  } else {
    // Not laid out yet: the colours the layout will have, this one among them.
    std::vector<glm::vec3> colors;
    for (const SpreadBlob& b : blobs_) pigment_plane(colors, b.color);
    if (pigment_plane(colors, blob.color) < 0) return false;
  }
  blobs_.push_back(blob);  // kept when the liquid is laid out again
  return true;
}

std::optional<SpreadStats> SpreadPasses::stats() const {
  return solver_ ? solver_->stats() : std::nullopt;
}

bool SpreadPasses::shading_kept() const {
  return !recorded_ || renderer_->laid_kept();
}

bool SpreadPasses::draws_last_picture() const {
  // Of the fields as they stand: the frame asks again once the pending steps are recorded.
  return solver_ && renderer_->draws_last_picture(frame_size_, *solver_, knobs_, background_);
}

bool SpreadPasses::covers_frame() const {
  // Over a picture of its own every pixel is the picture, the liquid over it, or the kept shading.
  return background_ != SpreadBackground::frame;
}

std::vector<const Buffer*> SpreadPasses::redrawn_tiles() const {
  return solver_ && !knobs_.reference_pass ? renderer_->redrawn_tiles(frame_size_, background_)
                                           : std::vector<const Buffer*>{};
}

Result<void> SpreadPasses::lay_out(float aspect) {
  aspect_ = aspect;
  restart_ = false;
  pending_.clear();
  LFX_TRY(SpreadSimulation::check_grid(knobs_, aspect));
  SpreadSimulation layout(knobs_, aspect);
  for (const SpreadBlob& b : blobs_)
    if (!layout.add_blob(b)) return input_error("spread: at most " + std::to_string(kSpreadPigments) + " colours");
  if (solver_) return solver_->reset(layout);
  LFX_TRY_ASSIGN(solver_, SpreadSolver::create(ctx_, knobs_, layout));
  return success();
}

Result<void> SpreadPasses::prepare(const FramePrepare& frame) {
  const float aspect = float(frame.width) / float(frame.height);
  frame_size_ = {frame.width, frame.height};
  recorded_ = false;
  if (restart_ || aspect != aspect_) LFX_TRY(lay_out(aspect));
  if (picture_) {
    LFX_TRY(renderer_->set_picture(*picture_));
    picture_.reset();
  }
  if (matcap_) {
    LFX_TRY(renderer_->set_matcap(*matcap_));
    matcap_.reset();
  }
  return renderer_->prepare(frame.width, frame.height, knobs_, background_, solver_->film_laid());
}

void SpreadPasses::record_steps(VkCommandBuffer cmd, GpuTimer* timer, std::size_t max_steps) {
  if (pending_.empty()) return;
  const std::size_t steps = std::min(max_steps, pending_.size());
  for (std::size_t i = 0; i < steps; ++i) solver_->record_step(cmd, pending_[i].dt, pending_[i].strokes, timer);
  pending_.erase(pending_.begin(), pending_.begin() + std::ptrdiff_t(steps));
  if (pending_.empty()) solver_->record_stats(cmd, timer);  // with the last
}

void SpreadPasses::record_post(FrameContext& frame) {
  record_steps(frame.cmd, frame.timer, pending_.size());
  renderer_->record(frame, *solver_, knobs_, background_);
  recorded_ = true;
}

}  // namespace lfx::gpu

// The wave-equation height field on the CPU: the reference the GPU pass is tested against, and
// the fixed sub-stepping both use. The wave speed is physical (short sides per second): the
// same at any resolution (the sub-step shrinks with the cells to stay stable) and any frame
// rate (time is spent in fixed sub-steps; what is left of a frame carries over).
#pragma once

#include <cstdint>
#include <glm/vec2.hpp>
#include <vector>

#include "liquidfx/core/ripples/ripples_knobs.h"
#include "liquidfx/shared/waves.h"

namespace lfx {

/// How a frame's time is cut into sub-steps.
struct WaveStepping {
  float dt = 0.0f;  ///< Seconds per sub-step.
  int steps = 0;    ///< Sub-steps this frame.
};

/// The sub-step for cells of `cell_size` short sides and waves at `speed` short sides per second
/// (at most 1/240 s), and how many of them fit in `elapsed` seconds plus `carried`; the
/// remainder is written back to `carried`.
WaveStepping plan_wave_steps(float cell_size, float speed, double elapsed, double* carried);

class WaveField {
 public:
  /// cells_short: cells along the image's short side; aspect = width / height.
  WaveField(int cells_short, float aspect);

  int width() const { return width_; }
  int height() const { return height_; }
  float cell_size() const { return cell_; }  ///< Short sides per cell.
  float height_at(int x, int y) const { return h_[std::size_t(y) * width_ + x]; }
  /// Cell centre in short-side units.
  glm::vec2 position(int x, int y) const { return {(float(x) + 0.5f) * cell_, (float(y) + 0.5f) * cell_}; }

  /// Lowers the surface by a source's shape (a drop).
  void disturb(const shared::WaveSource& source);
  /// One sub-step of dt seconds; `held` sources hold the surface down meanwhile (a dragged stick).
  void step(float dt, const RipplesKnobs& knobs, const std::vector<shared::WaveSource>& held);
  /// Cells outside the mask are walls (the waves bounce off them). 1 = water.
  void set_mask(std::vector<std::uint8_t> mask) { mask_ = std::move(mask); }

  /// The energy 1/2 v^2 + 1/2 c^2 |grad h|^2 summed over cells (for tests).
  double energy(float speed) const;

 private:
  glm::vec2 cell(int x, int y) const { return {h_[std::size_t(y) * width_ + x], v_[std::size_t(y) * width_ + x]}; }
  glm::vec2 neighbour(int x, int y, int nx, int ny, bool reflecting) const;
  int width_, height_;
  float cell_;
  std::vector<float> h_, v_, next_h_, next_v_;
  std::vector<std::uint8_t> mask_;
};

}  // namespace lfx

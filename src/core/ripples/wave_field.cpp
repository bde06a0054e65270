#include "liquidfx/core/ripples/wave_field.h"

#include <algorithm>
#include <cmath>

namespace lfx {

WaveStepping plan_wave_steps(float cell_size, float speed, double elapsed, double* carried) {
  WaveStepping s;
  s.dt = std::min(1.0f / 240.0f, shared::kWaveCourant * cell_size / speed);
  const double total = std::max(0.0, elapsed) + *carried;
  s.steps = int(std::floor(total / s.dt));
  *carried = total - double(s.steps) * s.dt;
  return s;
}

WaveField::WaveField(int cells_short, float aspect)
    : width_(std::max(1, int(std::lround(float(cells_short) * std::max(aspect, 1.0f))))),
      height_(std::max(1, int(std::lround(float(cells_short) / std::min(aspect, 1.0f))))),
      cell_(1.0f / float(cells_short)),
      h_(std::size_t(width_) * height_, 0.0f),
      v_(h_.size(), 0.0f),
      next_h_(h_.size()),
      next_v_(h_.size()) {}

void WaveField::disturb(const shared::WaveSource& source) {
  for (int y = 0; y < height_; ++y)
    for (int x = 0; x < width_; ++x)
      h_[std::size_t(y) * width_ + x] -= shared::wave_source_depth(source, position(x, y));
}

glm::vec2 WaveField::neighbour(int x, int y, int nx, int ny, bool reflecting) const {
  const bool outside = nx < 0 || ny < 0 || nx >= width_ || ny >= height_;
  const bool wall = !outside && !mask_.empty() && mask_[std::size_t(ny) * width_ + nx] == 0;
  // Walls and reflecting edges mirror the cell (no flux); absorbing edges see still water.
  if (wall || (outside && reflecting)) return cell(x, y);
  if (outside) return glm::vec2(0.0f);
  return cell(nx, ny);
}

void WaveField::step(float dt, const RipplesKnobs& knobs, const std::vector<shared::WaveSource>& held) {
  const bool reflecting = knobs.wave_edges == RippleEdges::reflecting;
  const float k = shared::wave_laplacian_weight(knobs.wave_speed, dt, cell_);
  const glm::vec2 extent(float(width_) * cell_, float(height_) * cell_);
  for (int y = 0; y < height_; ++y) {
    for (int x = 0; x < width_; ++x) {
      const std::size_t i = std::size_t(y) * width_ + x;
      if (!mask_.empty() && mask_[i] == 0) {
        next_h_[i] = next_v_[i] = 0.0f;
        continue;
      }
      const glm::vec2 p = position(x, y);
      const float damping = knobs.wave_damping + (reflecting ? 0.0f : shared::wave_sponge_damping(p, extent));
      const glm::vec2 neighbours = neighbour(x, y, x - 1, y, reflecting) + neighbour(x, y, x + 1, y, reflecting) +
                                   neighbour(x, y, x, y - 1, reflecting) + neighbour(x, y, x, y + 1, reflecting);
      glm::vec2 hv = shared::wave_step(cell(x, y), neighbours, k, damping, dt);
      for (const shared::WaveSource& s : held) hv = shared::wave_hold(hv, h_[i], s, p, dt);
      next_h_[i] = hv.x;
      next_v_[i] = hv.y;
    }
  }
  std::swap(h_, next_h_);
  std::swap(v_, next_v_);
}

double WaveField::energy(float speed) const {
  double e = 0.0;
  for (int y = 0; y + 1 < height_; ++y)
    for (int x = 0; x + 1 < width_; ++x) {
      const std::size_t i = std::size_t(y) * width_ + x;
      const double gx = (h_[i + 1] - h_[i]) / cell_, gy = (h_[i + width_] - h_[i]) / cell_;
      e += 0.5 * v_[i] * v_[i] + 0.5 * speed * speed * (gx * gx + gy * gy);
    }
  return e * cell_ * cell_;
}

}  // namespace lfx

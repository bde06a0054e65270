#include "liquidfx/core/ripples/ripples_simulation.h"

#include <algorithm>
#include <glm/common.hpp>
#include <glm/geometric.hpp>

namespace lfx {
namespace {

// Rings: a held point (a finger resting on the water) starts this many ripples a second,
// whatever the frame rate.
constexpr double kHeldRipplesPerSecond = 20.0;
constexpr float kHeldIntensity = 0.5f;
// The ellipse mask's semi-axes, as a share of the field's half width and height.
constexpr float kEllipseMaskScale = 0.92f;

}  // namespace

GridRect RipplesBoard::grid(glm::vec2 image) const {
  const float short_side = std::min(image.x, image.y);
  GridRect g;
  g.origin = glm::vec2(rect.x, rect.y) * image;
  g.size = glm::vec2(rect.z - rect.x, rect.w - rect.y) * image;
  g.columns = columns;
  g.rows = rows;
  g.padding = padding * short_side;
  g.margin = margin * short_side;
  return g;
}

glm::vec2 RipplesBoard::cell_uv(glm::ivec2 cell) const {
  // In a unit square the board's layout does not depend on pixels.
  return RipplePool::cell_center(grid({1.0f, 1.0f}), cell.x, cell.y, {1.0f, 1.0f});
}

RipplesSimulation::RipplesSimulation(const RipplesKnobs& knobs, RipplesSetup setup)
    : knobs_(&knobs),
      setup_(std::move(setup)),
      pool_(std::size_t(knobs.count)),
      mode_(knobs.mode),
      wave_resolution_(knobs.wave_resolution) {
  const std::size_t cells = setup_.board ? std::size_t(setup_.board->columns * setup_.board->rows) : 1;
  tile_of_cell_.resize(cells);
  for (std::size_t i = 0; i < cells; ++i) tile_of_cell_[i] = std::uint32_t(i);
}

void RipplesSimulation::knobs_changed() {
  if (pool_.capacity() != std::size_t(knobs_->count)) pool_.set_capacity(std::size_t(knobs_->count), *knobs_);
  if (mode_ != knobs_->mode || wave_resolution_ != knobs_->wave_resolution) {
    mode_ = knobs_->mode;
    wave_resolution_ = knobs_->wave_resolution;
    batches_.clear();
    carried_ = 0.0;
    ++wave_generation_;
  }
}

void RipplesSimulation::touch(glm::vec2 uv, float intensity, std::vector<RipplesSource>& drops) {
  if (knobs_->mode == RippleMode::rings) {
    pool_.add(uv, intensity, *knobs_);
  } else {
    drops.push_back({uv, knobs_->drop_radius, knobs_->drop_depth * intensity});
  }
}

void RipplesSimulation::advance(double dt, const RipplesInput& input) {
  assert(dt > 0.0);
  const RipplesKnobs& k = *knobs_;
  time_ += dt;
  pool_.advance(dt, k);
  std::vector<RipplesSource> drops;
  for (const auto& [from, to] : input.swaps) {
    assert(setup_.board && setup_.board->contains(from) && setup_.board->contains(to));
    const int columns = setup_.board->columns;
    std::swap(tile_of_cell_[std::size_t(from.y * columns + from.x)], tile_of_cell_[std::size_t(to.y * columns + to.x)]);
    touch(setup_.board->cell_uv(from), kSwapFromIntensity, drops);
    touch(setup_.board->cell_uv(to), kSwapToIntensity, drops);
  }
  for (const Touch& t : input.touches) touch(t.uv, t.intensity, drops);
  if (setup_.keep_alive && k.mode == RippleMode::rings) {
    const double life = pool_.remaining_life({glm::vec2(0.0f), pool_.time(), 1.0f, true}, k);
    const glm::vec4 r = setup_.keep_alive_rect;
    while (pool_.live() < pool_.capacity()) {
      const float u = uniform(), v = uniform();
      pool_.add(glm::mix(glm::vec2(r.x, r.y), glm::vec2(r.z, r.w), glm::vec2(u, v)), 1.0f, k, life * uniform());
    }
  }
  if (k.mode == RippleMode::rings) {
    held_budget_ = input.held.empty() ? 0.0 : held_budget_ + dt * kHeldRipplesPerSecond;
    for (; held_budget_ >= 1.0; held_budget_ -= 1.0)
      for (glm::vec2 p : input.held) pool_.add(p, kHeldIntensity, k);
    return;
  }
  WaveBatch batch;
  batch.stepping = plan_wave_steps(1.0f / float(k.wave_resolution), k.wave_speed, dt, &carried_);
  batch.drops = std::move(drops);
  for (glm::vec2 p : input.held) batch.held.push_back({p, k.drop_radius, k.drop_depth});
  batches_.push_back(std::move(batch));
}

std::vector<std::uint8_t> RipplesSimulation::wave_mask(int width, int height) const {
  if (setup_.mask == RipplesMask::none) return {};
  std::vector<std::uint8_t> mask(std::size_t(width) * std::size_t(height));
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      const glm::vec2 q = (glm::vec2(float(x), float(y)) + 0.5f) / glm::vec2(float(width), float(height)) * 2.0f - 1.0f;
      const glm::vec2 e = q / kEllipseMaskScale;
      mask[std::size_t(y) * width + x] = glm::dot(e, e) <= 1.0f ? 1 : 0;
    }
  return mask;
}

}  // namespace lfx

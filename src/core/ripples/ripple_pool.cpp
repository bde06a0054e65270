#include "liquidfx/core/ripples/ripple_pool.h"

#include <algorithm>
#include <cmath>
#include <glm/common.hpp>

namespace lfx {
namespace {

// A ripple is gone when its amplitude has fallen below this share of its intensity.
constexpr double kFaded = 0.01;

float smoothstep(float edge0, float edge1, float x) {
  const float t = std::clamp((x - edge0) / (edge1 - edge0), 0.0f, 1.0f);
  return t * t * (3.0f - 2.0f * t);
}

}  // namespace

RipplePool::RipplePool(std::size_t capacity) : slots_(std::max<std::size_t>(1, capacity)) {}

double RipplePool::remaining_life(const Ripple& r, const RipplesKnobs& knobs) const {
  if (!r.active) return 0.0;
  double life = knobs.max_radius / knobs.speed;
  if (knobs.decay > 0.0f && r.intensity > 0.0f) life = std::min(life, std::log(1.0 / kFaded) / knobs.decay);
  return std::max(0.0, life - (time_ - r.start));
}

void RipplePool::set_capacity(std::size_t capacity, const RipplesKnobs& knobs) {
  capacity = std::max<std::size_t>(1, capacity);
  std::stable_sort(slots_.begin(), slots_.end(), [&](const Ripple& a, const Ripple& b) {
    return remaining_life(a, knobs) > remaining_life(b, knobs);
  });
  slots_.resize(capacity);
}

void RipplePool::advance(double dt, const RipplesKnobs& knobs) {
  time_ += std::max(0.0, dt);
  for (Ripple& r : slots_)
    if (r.active && remaining_life(r, knobs) <= 0.0) r.active = false;
}

void RipplePool::add(glm::vec2 uv, float intensity, const RipplesKnobs& knobs, double age) {
  // A free slot, else the ripple closest to its end.
  auto slot = std::find_if(slots_.begin(), slots_.end(), [](const Ripple& r) { return !r.active; });
  if (slot == slots_.end())
    slot = std::min_element(slots_.begin(), slots_.end(), [&](const Ripple& a, const Ripple& b) {
      return remaining_life(a, knobs) < remaining_life(b, knobs);
    });
  *slot = {glm::clamp(uv, glm::vec2(0.0f), glm::vec2(1.0f)), time_ - age, intensity * knobs.intensity, true};
}

glm::vec2 RipplePool::cell_center(const GridRect& grid, int column, int row, glm::vec2 image_size) {
  const glm::vec2 inner = grid.size - 2.0f * grid.margin;
  const glm::vec2 cells(float(grid.columns), float(grid.rows));
  const glm::vec2 cell = (inner - (cells - 1.0f) * grid.padding) / cells;
  const glm::vec2 pixel =
      grid.origin + grid.margin + glm::vec2(float(column), float(row)) * (cell + grid.padding) + 0.5f * cell;
  return pixel / image_size;
}

glm::vec2 RipplePool::screen_to_uv(const GridRect& grid, glm::vec2 screen, glm::vec2 image_size) {
  return glm::clamp(screen, grid.origin, grid.origin + grid.size) / image_size;
}

void RipplePool::add_swap(const GridRect& grid, glm::ivec2 from, glm::ivec2 to, glm::vec2 image_size,
                          const RipplesKnobs& knobs) {
  add(cell_center(grid, from.x, from.y, image_size), kSwapFromIntensity, knobs);
  add(cell_center(grid, to.x, to.y, image_size), kSwapToIntensity, knobs);
}

std::size_t RipplePool::live() const {
  return std::size_t(std::count_if(slots_.begin(), slots_.end(), [](const Ripple& r) { return r.active; }));
}

std::vector<shared::RippleGpu> RipplePool::gpu(glm::vec2 image_size, const RipplesKnobs& knobs) const {
  const float short_side = std::min(image_size.x, image_size.y);
  std::vector<shared::RippleGpu> out;
  for (const Ripple& r : slots_) {
    if (!r.active) continue;
    const float age = float(time_ - r.start);
    const float radius = age * knobs.speed;
    // Exponential decay, faded out before the largest radius.
    const float amplitude =
        r.intensity * std::exp(-age * knobs.decay) * smoothstep(knobs.max_radius, knobs.max_radius * 0.7f, radius);
    if (amplitude <= 0.0f) continue;
    out.push_back({glm::vec4(r.center * image_size / short_side, radius, amplitude)});
  }
  return out;
}

shared::RippleParams RipplePool::gpu_params(const RipplesKnobs& knobs) {
  shared::RippleParams p{};
  p.ring = glm::vec4(knobs.width, knobs.distortion, knobs.max_radius, knobs.highlight);
  p.extent = glm::vec4(5.5f * knobs.width, knobs.width, 0.0f, 0.0f);
  return p;
}

}  // namespace lfx

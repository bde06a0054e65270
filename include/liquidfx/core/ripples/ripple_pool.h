// The ripple pool (a fixed set of slots, any size): ripples with a centre, a start time and an
// intensity on the pool's own clock (seconds in double precision: no wrap, no jump). When full,
// the ripple with the least remaining life is replaced. Positions are image UV (0..1, y down).
#pragma once

#include <cstddef>
#include <glm/vec2.hpp>
#include <span>
#include <vector>

#include "liquidfx/core/ripples/ripples_knobs.h"
#include "liquidfx/shared/ripples.h"

namespace lfx {

struct Ripple {
  glm::vec2 center{0.0f};  ///< Image UV.
  double start = 0.0;      ///< Pool clock at birth (seconds).
  float intensity = 0.0f;
  bool active = false;
};

/// A grid laid over a rectangle of the image (pixels): cells, the gaps between them and the
/// margin around them, as a tile puzzle's board.
struct GridRect {
  glm::vec2 origin{0.0f};  ///< Top-left corner of the rectangle, pixels.
  glm::vec2 size{1.0f};    ///< Pixels.
  int columns = 1;
  int rows = 1;
  float padding = 0.0f;  ///< Gap between cells, pixels.
  float margin = 0.0f;   ///< Border inside the rectangle around the cells, pixels.
};

/// A tile swap's ripples: where the tile came from, and where it went.
inline constexpr float kSwapFromIntensity = 1.0f;
inline constexpr float kSwapToIntensity = 0.8f;

class RipplePool {
 public:
  explicit RipplePool(std::size_t capacity = 8);

  /// Changes how many ripples can live at once (>= 1); when it shrinks, the ripples with the most
  /// life left are kept.
  void set_capacity(std::size_t capacity, const RipplesKnobs& knobs);

  /// Advances the pool's clock by dt >= 0 seconds and retires ripples that have faded.
  void advance(double dt, const RipplesKnobs& knobs);
  double time() const { return time_; }

  /// Adds a ripple at uv (clamped into [0, 1]), `age` seconds into its life.
  void add(glm::vec2 uv, float intensity, const RipplesKnobs& knobs, double age = 0.0);
  /// The centre of cell (column, row) of the grid, in UV of an image of image_size pixels.
  static glm::vec2 cell_center(const GridRect& grid, int column, int row, glm::vec2 image_size);
  /// A screen position (pixels) as UV of the grid's rectangle, clamped into it
  /// (a ripple outside would smear the edge).
  static glm::vec2 screen_to_uv(const GridRect& grid, glm::vec2 screen, glm::vec2 image_size);
  /// A tile swap: ripples at both cells, 1.0 where the tile came from and 0.8 where it went.
  void add_swap(const GridRect& grid, glm::ivec2 from, glm::ivec2 to, glm::vec2 image_size, const RipplesKnobs& knobs);

  /// Seconds a ripple has left before it has faded out (reached max_radius or decayed to 1%).
  double remaining_life(const Ripple& r, const RipplesKnobs& knobs) const;
  std::span<const Ripple> slots() const { return slots_; }
  std::size_t live() const;
  std::size_t capacity() const { return slots_.size(); }

  /// The live ripples as the ripple pass reads them, for an image of image_size pixels.
  std::vector<shared::RippleGpu> gpu(glm::vec2 image_size, const RipplesKnobs& knobs) const;
  static shared::RippleParams gpu_params(const RipplesKnobs& knobs);

 private:
  std::vector<Ripple> slots_;
  double time_ = 0.0;
};

}  // namespace lfx

// lfx::RipplesSimulation: the ripples effect's runtime, without a GPU or a scene file. It owns
// the ring pool, a puzzle board's tiles and the wave-equation steps still to run, and takes
// what happens to the water step by step (touches, held points, tile swaps). An engine drives
// it directly and draws it with gpu::RipplesRenderer; the scene layer drives it from JSON.
#pragma once

#include <cstdint>
#include <glm/vec2.hpp>
#include <glm/vec4.hpp>
#include <optional>
#include <random>
#include <span>
#include <utility>
#include <vector>

#include "liquidfx/core/ripples/ripple_pool.h"
#include "liquidfx/core/ripples/ripples_knobs.h"
#include "liquidfx/core/ripples/wave_field.h"
#include "liquidfx/core/touch.h"

namespace lfx {

/// A tile puzzle's board over the picture: a grid of cells in a rectangle of the image.
struct RipplesBoard {
  glm::vec4 rect{0.05f, 0.05f, 0.95f, 0.95f};  ///< x0, y0, x1, y1 in image fractions; x0 < x1, y0 < y1.
  int columns = 4;                             ///< 1 .. 64.
  int rows = 3;                                ///< 1 .. 64.
  float padding = 0.01f;                       ///< Gap between cells, short sides of the image.
  float margin = 0.02f;                        ///< Border inside the rectangle, short sides.

  /// The grid in pixels, for an image of `image` pixels.
  GridRect grid(glm::vec2 image) const;
  /// The centre of a cell in image UV (independent of the image's pixels).
  glm::vec2 cell_uv(glm::ivec2 cell) const;
  bool contains(glm::ivec2 cell) const { return cell.x >= 0 && cell.y >= 0 && cell.x < columns && cell.y < rows; }
};

/// Where the waves cannot go.
enum class RipplesMask { none, ellipse };

/// What a simulation is set up with (knobs aside).
struct RipplesSetup {
  std::optional<RipplesBoard> board;
  RipplesMask mask = RipplesMask::none;
  /// Rings: keep the pool full, every ripple somewhere in its life (benchmarks, ambient water),
  /// spawned inside keep_alive_rect (image fractions x0, y0, x1, y1).
  bool keep_alive = false;
  glm::vec4 keep_alive_rect{0.0f, 0.0f, 1.0f, 1.0f};
};

/// What happens to the water during one step.
struct RipplesInput {
  std::vector<Touch> touches;                            ///< A ripple (rings) or a drop (waves) each.
  std::vector<glm::vec2> held;                           ///< UV points pressed into the water all step long.
  std::vector<std::pair<glm::ivec2, glm::ivec2>> swaps;  ///< Board tiles swapped (from, to), cells on the board.
};

/// A wave source in image UV, placed in the field once the frame's size is known.
struct RipplesSource {
  glm::vec2 uv{0.0f};
  float radius = 0.0f;  ///< Short sides.
  float depth = 0.0f;   ///< Short sides.
};

/// Waves: one step's work: its sub-steps, the drops that start it, the points held throughout.
struct WaveBatch {
  WaveStepping stepping;
  std::vector<RipplesSource> drops, held;
};

class RipplesSimulation {
 public:
  /// `knobs` is read on every call and must outlive the simulation: its owner changes it live
  /// and then calls knobs_changed().
  RipplesSimulation(const RipplesKnobs& knobs, RipplesSetup setup);

  /// The pool follows `count`; a new mode or wave resolution restarts the waves.
  void knobs_changed();

  /// Advances by dt > 0 seconds: swaps, then touches, then held points.
  void advance(double dt, const RipplesInput& input);
  double time() const { return time_; }

  const RipplesKnobs& knobs() const { return *knobs_; }
  const RipplesSetup& setup() const { return setup_; }
  const RipplePool& pool() const { return pool_; }
  RipplePool& pool() { return pool_; }
  /// Board cell i shows tile tile_of_cell()[i] (row-major); one cell when there is no board.
  std::span<const std::uint32_t> tile_of_cell() const { return tile_of_cell_; }

  /// Waves: the batches not drawn yet, in order (a frame that is not drawn keeps its steps).
  /// The renderer takes them once per frame.
  std::vector<WaveBatch> take_wave_batches() { return std::exchange(batches_, {}); }
  /// Waves: bumped whenever the field must start again from still water.
  std::uint64_t wave_generation() const { return wave_generation_; }
  /// Waves: the mask for a field of width x height cells (1 water, 0 wall), empty for none.
  std::vector<std::uint8_t> wave_mask(int width, int height) const;

 private:
  void touch(glm::vec2 uv, float intensity, std::vector<RipplesSource>& drops);
  float uniform() { return std::uniform_real_distribution<float>(0.0f, 1.0f)(rng_); }

  const RipplesKnobs* knobs_;
  RipplesSetup setup_;
  RipplePool pool_;
  std::vector<std::uint32_t> tile_of_cell_;
  std::vector<WaveBatch> batches_;
  double time_ = 0.0;
  double carried_ = 0.0;      // wave time not yet stepped
  double held_budget_ = 0.0;  // rings: ripples owed to held points
  std::uint64_t wave_generation_ = 0;
  RippleMode mode_;
  int wave_resolution_;
  std::mt19937 rng_{1};  // keep-alive placement
};

}  // namespace lfx

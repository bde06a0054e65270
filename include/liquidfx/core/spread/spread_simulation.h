// lfx::SpreadSimulation: liquid lying on a picture (foundation, paint, sauce) that strokes push
// around - the CPU reference of the spread effect, step for step what the GPU runs.
//
// Lengths are in units of the frame's short side, origin at the top left: x runs over
// [0, aspect] and y over [0, 1] on a landscape frame. Two grids cover the frame:
// - velocity: a staggered (MAC) grid of `cells` on the short side; each step advects it
//   (semi-Lagrangian), adds the strokes' drag, diffuses it (viscosity), damps it where there is
//   no liquid and projects it to zero divergence (multigrid V-cycles on the closed box);
// - thickness: `thickness_cells` on the short side; moved in flux form by the velocity plus
//   the strokes' plow (the finger carries the liquid under it: it piles up ahead and thins
//   behind), sub-stepped by the CFL number, so the volume is kept to round-off and no cell goes
//   negative; what lies above `pile_height` then levels out down its own slope (conservative
//   too). Pigments move with the same fluxes; the colour is their thickness-weighted mix.
#pragma once

#include <cstdint>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <span>
#include <vector>

#include "liquidfx/core/result.h"
#include "liquidfx/core/spread/spread_knobs.h"

namespace lfx {

/// A hemispherical blob of liquid.
struct SpreadBlob {
  glm::vec2 centre{0.5f, 0.5f};
  float radius = 0.2f;   ///< Short sides.
  float amount = 0.02f;  ///< Thickness at the centre (short sides).
  glm::vec3 color{0.8f, 0.6f, 0.5f};
};

/// A finger moving from `from` to `to` during one step, touching a disc of `radius`.
struct SpreadStroke {
  glm::vec2 from, to;
  float radius = 0.05f;
};

/// Pigments the liquid can carry at once (blobs of one colour share one).
inline constexpr int kSpreadPigments = 4;

/// The pigment plane of `color` among `colors` (blobs of one colour share one), appending it when
/// it is new; -1 when it would be a fifth colour.
int pigment_plane(std::vector<glm::vec3>& colors, const glm::vec3& color);

/// A grid of floats, row-major, cell (i, j) at column i and row j.
struct SpreadField {
  int nx = 0, ny = 0;
  std::vector<float> values;
  SpreadField() = default;
  SpreadField(int x, int y, float fill = 0.0f) : nx(x), ny(y), values(std::size_t(x) * std::size_t(y), fill) {}
  float& at(int i, int j) { return values[std::size_t(j) * std::size_t(nx) + std::size_t(i)]; }
  float at(int i, int j) const { return values[std::size_t(j) * std::size_t(nx) + std::size_t(i)]; }
};

class SpreadSimulation {
 public:
  /// The most cells one field may have: a pigment field of 16 bytes a cell fits 128 MiB, the
  /// smallest storage-buffer range Vulkan devices commonly offer.
  static constexpr std::uint64_t kMaxGridCells = std::uint64_t(1) << 23;
  /// Checks that `cells` and `thickness_cells` fit kMaxGridCells at this aspect; the error
  /// names the knob and the cells it would need.
  static Result<void> check_grid(const SpreadKnobs& knobs, float aspect);

  /// `aspect`: the frame's width over its height (check_grid first).
  SpreadSimulation(const SpreadKnobs& knobs, float aspect);

  /// Re-grids after `cells` or `thickness_cells` changed (the liquid is resampled, its volume
  /// kept).
  void knobs_changed();
  /// Adds a blob; false when it needs a fifth pigment colour.
  bool add_blob(const SpreadBlob& blob);
  /// One step of `dt` seconds (> 0) with the strokes made during it.
  void advance(double dt, std::span<const SpreadStroke> strokes);

  double time() const { return time_; }
  glm::vec2 extent() const { return extent_; }  ///< (aspect, 1) or (1, 1 / aspect).
  /// Total liquid (bulk and film, short sides cubed).
  double volume() const;
  float min_thickness() const;
  float max_thickness() const;
  /// RMS divergence of the velocity (1/s) before and after the last step's projection.
  double divergence_before() const { return divergence_before_; }
  double divergence_after() const { return divergence_after_; }

  const SpreadField& velocity_x() const { return u_; }      ///< (nx + 1) x ny, on vertical faces.
  const SpreadField& velocity_y() const { return v_; }      ///< nx x (ny + 1), on horizontal faces.
  const SpreadField& thickness() const { return h_; }       ///< The moving liquid.
  const SpreadField& film() const { return film_; }         ///< Left where it passed (film traces).
  const SpreadField& coverage() const { return history_; }  ///< Largest coverage seen (history traces).
  const SpreadField& pigment(int k) const { return pigments_[std::size_t(k)]; }            ///< In the moving liquid.
  const SpreadField& film_pigment(int k) const { return film_pigments_[std::size_t(k)]; }  ///< In the film.
  std::span<const glm::vec3> pigment_colors() const { return colors_; }

  /// The velocity at a point (bilinear on the staggered grid), short sides a second.
  glm::vec2 velocity_at(glm::vec2 p) const;

 private:
  void regrid();
  void advect_velocity(float dt);
  void apply_strokes(float dt, std::span<const SpreadStroke> strokes);
  void confine_vorticity(float dt);
  void diffuse_and_damp(float dt);
  void project();
  void move_liquid(float dt, std::span<const SpreadStroke> strokes);
  void semi_lagrangian_step(float dt, const SpreadField& face_x, const SpreadField& face_y);
  void leave_traces(float dt, const SpreadField& face_x, const SpreadField& face_y);
  // The thickness transport velocity on the thickness grid's faces: the flow plus the plow.
  void transport_faces(std::span<const SpreadStroke> strokes, float dt, SpreadField& face_x, SpreadField& face_y) const;

  const SpreadKnobs& knobs_;
  glm::vec2 extent_;
  int cells_ = 0, thickness_cells_ = 0;
  double time_ = 0.0;
  double divergence_before_ = 0.0, divergence_after_ = 0.0;
  SpreadField u_, v_, pressure_;
  SpreadField h_, film_, history_;
  std::vector<SpreadField> pigments_, film_pigments_;
  std::vector<glm::vec3> colors_;
};

}  // namespace lfx

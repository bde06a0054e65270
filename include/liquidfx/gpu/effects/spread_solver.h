// lfx::gpu::SpreadSolver: the spread effect's simulation on compute shaders, step for step
// SpreadSimulation's (the CPU reference): velocity advection, the strokes' drag, viscosity,
// damping where dry, a multigrid pressure projection; the thickness and its pigments moved in
// flux form through the flow plus the plow, sub-stepped by the CFL number (the GPU counts the
// sub-steps it needs; the recording holds enough); traces; statistics read back
// asynchronously.
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "liquidfx/core/result.h"
#include "liquidfx/core/spread/spread_simulation.h"
#include "liquidfx/gpu/buffer.h"
#include "liquidfx/gpu/context.h"
#include "liquidfx/gpu/pipeline.h"
#include "liquidfx/gpu/readback_ring.h"
#include "liquidfx/gpu/timing.h"
#include "liquidfx/shared/spread.h"

namespace lfx::gpu {

struct SpreadStats {
  double time = 0.0;    ///< Simulated time of the step they describe (s).
  double volume = 0.0;  ///< Bulk and film (short sides cubed).
  double min_thickness = 0.0, max_thickness = 0.0;
  double divergence_before = 0.0, divergence_after = 0.0;  ///< RMS (1/s), around the projection.
  double tiles_run = 0.0;  ///< Share of the thickness tiles the step ran on (the rest are beyond any liquid's reach).
};

class SpreadSolver {
 public:
  /// Takes its grids, its liquid and its velocity from `state` (blobs are laid out on the CPU).
  static Result<std::unique_ptr<SpreadSolver>> create(Context& ctx, const SpreadKnobs& knobs,
                                                      const SpreadSimulation& state);
  /// Starts again from `state` (blobs added, a knob that re-grids): buffers are replaced, the
  /// old ones retired.
  Result<void> reset(const SpreadSimulation& state);

  /// Adds a blob to the running liquid (laid down with the next step recorded); an error when it
  /// needs a fifth colour.
  Result<void> add_blob(const SpreadBlob& blob);

  /// Records one step of dt (> 0) seconds with the strokes made during it (at most
  /// kSpreadMostStrokes; more are dropped).
  void record_step(VkCommandBuffer cmd, double dt, std::span<const SpreadStroke> strokes, GpuTimer* timer);

  /// Records the statistics of the last step recorded and their read-back (once a frame).
  void record_stats(VkCommandBuffer cmd, GpuTimer* timer);
  /// The newest statistics whose step has completed on the GPU.
  std::optional<SpreadStats> stats() const;

  /// Blocking read-back of the moving liquid and its pigment planes (tests, tools).
  struct Fields {
    SpreadField thickness, film, history;
    std::vector<SpreadField> pigments;
  };
  Result<Fields> read_fields();
  /// Blocking read-back of the thickness tiles' marks (fields.glsl's TileFlags), a tile a value,
  /// row by row: whether it holds liquid, and whether a stain shows on it (film, or traces above
  /// kSpreadTraceShown) for the shading to draw it though dry.
  struct TileMarks {
    glm::ivec2 tiles;  // across and down, kSpreadThicknessTile cells a side
    std::vector<bool> wet, stained;
  };
  Result<TileMarks> read_tile_marks();

  // What a renderer reads (the current buffers, as texels: 32-bit words, which a CPU driver loads
  // with one gather where it loads a storage buffer lane by lane), and the grid.
  VkBufferView thickness_texels() const { return h_[current_h_].word_texels(); }
  VkBufferView pigment_texels() const { return pigments_[current_h_].word_texels(); }
  VkBufferView film_texels() const { return film_.word_texels(); }
  /// Whether the film may hold liquid by the end of this frame's steps: film traces are on, or a
  /// step ran with them, or the liquid was laid out with film, since the last reset (until then
  /// the film fields are all zero).
  bool film_laid() const { return film_laid_ || knobs_.traces == SpreadTraces::film; }
  VkBufferView film_pigment_texels() const { return film_pigments_.word_texels(); }
  VkBufferView history_texels() const { return history_.word_texels(); }
  VkBuffer tile_flags() const { return tile_flags_.handle(); }  ///< fields.glsl's TileFlags
  /// Counts the changes of the fields the shading reads (thickness, pigments, film, history,
  /// the tiles' flags): the same number, the same fields.
  std::uint64_t fields_version() const { return fields_version_; }
  glm::ivec2 thickness_grid() const { return grid_; }
  std::uint32_t pigment_count() const { return std::uint32_t(colors_.size()); }
  /// The pigment planes the buffers hold and the passes carry: one for each colour, or none for
  /// a liquid of one colour, whose amount is its thickness (the planes would only repeat it, at a
  /// third of the thickness step's loads).
  std::uint32_t pigment_planes() const { return pigment_count() > 1 ? pigment_count() : 0u; }
  std::span<const glm::vec3> pigment_colors() const { return colors_; }

 private:
  explicit SpreadSolver(Context& ctx, const SpreadKnobs& knobs) : ctx_(ctx), knobs_(knobs) {}
  // Lays the first colour's planes when a second colour arrives (see pigment_planes()).
  void record_planes(VkCommandBuffer cmd);
  void bind(VkCommandBuffer cmd, const Pipeline& pipeline, const shared::SpreadPush& push) const;
  void dispatch(VkCommandBuffer cmd, const Pipeline& pipeline, const shared::SpreadPush& push, std::uint32_t threads,
                std::uint32_t group = 64) const;
  void record_v_cycle(VkCommandBuffer cmd, shared::SpreadPush push, std::size_t level, bool red_relaxed = false) const;
  // Whether multigrid level `level` and those below it run in one workgroup (multigrid_group.comp).
  bool in_group(std::size_t level) const;
  void record_flow(VkCommandBuffer cmd, shared::SpreadPush push, int diffusion_steps);
  // `bound_raised`: the projection's gradient raised the swept scheme's bound on the transport.
  void record_thickness(VkCommandBuffer cmd, shared::SpreadPush push, std::uint32_t most,
                        std::span<const shared::SpreadStrokeGpu> strokes, bool bound_raised);
  void record_tiles(VkCommandBuffer cmd, shared::SpreadPush push) const;
  // The listed tiles' indirect dispatch arguments, made ready for dispatch_tiles.
  void record_tile_args(VkCommandBuffer cmd) const;
  /// The thickness grid's tiles along x and y (kSpreadThicknessTile cells a side, the last partial).
  glm::ivec2 tile_grid() const { return (grid_ + shared::kSpreadThicknessTile - 1) / shared::kSpreadThicknessTile; }
  // A workgroup kSpreadTilesPerGroup listed tiles (fields.glsl's listed_slot).
  void dispatch_tiles(VkCommandBuffer cmd, const Pipeline& pipeline, const shared::SpreadPush& push) const;
  // The variant bit of the passes made for a liquid of one colour (fields.glsl's pigment_planes),
  // and the push's: set where it has no pigment planes.
  static constexpr std::uint32_t kOneColourBit = 1u << LFX_SPREAD_ONE_COLOUR_CONSTANT;
  static std::uint32_t colour_bit(const shared::SpreadPush& push) { return push.pigments == 0 ? kOneColourBit : 0u; }
  // A pass whose mode is a specialisation constant (spread/mode.glsl): a variant for each of its
  // first `modes` modes, the push's mode picks one (and its colours, where it has kOneColourBit).
  struct ModedPipeline {
    SpecializedComputePipeline variants;
    std::uint32_t modes;
    const Pipeline& get(const shared::SpreadPush& push) const {
      return variants.get(push.mode << LFX_SPREAD_MODE_BIT0_CONSTANT | colour_bit(push));
    }
  };
  static constexpr std::uint32_t kModeBits = 7u << LFX_SPREAD_MODE_BIT0_CONSTANT;
  static ModedPipeline moded(const char* shader, std::uint32_t modes, std::uint32_t other_constants = 0) {
    return {{shader, sizeof(shared::SpreadPush), kModeBits | other_constants}, modes};
  }
  void bind(VkCommandBuffer cmd, const ModedPipeline& pass, const shared::SpreadPush& push) const {
    bind(cmd, pass.get(push), push);
  }
  void dispatch(VkCommandBuffer cmd, const ModedPipeline& pass, const shared::SpreadPush& push,
                std::uint32_t threads) const {
    dispatch(cmd, pass.get(push), push, threads);
  }

  Context& ctx_;
  const SpreadKnobs& knobs_;
  Pipeline blob_, forces_, divergence_, multigrid_group_;
  ModedPipeline advect_ = moded("spread/advect.comp", 4), diffuse_ = moded("spread/diffuse.comp", 2),
                gradient_ = moded("spread/gradient.comp", 2), reduce_ = moded("spread/reduce.comp", 2),
                multigrid_ = moded("spread/multigrid.comp", 5), vorticity_ = moded("spread/vorticity.comp", 2),
                level_ = moded("spread/level.comp", 2, kOneColourBit), activate_ = moded("spread/activate.comp", 4);
  // The transport on the faces: every face, or (kListedFacesBit) the listed tiles' only, without
  // the plow, then (kPlowedFacesBit) with it where it may reach.
  static constexpr std::uint32_t kListedFacesBit = 1u << LFX_SPREAD_LISTED_FACES_CONSTANT;
  static constexpr std::uint32_t kPlowedFacesBit = 1u << LFX_SPREAD_PLOWED_FACES_CONSTANT;
  SpecializedComputePipeline faces_{"spread/faces.comp", sizeof(shared::SpreadPush), kListedFacesBit | kPlowedFacesBit};
  // The box of thickness tiles (first, and how many across and down) where the strokes' plow may
  // reach a face: faces.comp's plowed variant runs on it. Empty without strokes.
  struct TileBox {
    glm::ivec2 first{0}, count{0};
  };
  TileBox plowed_tiles(std::span<const shared::SpreadStrokeGpu> strokes) const;
  // The swept scheme's departures and sweep along x or (kAlongYBit) y; the traces, the film's
  // (kFilmTracesBit).
  static constexpr std::uint32_t kAlongYBit = 1u << LFX_SPREAD_ALONG_Y_CONSTANT;
  static constexpr std::uint32_t kFilmTracesBit = 1u << LFX_SPREAD_FILM_TRACES_CONSTANT;
  // traces.comp's variant that reads the film (some may lie: film_laid).
  static constexpr std::uint32_t kAnyFilmBit = 1u << LFX_SPREAD_FILM_CONSTANT;
  SpecializedComputePipeline departures_{"spread/departures.comp", sizeof(shared::SpreadPush), kAlongYBit};
  SpecializedComputePipeline sweep_{"spread/sweep.comp", sizeof(shared::SpreadPush), kAlongYBit | kOneColourBit};
  SpecializedComputePipeline traces_{"spread/traces.comp", sizeof(shared::SpreadPush),
                                     kFilmTracesBit | kOneColourBit | kAnyFilmBit};
  Pipeline transport_bound_, substeps_, flux_, limit_, apply_, settle_, seed_, tile_args_;
  glm::ivec2 cells_{0}, grid_{0};
  std::vector<glm::ivec2> levels_;  // multigrid levels, finest first
  std::vector<std::uint32_t> level_offsets_;
  std::vector<glm::vec3> colors_;  // each pigment plane's
  struct PendingBlob {
    SpreadBlob blob;
    std::uint32_t plane;
  };
  std::vector<PendingBlob> pending_blobs_;
  double time_ = 0.0;
  float last_fastest_ = 0.0f;  // the fastest transport speed read back (it bounds the slots recorded)
  // Nothing moves until a stroke: the flow and the pressure are exactly zero (laid out so, and no
  // stroke since), so the velocity and projection passes would give zero again and are skipped.
  bool flow_still_ = false;
  double changed_at_ = 0.0;  // when the last step with strokes or blobs ended (or the layout)
  // Counts the steps that may have changed a field (and the layouts), fields_version().
  std::uint64_t fields_version_ = 0;
  // The version the statistics were last reduced at: while it is the fields', their partial sums
  // still hold and are copied again without a reduction (a liquid at rest pays for none).
  std::uint64_t reduced_version_ = ~0ull;
  shared::SpreadPush last_thickness_push_{};  // the last step that ran the thickness passes
  // Whether the thickness buffer other than the current one holds nothing on the tiles that do
  // not run (the swept scheme's y sweep reads it there); another scheme's step breaks it.
  bool other_buffer_empty_ = false;
  bool film_laid_ = false;         // see film_laid()
  std::uint32_t planes_held_ = 0;  // the pigment planes the buffers hold (pigment_planes() once laid)
  bool poison_pending_ = false;    // debug builds: the unset buffers are filled at the next step
  bool thickness_settled(const shared::SpreadPush& push) const;
  Buffer u_[2], v_[2], u_back_, v_back_, pressure_, rhs_;
  Buffer h_[2], pigments_[2], film_, film_pigments_, history_;
  Buffer face_x_, face_y_, flux_x_, flux_y_, scale_, control_, strokes_, partials_, curl_;
  Buffer tile_flags_, tile_list_;  // the thickness tiles: which run this step and which hold liquid; those that run
  int current_velocity_ = 0, current_h_ = 0;
  shared::SpreadPush last_push_{};  // the last step's, for its statistics
  std::uint32_t partial_stride_ = 0;
  ReadbackRing readbacks_;  // control (2 uints), then the partials
};

}  // namespace lfx::gpu

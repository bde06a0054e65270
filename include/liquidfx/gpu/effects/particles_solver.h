// lfx::gpu::ParticlesSolver: runs a ParticlesDriver's steps on the GPU (compute only).
//
// Each step: emission (appended after the live particles, up to the capacity), particle to grid
// (fixed-point atomics), the grid's velocity (gravity, tank walls, colliders; the incompressible
// solver then projects it: a pressure solve by conjugate gradients on the liquid cells), grid to
// particle (APIC, density, foam, the move kept outside every solid). Every few steps a counting sort by grid
// cell (atomic counts, a GPU prefix sum, scatter ranked by id) puts neighbours next to each
// other in memory, drains the sinks and mixes colours. The live count stays on the GPU, with the
// indirect dispatch arguments beside it; statistics come back asynchronously.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>

#include "liquidfx/core/particles/particles_driver.h"
#include "liquidfx/core/result.h"
#include "liquidfx/gpu/buffer.h"
#include "liquidfx/gpu/context.h"
#include "liquidfx/gpu/particle_source.h"
#include "liquidfx/gpu/pipeline.h"
#include "liquidfx/gpu/readback_ring.h"
#include "liquidfx/gpu/timing.h"

namespace lfx::gpu {

/// The liquid's state as of a recorded frame, read back once its work completed.
struct ParticleStats {
  double time = 0.0;       ///< Simulated seconds when measured.
  std::uint32_t live = 0;  ///< Particles.
  /// The particles issued by then (ParticlesDriver::issued): with the driver's count now, how
  /// many it has issued since, which live does not count yet.
  std::uint32_t issued = 0;
  /// The particles the absorbers had taken by then, in all (their containers are credited when
  /// the solver next prepares: absorbed_credited()).
  std::uint64_t absorbed = 0;
  /// The particles at rest (slower than settle_speed) outside every container they fill (0
  /// without any).
  std::uint64_t spilled = 0;
  double kinetic_energy = 0.0;  ///< J.
  double largest_speed = 0.0;   ///< m/s.
  double density_error = 0.0;   ///< Mean of max(density / rest - 1, 0) (compression).
  double front = 0.0;           ///< Largest distance of a particle from the tank's left wall (m).
  /// The particles' mean height above the tank's floor (m): half the depth of a flat liquid at
  /// rest, so it shows the volume a liquid at rest loses or gains.
  double mean_height = 0.0;
  /// Incompressible: the last step's pressure-solve iterations, and the divergence it left
  /// (the residual's norm over the divergence's before the solve).
  std::uint32_t pressure_iterations = 0;
  double divergence_residual = 0.0;
  /// Solver steps a 1/60 s since the statistics before (the clock joins slots while the liquid
  /// moves slowly; otherwise the driver's steps_per_60th).
  double steps_per_60th = 0.0;
};

class ParticlesSolver {
 public:
  /// Runs `driver`'s steps (the driver must outlive the solver). `grouped_p2g`: whether the
  /// incompressible solver's particle-to-grid sums runs of particles in registers before its
  /// atomics (the same sums to the bit); by default on a CPU driver, which runs atomics lane by
  /// lane, and not on a GPU.
  static Result<std::unique_ptr<ParticlesSolver>> create(Context& ctx, ParticlesDriver& driver,
                                                         std::optional<bool> grouped_p2g = std::nullopt);

  /// Takes the driver's queued steps and makes the buffers they need (the only failure point).
  Result<void> prepare();
  /// Steps prepared and not recorded yet (a frame after a long advance holds many).
  std::size_t pending_steps() const { return work_.steps.size(); }
  /// Records the first `max_steps` of the prepared steps (all by default: a frame's), and once
  /// none is left the statistics and their read-back. Batches recorded in turn into command
  /// buffers submitted in that order give the same liquid as one recording. Cannot fail.
  void record(VkCommandBuffer cmd, GpuTimer* timer, std::size_t max_steps = SIZE_MAX);

  /// The records (ParticleRecord) and the live count, for renderers and hosts.
  ParticleSource source() const;
  /// The newest statistics whose frame completed; std::nullopt before the first.
  std::optional<ParticleStats> stats() const;
  /// The particles the absorbers' containers have been given so far (at prepare, from the
  /// newest statistics).
  std::uint64_t absorbed_credited() const;

  const Buffer& records() const { return records_; }
  const Buffer& states() const { return states_; }
  const Buffer& counts() const { return counts_; }
  /// The last sort's bucket offsets (grid nodes + 2 entries) and per-particle bucket keys.
  const Buffer& bucket_offsets() const { return offsets_; }
  const Buffer& bucket_keys() const { return keys_; }

 private:
  ParticlesSolver(Context& ctx, ParticlesDriver& driver) : ctx_(ctx), driver_(driver) {}
  Result<void> make_buffers();
  void record_step(VkCommandBuffer cmd, GpuTimer* timer, const ParticleStep& step);
  /// The incompressible solver's grid: faces, the pressure solve, the projection, extrapolation
  /// (particles_projection.cpp).
  void record_projection(VkCommandBuffer cmd, GpuTimer* timer);
  /// The pressure solve's z = M r for the residual in the pressure buffer, and the partial sums
  /// of r . z and |r|^2 (particles_projection.cpp).
  void record_precondition(VkCommandBuffer cmd);
  /// A preconditioner pass at multigrid level `level` (0: the listed bricks).
  void run_precondition(VkCommandBuffer cmd, std::uint32_t mode, std::size_t level);
  /// The pressure solve runs the multigrid preconditioner (the knob, and a grid with levels).
  bool multigrid() const;
  bool incompressible() const { return driver_.knobs().solver == ParticleSolverKind::incompressible; }
  /// Adds `count` records of the emission buffer from `first` to the live particles.
  void record_emit(VkCommandBuffer cmd, GpuTimer* timer, std::uint32_t first, std::uint32_t count,
                   std::uint32_t first_id, float dt);
  void record_sort(VkCommandBuffer cmd, GpuTimer* timer, const ParticleStep& step);
  void record_stats(VkCommandBuffer cmd, GpuTimer* timer);
  /// Where a pass's workgroups come from: counted here, or read from a GPU buffer (indirect).
  struct Dispatch {
    glm::uvec3 groups{1u};
    VkBuffer indirect = VK_NULL_HANDLE;  ///< With the arguments at `offset`.
    VkDeviceSize offset = 0;
  };
  /// A workgroup per 64 live particles (the live count's indirect arguments).
  Dispatch per_particle() const;
  /// A step's passes, from the clock's arguments (none inside a joined step): a workgroup per
  /// 64 live particles, every grid node (or cell), or one workgroup.
  Dispatch step_dispatch(std::size_t offset) const;
  Dispatch step_particles() const { return step_dispatch(offsetof(shared::ParticleClock, particle_dispatch)); }
  Dispatch step_nodes() const { return step_dispatch(offsetof(shared::ParticleClock, node_dispatch)); }
  Dispatch step_once() const { return step_dispatch(offsetof(shared::ParticleClock, once_dispatch)); }
  /// Binds `pipeline` with every buffer (`swap_faces` exchanges the faces and their
  /// extrapolated copy) and `push` (none when empty), dispatches, and puts the barrier the next
  /// pass needs after it.
  void run(VkCommandBuffer cmd, const Pipeline& pipeline, std::span<const std::byte> push, Dispatch dispatch,
           bool swap_faces = false) const;
  template <class Push>
  void run(VkCommandBuffer cmd, const Pipeline& pipeline, const Push& push, Dispatch dispatch,
           bool swap_faces = false) const {
    run(cmd, pipeline, std::as_bytes(std::span(&push, 1)), dispatch, swap_faces);
  }
  /// A pass without push constants (a step's passes read the clock's step values).
  void run(VkCommandBuffer cmd, const Pipeline& pipeline, Dispatch dispatch, bool swap_faces = false) const {
    run(cmd, pipeline, std::span<const std::byte>(), dispatch, swap_faces);
  }

  Context& ctx_;
  ParticlesDriver& driver_;
  Pipeline clock_pass_, emit_, commit_, p2g_, sort_count_, scan_, sort_slot_, sort_scatter_, stats_;
  Pipeline pressure_setup_, pressure_apply_, pressure_update_, pressure_reduce_, pressure_bricks_, mac_extrapolate_,
      grid_region_;
  // The passes that read the colliders (and g2p_mac the FLIP share), made for the features the
  // prepared steps use (features_: a bit per LFX_PARTICLES_*_CONSTANT) on first use.
  static constexpr std::uint32_t kMeshCollidersBit = 1u << LFX_PARTICLES_MESH_COLLIDERS_CONSTANT;
  static constexpr std::uint32_t kFlipBit = 1u << LFX_PARTICLES_FLIP_CONSTANT;
  static constexpr std::uint32_t kGroupedP2gBit = 1u << LFX_PARTICLES_GROUPED_P2G_CONSTANT;
  SpecializedComputePipeline grid_update_{"particles/grid_update.comp", 0, kMeshCollidersBit};
  SpecializedComputePipeline g2p_{"particles/g2p.comp", 0, kMeshCollidersBit};
  SpecializedComputePipeline mac_cells_{"particles/mac_cells.comp", 0, kMeshCollidersBit};
  SpecializedComputePipeline mac_faces_{"particles/mac_faces.comp", 0, kMeshCollidersBit};
  SpecializedComputePipeline mac_project_{"particles/mac_project.comp", 0, kMeshCollidersBit};
  SpecializedComputePipeline g2p_mac_{"particles/g2p_mac.comp", 0, kMeshCollidersBit | kFlipBit};
  SpecializedComputePipeline p2g_mac_{"particles/p2g_mac.comp", 0, kGroupedP2gBit};
  std::uint32_t features_ = 0;
  bool grouped_p2g_ = false;  // p2g groups its runs (kGroupedP2gBit): by default on a CPU driver
  /// The features of the prepared steps, and their variants of the passes the solver runs.
  Result<void> prepare_features();
  // The pressure preconditioner's passes, by kPrecondition* number, each with a variant for level
  // 0, one for level 1 and one for the coarser levels (level_bits).
  static constexpr std::uint32_t kFinestLevelBit = 1u << LFX_PARTICLES_FINEST_LEVEL_CONSTANT;
  static constexpr std::uint32_t kSecondLevelBit = 1u << LFX_PARTICLES_SECOND_LEVEL_CONSTANT;
  static std::uint32_t level_bits(std::size_t level);
  std::array<SpecializedComputePipeline, shared::kPreconditionPasses> precondition_;
  /// The preconditioner's variants at the levels the solve runs them on.
  Result<void> prepare_preconditioner();
  ParticleWork work_;   // prepared, not yet recorded
  bool built_ = false;  // buffers exist for the driver's capacity and grid
  Buffer records_, states_, unsorted_records_, unsorted_states_, counts_;
  Buffer grid_, grid_velocity_;
  Buffer bucket_counts_, offsets_, block_sums_, keys_, order_;
  Buffer emitted_, colliders_, distance_grids_, distance_values_, sinks_, partials_;
  // The incompressible solver's (one element each when the solver is wcmpm).
  Buffer cells_, pressure_, directions_, pressure_partials_, solve_, face_scratch_, brick_flags_, brick_list_;
  // The pressure preconditioner's multigrid levels: their cells along each axis (level 0 the
  // grid's), and the coarse levels' cells (shaders/particles/pressure_precondition.glsl).
  std::vector<glm::ivec3> levels_;
  Buffer multigrid_;
  // The grid region the per-node passes run on (shaders/particles/grid_region.glsl).
  Buffer region_;
  Dispatch per_region_brick() const { return {.indirect = region_.handle(), .offset = 4 * sizeof(std::uint32_t)}; }
  // The clock's decision for the slot being recorded, and the step values the passes read.
  Buffer clock_, step_;
  ReadbackRing readbacks_;    // counts, then the partials
  std::uint32_t issued_ = 0;  // the particles issued up to the last step recorded
  // The absorbers' regions, where they are this frame, and what each has taken since the start
  // (on the GPU; credited: what its container has been given).
  Buffer absorbers_, absorbed_;
  std::array<std::uint32_t, shared::kMaxParticleAbsorbers> credited_{};
  std::array<glm::uvec3, shared::kMaxParticleAbsorbers> credited_color_{};  // the colour sums credited
  std::uint32_t absorber_seed_ = 0;
  std::uint32_t first_absorber_grid_ = 0;  // its index among the distance grids
  void credit_absorbers();
  void record_absorbers(VkCommandBuffer cmd);
};

}  // namespace lfx::gpu

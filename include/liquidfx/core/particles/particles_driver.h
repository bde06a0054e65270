// The CPU half of the particle liquid: the fixed solver clock, and what each solver step needs
// from the scene (the particles emitted at that step, the colliders' poses and velocities).
// The GPU half (gpu::ParticlesSolver) runs the steps. Nothing per particle is simulated here;
// emission makes the new particles' first records, a handful per step.
//
// The clock runs in slots of a fixed dt = 1 / (60 x substeps) whatever the frame rate, queued a
// block at a time once the frame passed the block's end, so the same scene at 30 and 120 fps
// runs the same slots. A slot is one solver step, except in the incompressible solver with
// derived substeps: there a block spans 1/(60 x steps_at_rest) s (the knob, 1 by default), and
// the GPU joins its slots into fewer steps while the liquid moves slowly
// (shaders/particles/clock.comp).
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

#include "liquidfx/core/particles/particles_knobs.h"
#include "liquidfx/core/particles/particles_setup.h"
#include "liquidfx/shared/particles.h"

namespace lfx {

/// One slot of the solver's clock as the GPU records it: a step, or a part of a joined one.
struct ParticleStep {
  std::uint64_t index = 0;       ///< Slots since the (re)start.
  double time = 0.0;             ///< Seconds at the slot's start.
  float dt = 0.0f;               ///< Seconds.
  std::uint32_t slots_left = 1;  ///< This slot and the rest of its block: the most a step may join.
  float outside_speed = 0.0f;    ///< The fastest a collider's surface moves in the slot (m/s).
  std::uint32_t emit_first = 0;  ///< Its range of ParticleWork::emitted.
  std::uint32_t emit_count = 0;
  std::uint32_t first_id = 0;        ///< Id of its first emitted particle.
  std::uint32_t collider_first = 0;  ///< Its range of ParticleWork::colliders (collider_count long).
  bool reorder = false;              ///< Sort by cell after the step (and drain the sinks).
};

/// The steps since the GPU last took them, with everything they read.
struct ParticleWork {
  std::vector<ParticleStep> steps;
  std::vector<shared::ParticleRecord> emitted;
  std::vector<shared::ParticleCollider> colliders;
  std::uint32_t collider_count = 0;  ///< Colliders per step.
  bool restart = false;              ///< The particles are gone: start from empty (count changed).
  /// With a restart: the first `placed` of `emitted` (the blocks) are there before any step, so
  /// the picture at time 0 shows them; their ids are 0 to placed - 1.
  std::uint32_t placed = 0;
};

/// The solver's grid: nodes at grid_origin + i x cell, covering the domain with a margin.
struct ParticleGrid {
  glm::vec3 origin{0.0f};
  float cell = 0.0f;
  glm::ivec3 nodes{0};
  std::uint64_t node_count() const { return std::uint64_t(nodes.x) * nodes.y * nodes.z; }
};

class ParticlesDriver {
 public:
  /// The largest grid the solver allocates (nodes).
  static constexpr std::uint64_t kMaxGridNodes = std::uint64_t(1) << 25;
  /// The farthest a particle moves in a step (cells): half a cell keeps the B-spline stencil
  /// valid, and no wall is crossed unseen.
  static constexpr float kSpeedLimitCells = 0.5f;

  /// Checks the setup, derives the spacing and the grid. `knobs` is read through the reference
  /// (the owner changes it and calls knobs_changed()).
  static Result<ParticlesDriver> create(const ParticlesKnobs& knobs, ParticlesSetup setup);

  /// After a knob changed: a new `count` restarts the liquid (a refusal if its grid would be
  /// too big); the others apply from the next step.
  Result<void> knobs_changed();

  /// Plays dt seconds (> 0): the steps whose start time is passed are queued.
  void advance(double dt);
  /// The queued steps, handed to the GPU (empty when none).
  ParticleWork take_work();

  const ParticlesSetup& setup() const { return setup_; }
  const ParticlesKnobs& knobs() const { return *knobs_; }
  std::uint32_t capacity() const { return std::uint32_t(knobs_->count); }
  float spacing() const { return spacing_; }
  const ParticleGrid& grid() const { return grid_; }
  /// The slot's dt, and the slots per 1/60 s (the most steps the solver takes).
  float step_dt() const;
  int steps_per_60th() const;
  /// Slots the GPU may join into one step (1: every slot is a step).
  int slots_per_block() const;
  double time() const { return time_; }
  std::uint64_t steps_done() const { return step_index_; }
  /// Particles issued since the (re)start: the blocks' and every one emitted so far (the solver
  /// drops those it has no room for; inflows never ask for more than fits).
  std::uint32_t issued() const { return next_id_; }
  /// Mass of one particle (kg, water's density).
  float particle_mass() const { return 1000.0f * spacing_ * spacing_ * spacing_; }
  /// The liquid one particle stands for at rest density: a cube of the spacing (m^3). Whole
  /// particles of it are what a pour or a fill exchanges.
  double particle_volume() const { return std::pow(double(spacing_), 3.0); }
  /// The absorption of the liquid the inflows gave with one, mean by volume (std::nullopt
  /// before any did): the particles carry only a colour, so this is what they hand on.
  std::optional<glm::vec3> inflow_absorption() const;
  /// Particles the blocks hold at the current spacing (before the capacity limits them).
  std::uint64_t block_particles() const;

  /// Every collider at time t, with its velocity over the following dt seconds (as the solver
  /// reads them; also what a renderer draws).
  std::vector<shared::ParticleCollider> colliders_at(double t, float dt) const;

  /// A slot's values, as for a step of that one slot (the GPU clock scales them to the step).
  shared::ParticlesStepPush step_push(const ParticleStep& step, std::uint32_t collider_count) const;

 private:
  ParticlesDriver(const ParticlesKnobs& knobs, ParticlesSetup setup) : knobs_(&knobs), setup_(std::move(setup)) {}
  Result<void> restart();
  void emit_blocks();
  void emit_nozzles(double t, float dt);
  /// `issued`: the particles issued before this step's inflows (ids, blocks and nozzles too).
  void emit_inflows(double t, float dt, std::uint64_t issued);
  void add_colliders(ParticleStep& step, double t, float dt);
  /// How far a collider's surface reaches from its origin (m): its spin's lever.
  float surface_reach(const ParticleColliderDesc& c) const;

  const ParticlesKnobs* knobs_;
  ParticlesSetup setup_;
  /// The fastest the liquid can move in this scene (m/s): what bounds the incompressible step.
  double fastest_motion() const;
  /// Whether the GPU sizes the steps (incompressible, substeps derived).
  bool joins_slots() const;

  int built_count_ = 0;
  ParticleSolverKind built_solver_ = ParticleSolverKind::wcmpm;
  float spacing_ = 0.0f;
  ParticleGrid grid_;
  double time_ = 0.0;    // start of the next step
  double target_ = 0.0;  // the time played so far
  std::uint64_t step_index_ = 0;
  // The clock's slots count from here while their length stays the same (a knob can change it).
  int clock_steps_per_60th_ = 0;
  double clock_origin_time_ = 0.0;
  std::uint64_t clock_origin_index_ = 0;
  std::uint32_t next_id_ = 0;
  glm::dvec3 inflow_absorption_sum_{0.0};  // absorption (1/m) times volume (m^3), since the (re)start
  double inflow_absorption_m3_ = 0.0;
  struct NozzleState {
    std::vector<glm::vec2> lattice;  // one layer's offsets across the jet (m)
    float layer = 0.0f;              // travel between layers (m)
    float travel = 0.0f;             // since the last layer (m)
  };
  std::vector<NozzleState> nozzles_;
  struct InflowState {
    float radius = -1.0f;            // the jet's radius the lattice was laid out for (m)
    std::vector<glm::vec2> lattice;  // one layer's offsets across the jet (m)
    float travel = 0.0f;             // since the last layer (m)
  };
  std::vector<InflowState> inflows_;
  ParticleWork work_;
};

}  // namespace lfx

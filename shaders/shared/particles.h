// The particle liquid (MLS-MPM on a uniform grid): the public particle record, the solver's
// private per-particle state, colliders, and the passes' push constants.
//
// Units: records are in world metres and m/s. The solver works in grid units internally
// (positions in cells of the grid, velocities in cells per step), which keeps the fixed-point
// particle-to-grid sums in a known range.
#ifndef LFX_SHARED_PARTICLES_H
#define LFX_SHARED_PARTICLES_H

#include "prelude.h"

LFX_SHARED_BEGIN

// The public record, one per live particle, packed from index 0 to count - 1 (std430, 48 bytes).
// A host engine or the surface effect reads it in place (gpu::ParticleSource describes it).
struct ParticleRecord {
  vec4 position_foam;     // xyz position (m, world); w foam weight 0..1 (trapped air, crests)
  vec4 velocity_density;  // xyz velocity (m/s); w density / rest density (1: at rest)
  vec4 color;             // rgb linear colour of the liquid here (mixes where liquids meet); w 1
};
LFX_CONST uint kParticleStride = 48u;
LFX_CONST uint kParticlePositionOffset = 0u;
LFX_CONST uint kParticleFoamOffset = 12u;
LFX_CONST uint kParticleVelocityOffset = 16u;
LFX_CONST uint kParticleDensityOffset = 28u;
LFX_CONST uint kParticleColorOffset = 32u;

// The solver's own per-particle state beside the record (std430, 48 bytes): the APIC affine
// velocity matrix C (rows; the velocity gradient in 1/s), and the particle's id in row0.w (its
// emission serial, as bits), which makes the sort's order deterministic.
struct ParticleState {
  vec4 c_row0;  // xyz C row 0; w id (uint bits)
  vec4 c_row1;  // xyz C row 1; w unused
  vec4 c_row2;  // xyz C row 2; w unused
};

// Particle passes run 64 particles per workgroup; the scan 256 threads over 1024 cells.
LFX_CONST uint kParticleGroupSize = 64u;
LFX_CONST uint kScanGroupSize = 256u;
LFX_CONST uint kScanItemsPerGroup = 1024u;
LFX_CONST uint kStatsGroupSize = 256u;

// Grid cells are two particle spacings wide: 8 particles per cell at rest.
LFX_CONST float kCellsPerSpacing = 0.5f;
LFX_CONST float kRestParticlesPerCell = 8.0f;

// Fixed point of the particle-to-grid sums (integer atomics add in any order to the same bits,
// so a run is deterministic): mass in particle masses, momentum in masses x cells per step.
LFX_CONST float kFixedScale = 16777216.0f;  // 2^24
LFX_CONST float kFixedLimit = 2.0e9f;       // values are clamped to +-this before conversion

// Collider kinds.
LFX_CONST uint kColliderPlane = 0u;   // solid below the local y = 0 plane
LFX_CONST uint kColliderSphere = 1u;  // solid inside size.x
LFX_CONST uint kColliderBox = 2u;     // solid inside half extents size.xyz, edges rounded by size.w
LFX_CONST uint kColliderShell = 3u;   // a mesh wall: solid within size.w of the mesh surface

// The step passes' specialisation constants (bool; gpu::SpecializedComputePipeline): the
// solver compiles a pass without what no step of the frame uses, because a CPU driver runs both
// sides of every branch (the distance grid's 56 reads a contact cost every sphere's contact too).
#define LFX_PARTICLES_MESH_COLLIDERS_CONSTANT 0  // a collider is a mesh wall (kColliderShell)
#define LFX_PARTICLES_FLIP_CONSTANT 1            // incompressible: the FLIP share is above 0
// Incompressible p2g on a CPU driver: an invocation sums a run of kP2gRun sorted particles in
// registers and adds each cell's window once (the driver runs atomics lane by lane); a GPU adds
// each particle's faces with its own atomics.
#define LFX_PARTICLES_GROUPED_P2G_CONSTANT 2
LFX_CONST uint kP2gRun = 16u;

// One collider at one solver step (std430). Poses map local -> world.
struct ParticleCollider {
  vec4 position_kind;  // xyz world position (m); w kind (uint bits)
  vec4 rotation;       // unit quaternion (x, y, z, w) local -> world
  vec4 size;           // see the kinds
  vec4 velocity;       // xyz linear velocity (m/s); w distance grid index (uint bits) for shells
  vec4 angular;        // xyz angular velocity (rad/s, world); w unused
};

// A mesh's unsigned distance, sampled on a grid in the mesh's local frame (std430).
struct DistanceGridInfo {
  vec4 origin_cell;  // xyz local position of voxel (0, 0, 0) (m); w voxel size (m)
  uvec4 dims;        // xyz voxels; w offset of voxel (0, 0, 0) in the values buffer
};

// Quadratic B-spline weights of the three nodes base, base + 1, base + 2 around a particle at
// fractional offset fx = x - base in [0.5, 1.5), with base = floor(x - 0.5).
LFX_FN vec3 bspline_weights(float fx) {
  float a = 1.5f - fx;
  float b = fx - 1.0f;
  float c = fx - 0.5f;
  return vec3(0.5f * a * a, 0.75f - b * b, 0.5f * c * c);
}

// Rotates v by the unit quaternion q = (x, y, z, w).
LFX_FN vec3 quat_rotate(vec4 q, vec3 v) {
  vec3 u = vec3(q.x, q.y, q.z);
  vec3 t = 2.0f * cross(u, v);
  return v + q.w * t + cross(u, t);
}

// A slot's values: the clock's push constants, which it writes (scaled to the step it begins)
// into the step buffer that every solver pass reads.
#define LFX_PARTICLES_STEP_PUSH                                                                    \
  vec4 grid_origin;    /* xyz world position of grid node (0, 0, 0) (m); w cell size dx (m) */     \
  ivec4 grid_dims;     /* nodes along x, y, z; w nodes in all */                                   \
  vec4 domain_min;     /* xyz the tank's walls (m, world); w step dt (s) */                        \
  vec4 domain_max;     /* xyz (m, world); w time at the step's start (s) */                        \
  vec4 gravity;        /* xyz (m/s^2); w wcmpm: bulk viscosity (cells^2 per step), incompressible: \
                          the cells the fastest particle may cross in a step (the clock) */        \
  vec4 material;       /* x wcmpm: pressure stiffness (grid units), incompressible: FLIP share;    \
                          y kinematic viscosity (cells^2/step);                                    \
                          z foam rate; w foam decay per step (factor) */                           \
  uint collider_first; /* this step's first entry in the collider list */                          \
  uint collider_count;                                                                             \
  uint capacity;       /* records the buffers hold */                                              \
  float speed_limit;   /* the largest speed a particle keeps (cells per step) */                   \
  float volume_rate;   /* incompressible: share of a cell's excess liquid removed a step */        \
  float outside_speed; /* the fastest a collider's surface moves in this slot (m/s) */             \
  uint slots_left;     /* this slot and those after it in its block: the most one step may join */ \
  float warm_scale;    /* the last step's pressure to this step's: (dt / last dt)^2 (the clock) */

// Emission: `count` records from the emission list starting at `first`, appended after the
// live particles while there is room; their ids start at `first_id`. A slot inside a joined
// step emits after that step ran: its particles fly on to the step's end (gravity, slot dt).
#define LFX_PARTICLES_EMIT_PUSH \
  uint first;                   \
  uint count;                   \
  uint first_id;                \
  uint capacity;                \
  vec4 gravity_dt; /* xyz gravity (m/s^2); w the slot's dt (s) */

// After an emission (mode 0: live += added, up to the capacity) or a sort (mode 1: live =
// sorted_live): the live count and the indirect arguments.
#define LFX_PARTICLES_COMMIT_PUSH \
  uint mode;                      \
  uint added;                     \
  uint capacity;                  \
  uint pad0;

// The counting sort by grid cell, and its scan. The bucket `cells` (one past the last cell)
// holds the particles a sink drained; they fall off the end of the live range.
#define LFX_PARTICLES_SORT_PUSH                                                                 \
  vec4 grid_origin; /* as in the step */                                                        \
  ivec4 grid_dims;                                                                              \
  uint cells;      /* grid cells in all (buckets - 1) */                                        \
  uint sink_count; /* sinks: world boxes (min, max) in the sink list */                         \
  uint pass;       /* the scan's stage (0 blocks, 1 block sums, 2 add), or the mixing on/off */ \
  float mix_rate;  /* share of the way to its cell's mean colour a particle goes */

// The sphere impostors: radius (m) and how foam whitens.
#define LFX_PARTICLES_DRAW_PUSH \
  float radius;                 \
  float foam_whiten;            \
  uint position_offset;         \
  uint stride;                  \
  uint color_offset;            \
  uint foam_offset;             \
  uint has_color;               \
  uint has_foam;

// The spheres' indirect draw from a source's count: `count` records, or the uint the GPU keeps
// (use_buffer 1), never more than `count`.
#define LFX_PARTICLES_DRAW_ARGS_PUSH                                                        \
  uint count_word; /* index of the count among the count buffer's uints (use_buffer 1) */   \
  uint count;      /* the records (use_buffer 0), or the most the buffer's count may say */ \
  uint use_buffer;                                                                          \
  uint pad0;

// One box or sphere collider drawn (particles/collider.vert, .frag).
#define LFX_PARTICLES_COLLIDER_DRAW_PUSH        \
  vec4 position_kind; /* as ParticleCollider */ \
  vec4 rotation;                                \
  vec4 size;                                    \
  vec4 color; /* rgb linear albedo */

// The statistics' reduction: the tank's left wall and floor, and the particle mass (kg).
#define LFX_PARTICLES_STATS_PUSH \
  float left_wall;               \
  float particle_mass;           \
  float floor_height;            \
  uint pad0;

// The per-workgroup partial sums the statistics pass writes (std430).
struct ParticleStatsPartial {
  float kinetic_energy;   // J
  float largest_speed;    // m/s
  float compression_sum;  // sum of max(density - 1, 0)
  float front;            // largest x - left wall (m)
  float height_sum;       // sum of the heights above the tank's floor (m)
  float spilled;          // particles at rest outside every container they fill
  float pad1;
  float pad2;
};

// The incompressible solver's cells: in node-indexed buffers, cell n spans nodes n to n + 1
// (its centre at n + 0.5), and the faces of node n are the faces at x = n (velocity x), y = n
// (velocity y) and z = n (velocity z) through the cell n, staggered (MAC).
LFX_CONST float kCellAir = 0.0f;
LFX_CONST float kCellLiquid = 1.0f;
LFX_CONST float kCellSolid = 2.0f;
// Ghost-fluid: the free surface is never closer to a liquid cell's centre than this share of a
// cell (the Laplacian's diagonal stays bounded).
LFX_CONST float kGhostFluidMinTheta = 0.1f;
// The pressure solve runs on bricks of 4 x 4 x 4 cells (a workgroup each) that hold liquid.
LFX_CONST int kBrickSide = 4;
// The grid region's flags start at this uint of its buffer (particles/grid_region.glsl).
LFX_CONST uint kRegionFlags = 8u;
// A brick's partial sums: one per subgroup, for subgroups of 4 invocations or more.
LFX_CONST uint kPressurePartialSlots = 16u;

// The pressure solve's preconditioner, multigrid: a V-cycle over levels of cells twice as coarse
// as the one below (level 0 the grid's cells), down to one of at most kMultigridCoarsestCells
// cells, kMultigridLevels levels at most. One damped Jacobi sweep (weight kMultigridSmoothing)
// before and after each level's correction; kMultigridCoarsestSweeps symmetric Gauss-Seidel
// sweeps on the coarsest level.
LFX_CONST int kMultigridLevels = 10;
LFX_CONST int kMultigridCoarsestCells = 128;
LFX_CONST uint kMultigridCoarsestSweeps = 8u;
LFX_CONST float kMultigridSmoothing = 6.0f / 7.0f;

// The pressure solve's scalars (preconditioned conjugate gradients), kept on the GPU: a pass
// reads them instead of a round trip to the CPU; the per-cell passes dispatch a workgroup per
// listed brick, indirectly from `dispatch`, and the coarse levels' passes from
// `level_dispatch`, all emptied once the solve converged (std430, 208 bytes).
struct PressureSolve {
  float alpha;      // step length of this iteration
  float beta;       // weight of the previous direction
  float rz;         // r . z (z the preconditioned residual)
  float b_norm2;    // |b|^2, b the divergence the solve removes
  float r_norm2;    // |r|^2 now
  uint iterations;  // done in this step's solve
  uint pad0;
  uint bricks;                                 // bricks holding liquid this step (the brick list's length)
  uvec4 dispatch;                              // x, y, z workgroups of the per-brick passes (x 0 once converged:
                                               // |r| <= tolerance |b|, or the iterations ran out)
  uvec4 reduce_dispatch;                       // the reductions' one workgroup (x 0 once converged)
  uvec4 level_dispatch[kMultigridLevels - 1];  // multigrid level l + 1's per-cell passes
};

// The pressure solve's reductions: which stage (0 after the setup, 1 after applying the
// operator, 2 after preconditioning an iteration's residual, 3 after preconditioning the
// setup's), the tolerance (relative residual), the most iterations.
#define LFX_PARTICLES_PRESSURE_PUSH \
  uint stage;                       \
  float tolerance;                  \
  uint max_iterations;              \
  uint levels; /* multigrid levels (the brick list sets their dispatches); 0: Jacobi */

// The passes of the preconditioner (particles/pressure_precondition.glsl), a pipeline each.
LFX_CONST uint kPreconditionJacobi = 0u;    // level 0: z = r / diagonal
LFX_CONST uint kPreconditionCoarsen = 1u;   // a coarse level's cells from the finer level's
LFX_CONST uint kPreconditionDiagonal = 2u;  // a coarse level's diagonal
LFX_CONST uint kPreconditionResidual = 3u;  // what the pre-smoothing leaves: b - A (w b / diagonal)
LFX_CONST uint kPreconditionRestrict = 4u;  // a coarse level's b from the finer level's residual
LFX_CONST uint kPreconditionCoarsest = 5u;  // the coarsest level's sweeps (one workgroup)
LFX_CONST uint kPreconditionProlong = 6u;   // the pre-smoothed e plus the coarser level's correction
LFX_CONST uint kPreconditionSmooth = 7u;    // the post-smoothing sweep (level 0: z, and r . z)

LFX_CONST uint kPreconditionPasses = 8u;
// Whether a preconditioner pass runs on level 0 or level 1 (its variant; the coarser levels
// have neither): each level's cells live in their own buffers.
#define LFX_PARTICLES_FINEST_LEVEL_CONSTANT 3
#define LFX_PARTICLES_SECOND_LEVEL_CONSTANT 4
// One preconditioner pass: the cells of its level and the ones beside it (xyz cells along each
// axis; w the level's first cell in the multigrid buffer).
#define LFX_PARTICLES_PRECONDITION_PUSH \
  ivec4 dims;                           \
  ivec4 finer_dims;                     \
  ivec4 coarser_dims;

// The solver's clock runs in slots of the scene's finest step (the fastest the liquid could
// move); the GPU joins the slots of a block (1/(60 steps_at_rest) s) into one solver step while
// the liquid moves slower than that, deciding before each slot from the fastest particle (std430,
// 96 bytes). The same slots in the same order make the same steps at any frame rate.
struct ParticleClock {
  uint covered;             // slots after this one that the step already run still covers
  uint largest_speed;       // the fastest particle since the last step began (m/s, float bits)
  uint steps;               // solver steps begun since the statistics were last taken
  uint slots;               // slots since then
  uvec4 particle_dispatch;  // this slot's per-particle passes: the live count's, or none
  uvec4 node_dispatch;      // its per-node passes: every grid node, or none
  uvec4 once_dispatch;      // its one-workgroup passes: (1, 1, 1), or none
  uvec4 run_dispatch;       // grouped p2g: a workgroup per kParticleGroupSize runs of kP2gRun, or none
  vec4 last_step;           // x the last step's dt (s; 0 before the first)
};
// Regions that take the particles settling in them (a container's liquid: particles pour back
// into a bottle), read by the sort, which drains what they take (std430, written every frame).
LFX_CONST uint kMaxParticleAbsorbers = 8u;
// The absorbed buffer: each absorber's count, then the colours of what it took, summed in fixed
// point (kAbsorbedColorScale a unit) at kMaxParticleAbsorbers + 3 a + channel.
LFX_CONST uint kAbsorbedWords = 4u * kMaxParticleAbsorbers;
LFX_CONST float kAbsorbedColorScale = 256.0f;
struct ParticleAbsorber {
  vec4 row0, row1,
      row2;          // world -> the region's frame: local = (dot(row0, p1), dot(row1, p1), dot(row2, p1)), p1 = (p, 1)
  uvec4 grid_limit;  // x: its signed distance (DistanceGridInfo index, negative inside); y: the most particles
                     // it may have taken since the start; zw unused
};
struct ParticleAbsorbers {
  uvec4 header;   // x: absorbers; y: a seed, new every frame; zw unused
  vec4 settling;  // x: chance a settled particle is taken at a sort; y: settled below this speed (m/s);
                  // z: this deep inside (m); w unused
  ParticleAbsorber absorbers[kMaxParticleAbsorbers];
};

// The live count and indirect dispatch arguments (std430, 48 bytes), written by the GPU.
struct ParticleCounts {
  uint live;         // particles in [0, live)
  uint sorted_live;  // the sort's new live count, until it commits
  uint pad0;
  uint pad1;
  uvec4 dispatch;        // x, y, z workgroups of 64 particles (vkCmdDispatchIndirect)
  uvec4 stats_dispatch;  // x, y, z workgroups of kStatsGroupSize particles
};

#ifdef __cplusplus
struct ParticlesStepPush {
  LFX_PARTICLES_STEP_PUSH
};
struct ParticlesEmitPush {
  LFX_PARTICLES_EMIT_PUSH
};
struct ParticlesCommitPush {
  LFX_PARTICLES_COMMIT_PUSH
};
struct ParticlesSortPush {
  LFX_PARTICLES_SORT_PUSH
};
struct ParticlesDrawPush {
  LFX_PARTICLES_DRAW_PUSH
};
struct ParticlesDrawArgsPush {
  LFX_PARTICLES_DRAW_ARGS_PUSH
};
struct ParticlesColliderDrawPush {
  LFX_PARTICLES_COLLIDER_DRAW_PUSH
};
struct ParticlesStatsPush {
  LFX_PARTICLES_STATS_PUSH
};
struct ParticlesPressurePush {
  LFX_PARTICLES_PRESSURE_PUSH
};
struct ParticlesPreconditionPush {
  LFX_PARTICLES_PRECONDITION_PUSH
};
static_assert(sizeof(ParticleRecord) == kParticleStride && sizeof(ParticleState) == 48);
static_assert(sizeof(ParticleCollider) == 80 && sizeof(DistanceGridInfo) == 32);
static_assert(sizeof(ParticlesStepPush) == 128 && offsetof(ParticlesStepPush, collider_first) == 96);
static_assert(sizeof(ParticleClock) == 96 && offsetof(ParticleClock, node_dispatch) == 32);
static_assert(sizeof(ParticlesEmitPush) == 32 && sizeof(ParticlesCommitPush) == 16 && sizeof(ParticlesDrawPush) == 32);
static_assert(sizeof(ParticlesSortPush) == 48 && offsetof(ParticlesSortPush, cells) == 32);
static_assert(sizeof(ParticlesColliderDrawPush) == 64 && sizeof(ParticlesStatsPush) == 16 &&
              sizeof(ParticlesDrawArgsPush) == 16 && sizeof(ParticleStatsPartial) == 32);
static_assert(sizeof(ParticleCounts) == 48 && offsetof(ParticleCounts, dispatch) == 16);
static_assert(sizeof(ParticleAbsorber) == 64 && sizeof(ParticleAbsorbers) == 32 + 64 * kMaxParticleAbsorbers);
static_assert(sizeof(PressureSolve) == 208 && offsetof(PressureSolve, dispatch) == 32);
static_assert(sizeof(ParticlesPressurePush) == 16 && sizeof(ParticlesPreconditionPush) == 48);
#endif

LFX_SHARED_END

#endif

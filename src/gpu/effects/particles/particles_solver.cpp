#include "liquidfx/gpu/effects/particles_solver.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <glm/gtc/quaternion.hpp>

#include "liquidfx/gpu/barriers.h"
#include "liquidfx/gpu/detail/descriptors.h"
#include "liquidfx/gpu/transfer.h"
#include "solver_dispatch.h"

namespace lfx::gpu {
namespace {

// The statistics' read-back: the counts, the last pressure solve, the clock, the partial sums.
constexpr std::size_t kReadbackSolve = sizeof(shared::ParticleCounts);
constexpr std::size_t kReadbackClock = kReadbackSolve + sizeof(shared::PressureSolve);
constexpr std::size_t kReadbackAbsorbed = kReadbackClock + sizeof(shared::ParticleClock);
constexpr std::size_t kReadbackPartials = kReadbackAbsorbed + shared::kAbsorbedWords * sizeof(std::uint32_t);

// Each absorber's count, then the colour sums of what it took (shared::kAbsorbedWords), as the
// statistics of a read-back slot hold them.
std::array<std::uint32_t, shared::kAbsorbedWords> absorbed_words(const ReadbackRing::Slot& slot) {
  std::array<std::uint32_t, shared::kAbsorbedWords> words;
  std::memcpy(words.data(), static_cast<const std::byte*>(slot.buffer.mapped()) + kReadbackAbsorbed, sizeof(words));
  return words;
}

// What the incompressible solver's passes need of the device.
bool incompressible_supported(const Context& ctx) {
  return ctx.compute_int64_atomics() && ctx.compute_subgroup_arithmetic();
}

constexpr VkBufferUsageFlags kStorage =
    VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT;

}  // namespace

Result<std::unique_ptr<ParticlesSolver>> ParticlesSolver::create(Context& ctx, ParticlesDriver& driver,
                                                                 std::optional<bool> grouped_p2g) {
  std::unique_ptr<ParticlesSolver> s(new ParticlesSolver(ctx, driver));
  const ComputePipelineSpec specs[] = {
      {&s->clock_pass_, "particles/clock.comp", sizeof(shared::ParticlesStepPush)},
      {&s->emit_, "particles/emit.comp", sizeof(shared::ParticlesEmitPush)},
      {&s->commit_, "particles/commit.comp", sizeof(shared::ParticlesCommitPush)},
      {&s->p2g_, "particles/p2g.comp", 0},
      {&s->sort_count_, "particles/sort_count.comp", sizeof(shared::ParticlesSortPush)},
      {&s->scan_, "particles/scan.comp", sizeof(shared::ParticlesSortPush)},
      {&s->sort_slot_, "particles/sort_slot.comp", 0},
      {&s->sort_scatter_, "particles/sort_scatter.comp", sizeof(shared::ParticlesSortPush)},
      {&s->stats_, "particles/stats.comp", sizeof(shared::ParticlesStatsPush)},
      {&s->pressure_reduce_, "particles/pressure_reduce.comp", sizeof(shared::ParticlesPressurePush)},
      {&s->pressure_bricks_, "particles/pressure_bricks.comp", sizeof(shared::ParticlesPressurePush)},
      {&s->mac_extrapolate_, "particles/mac_extrapolate.comp", 0},
  };
  LFX_TRY(create_compute_pipelines(ctx, specs));
  s->grouped_p2g_ = grouped_p2g.value_or(ctx.properties().deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU);
  // The incompressible solver's face sums are 64-bit (face_sums.glsl) and its pressure solve
  // sums per subgroup (pressure_common.glsl): without the features only the weakly
  // compressible solver runs (make_buffers says so by name).
  if (incompressible_supported(ctx)) {
    const ComputePipelineSpec incompressible[] = {
        {&s->grid_region_, "particles/grid_region.comp", 0},
        {&s->pressure_setup_, "particles/pressure_setup.comp", 0},
        {&s->pressure_apply_, "particles/pressure_apply.comp", 0},
        {&s->pressure_update_, "particles/pressure_update.comp", 0},
    };
    LFX_TRY(create_compute_pipelines(ctx, incompressible));
    // The preconditioner's passes, in the order of their kPrecondition* numbers.
    const char* const precondition_shaders[] = {
        "particles/pressure_jacobi.comp",          "particles/pressure_coarsen.comp",
        "particles/pressure_coarse_diagonal.comp", "particles/pressure_residual.comp",
        "particles/pressure_restrict.comp",        "particles/pressure_coarsest.comp",
        "particles/pressure_prolong.comp",         "particles/pressure_smooth.comp"};
    static_assert(std::size(precondition_shaders) == shared::kPreconditionPasses);
    for (std::uint32_t mode = 0; mode < shared::kPreconditionPasses; ++mode)
      s->precondition_[mode] = SpecializedComputePipeline(
          precondition_shaders[mode], sizeof(shared::ParticlesPreconditionPush), kFinestLevelBit | kSecondLevelBit);
  }
  return s;
}

Result<void> ParticlesSolver::make_buffers() {
  if (incompressible() && !ctx_.compute_int64_atomics())
    return gpu_error(
        ctx_.device_name() +
        ": the particles' incompressible solver needs 64-bit atomics in compute shaders (shaderInt64 "
        "and shaderBufferInt64Atomics), which this device does not enable; solver=wcmpm runs without them");
  if (incompressible() && !incompressible_supported(ctx_))
    return gpu_error(ctx_.device_name() +
                     ": the particles' incompressible solver needs subgroup arithmetic in compute shaders "
                     "(VK_SUBGROUP_FEATURE_ARITHMETIC_BIT, subgroups of 4 or more), which this device lacks; "
                     "solver=wcmpm runs without it");
  const std::uint64_t capacity = driver_.capacity();
  const std::uint64_t nodes = driver_.grid().node_count();
  const std::uint64_t buckets = nodes + 1;  // the cells and the drained bucket
  const std::uint64_t scan_blocks = groups_of(buckets + 1, shared::kScanItemsPerGroup);
  // The incompressible solver sums mass and momentum per face (three a node), and keeps cells.
  const std::uint64_t cells = incompressible() ? nodes : 1;
  const glm::u64vec3 brick_dims =
      (glm::u64vec3(driver_.grid().nodes) + std::uint64_t(shared::kBrickSide - 1)) / std::uint64_t(shared::kBrickSide);
  const std::uint64_t bricks = incompressible() ? brick_dims.x * brick_dims.y * brick_dims.z : 1;
  // The multigrid levels: each halves the cells along every axis (rounding up, as
  // pressure_bricks.comp does), down to at most kMultigridCoarsestCells cells.
  const auto cells_in = [](glm::ivec3 d) { return std::uint64_t(d.x) * std::uint64_t(d.y) * std::uint64_t(d.z); };
  levels_ = {glm::ivec3(driver_.grid().nodes)};
  while (incompressible() && levels_.size() < std::size_t(shared::kMultigridLevels) &&
         cells_in(levels_.back()) > std::uint64_t(shared::kMultigridCoarsestCells))
    levels_.push_back((levels_.back() + 1) / 2);
  std::uint64_t coarse_cells = 1;
  for (std::size_t l = 1; l < levels_.size(); ++l) coarse_cells += cells_in(levels_[l]);
  // Per node: mass and momentum (wcmpm: four ints); a 64-bit face sum per axis (incompressible).
  const std::uint64_t sums_per_node = incompressible() ? 6 : 4;
  struct Need {
    Buffer* buffer;
    std::uint64_t bytes;
    VkBufferUsageFlags usage;
    const char* name;
  };
  const Need needs[] = {
      {&records_, capacity * sizeof(shared::ParticleRecord), kStorage, "particle records"},
      {&states_, capacity * sizeof(shared::ParticleState), kStorage, "particle states"},
      {&unsorted_records_, capacity * sizeof(shared::ParticleRecord), kStorage, "particle records (sort copy)"},
      {&unsorted_states_, capacity * sizeof(shared::ParticleState), kStorage, "particle states (sort copy)"},
      {&counts_, sizeof(shared::ParticleCounts), kStorage | VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT, "particle counts"},
      {&grid_, nodes * sums_per_node * sizeof(std::int32_t), kStorage, "particle grid sums"},
      {&grid_velocity_, nodes * sizeof(glm::vec4), kStorage, "particle grid velocity"},
      {&bucket_counts_, buckets * sizeof(std::uint32_t), kStorage, "particle bucket counts"},
      {&offsets_, (buckets + 1) * sizeof(std::uint32_t), kStorage, "particle bucket offsets"},
      {&block_sums_, scan_blocks * sizeof(std::uint32_t), kStorage, "particle scan block sums"},
      {&keys_, capacity * sizeof(std::uint32_t), kStorage, "particle bucket keys"},
      {&order_, capacity * sizeof(std::uint32_t), kStorage, "particle sort order"},
      {&partials_, groups_of(capacity, shared::kStatsGroupSize) * sizeof(shared::ParticleStatsPartial), kStorage,
       "particle statistics"},
      {&cells_, cells * sizeof(glm::vec4), kStorage, "particle cells"},
      {&pressure_, cells * sizeof(glm::vec4), kStorage, "particle pressure"},
      {&directions_, cells * sizeof(glm::vec4), kStorage, "particle pressure directions"},
      {&multigrid_, 2 * coarse_cells * sizeof(glm::vec4), kStorage, "particle pressure multigrid"},
      {&pressure_partials_, bricks * shared::kPressurePartialSlots * sizeof(glm::vec4), kStorage,
       "particle pressure partial sums"},
      {&brick_flags_, bricks * sizeof(std::uint32_t), kStorage, "particle liquid bricks"},
      {&brick_list_, bricks * sizeof(std::uint32_t), kStorage, "particle liquid brick list"},
      {&region_, (shared::kRegionFlags + 2 * bricks) * sizeof(std::uint32_t),
       kStorage | VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT, "particle grid region"},
      {&solve_, sizeof(shared::PressureSolve), kStorage | VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT,
       "particle pressure solve"},
      {&face_scratch_, cells * sizeof(glm::vec4), kStorage, "particle faces (extrapolated)"},
      {&step_, sizeof(shared::ParticlesStepPush), kStorage, "particle step values"},
      {&clock_, sizeof(shared::ParticleClock), kStorage | VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT, "particle clock"},
      {&absorbers_, sizeof(shared::ParticleAbsorbers), kStorage, "particle absorbers"},
      {&absorbed_, shared::kAbsorbedWords * sizeof(std::uint32_t), kStorage, "particles absorbed"},
  };
  for (const Need& n : needs) {
    LFX_TRY_ASSIGN(Buffer made, Buffer::create(ctx_, n.bytes, n.usage, MemoryUsage::device, n.name));
    ctx_.retire(std::move(*n.buffer));  // frames in flight may still use the old liquid
    *n.buffer = std::move(made);
  }
  LFX_TRY(readbacks_.make(ctx_, kReadbackPartials + partials_.size(), "particle statistics read-back"));

  // The colliders' meshes and the sinks do not change: uploaded once.
  std::vector<shared::DistanceGridInfo> infos;
  std::vector<float> values;
  const auto add_grid = [&](glm::vec3 origin, float cell, glm::ivec3 dims, const std::vector<float>& samples) {
    infos.push_back({glm::vec4(origin, cell), glm::uvec4(std::uint32_t(dims.x), std::uint32_t(dims.y),
                                                         std::uint32_t(dims.z), std::uint32_t(values.size()))});
    values.insert(values.end(), samples.begin(), samples.end());
  };
  for (const ParticleColliderDesc& c : driver_.setup().colliders) {
    if (c.shape != ColliderShape::shell) continue;
    const DistanceGrid& g = *c.distance;
    add_grid(g.origin, g.cell, glm::ivec3(g.nx, g.ny, g.nz), g.values);
  }
  // The absorbers' regions follow the shells' grids.
  first_absorber_grid_ = std::uint32_t(infos.size());
  for (const auto& absorber : driver_.setup().absorbers) {
    const InsideGrid& g = absorber->region();
    add_grid(g.origin(), g.cell_size(), g.dims(), g.values());
  }
  credited_ = {};
  credited_color_ = {};
  if (infos.empty()) infos.push_back({});
  if (values.empty()) values.push_back(0.0f);
  std::vector<glm::vec4> sinks;
  for (const ParticleSink& s : driver_.setup().sinks) {
    sinks.push_back(glm::vec4(s.min, 0.0f));
    sinks.push_back(glm::vec4(s.max, 0.0f));
  }
  if (sinks.empty()) sinks.push_back(glm::vec4(0.0f));
  const auto upload = [&](Buffer& buffer, std::span<const std::byte> bytes, const char* name) -> Result<void> {
    LFX_TRY_ASSIGN(Buffer made, Buffer::create(ctx_, bytes.size(), kStorage, MemoryUsage::device, name));
    LFX_TRY(upload_buffer(ctx_, made, bytes));
    ctx_.retire(std::move(buffer));
    buffer = std::move(made);
    return success();
  };
  LFX_TRY(upload(distance_grids_, std::as_bytes(std::span(infos)), "particle distance grids"));
  LFX_TRY(upload(distance_values_, std::as_bytes(std::span(values)), "particle distance values"));
  LFX_TRY(upload(sinks_, std::as_bytes(std::span(sinks)), "particle sinks"));
  built_ = true;
  return success();
}

void ParticlesSolver::credit_absorbers() {
  const auto& absorbers = driver_.setup().absorbers;
  const ReadbackRing::Slot* newest = absorbers.empty() ? nullptr : readbacks_.newest(ctx_);
  if (!newest) return;
  const double particle_volume = driver_.particle_volume();
  const std::array<std::uint32_t, shared::kAbsorbedWords> words = absorbed_words(*newest);
  for (std::size_t a = 0; a < absorbers.size(); ++a) {
    const std::uint32_t taken = words[a];
    if (taken <= credited_[a]) continue;
    // The colour of what it took since the last credit: the sums' growth over the count's.
    glm::vec3 color(0.0f);
    for (int c = 0; c < 3; ++c) {
      const std::uint32_t sum = words[shared::kMaxParticleAbsorbers + 3 * a + std::size_t(c)];
      color[c] = float(double(sum - credited_color_[a][c]) /
                       (double(taken - credited_[a]) * double(shared::kAbsorbedColorScale)));
      credited_color_[a][c] = sum;
    }
    absorbers[a]->absorbed(double(taken - credited_[a]) * particle_volume, color, driver_.inflow_absorption());
    credited_[a] = taken;
  }
}

std::uint64_t ParticlesSolver::absorbed_credited() const {
  std::uint64_t total = 0;
  for (const std::uint32_t c : credited_) total += c;
  return total;
}

void ParticlesSolver::record_absorbers(VkCommandBuffer cmd) {
  const auto& absorbers = driver_.setup().absorbers;
  shared::ParticleAbsorbers gpu{};
  gpu.header = glm::uvec4(std::uint32_t(absorbers.size()), ++absorber_seed_, 0u, 0u);
  const ParticlesKnobs& k = driver_.knobs();
  // The chance at a sort that makes a settled particle wait settle_time on average.
  const double between_sorts = double(k.reorder_every) * double(driver_.step_dt());
  gpu.settling = glm::vec4(float(1.0 - std::exp(-between_sorts / double(k.settle_time))), k.settle_speed,
                           0.5f * driver_.spacing(), 0.0f);
  const double particle_volume = driver_.particle_volume();
  for (std::size_t a = 0; a < absorbers.size(); ++a) {
    const Pose pose = absorbers[a]->pose();
    const glm::mat3 to_local = glm::transpose(glm::mat3_cast(pose.orientation));
    const glm::vec3 shift = -(to_local * pose.position);
    shared::ParticleAbsorber& r = gpu.absorbers[a];
    r.row0 = glm::vec4(to_local[0][0], to_local[1][0], to_local[2][0], shift.x);
    r.row1 = glm::vec4(to_local[0][1], to_local[1][1], to_local[2][1], shift.y);
    r.row2 = glm::vec4(to_local[0][2], to_local[1][2], to_local[2][2], shift.z);
    // What it took and was not yet credited for fits in the room it has now.
    const double room = std::max(absorbers[a]->room(), 0.0) / particle_volume;
    const double limit = std::min(double(credited_[a]) + std::floor(room), 4.0e9);
    r.grid_limit = glm::uvec4(first_absorber_grid_ + std::uint32_t(a), std::uint32_t(limit), 0u, 0u);
  }
  record_buffer_update(cmd, absorbers_, std::as_bytes(std::span(&gpu, 1)));
}

Result<void> ParticlesSolver::prepare() {
  credit_absorbers();
  ParticleWork more = driver_.take_work();
  if (more.restart || work_.restart) {
    if (more.restart) work_ = {.placed = more.placed};
    work_.restart = true;
  }
  // Steps not recorded yet (prepare twice without a frame) keep their place before the new ones.
  const auto emit_base = std::uint32_t(work_.emitted.size()), collider_base = std::uint32_t(work_.colliders.size());
  for (ParticleStep s : more.steps) {
    s.emit_first += emit_base;
    s.collider_first += collider_base;
    work_.steps.push_back(s);
  }
  work_.emitted.insert(work_.emitted.end(), more.emitted.begin(), more.emitted.end());
  work_.colliders.insert(work_.colliders.end(), more.colliders.begin(), more.colliders.end());
  work_.collider_count = more.collider_count;
  if (!built_ || more.restart) LFX_TRY(make_buffers());
  LFX_TRY(prepare_features());
  LFX_TRY(ensure_device_buffer(ctx_, emitted_,
                               std::max<std::size_t>(work_.emitted.size(), 1) * sizeof(shared::ParticleRecord),
                               kStorage, "particle emission"));
  return ensure_device_buffer(ctx_, colliders_,
                              std::max<std::size_t>(work_.colliders.size(), 1) * sizeof(shared::ParticleCollider),
                              kStorage, "particle colliders");
}

Result<void> ParticlesSolver::prepare_features() {
  const bool mesh = std::ranges::any_of(work_.colliders, [](const shared::ParticleCollider& c) {
    return std::bit_cast<std::uint32_t>(c.position_kind.w) == shared::kColliderShell;
  });
  features_ = (mesh ? kMeshCollidersBit : 0u) | (driver_.knobs().flip > 0.0f ? kFlipBit : 0u) |
              (grouped_p2g_ ? kGroupedP2gBit : 0u);
  if (!incompressible()) {
    LFX_TRY(grid_update_.prepare(ctx_, features_));
    return g2p_.prepare(ctx_, features_);
  }
  for (SpecializedComputePipeline* pass : {&p2g_mac_, &mac_cells_, &mac_faces_, &mac_project_, &g2p_mac_})
    LFX_TRY(pass->prepare(ctx_, features_));
  return prepare_preconditioner();
}

Result<void> ParticlesSolver::prepare_preconditioner() {
  const auto prepare = [&](std::uint32_t mode, std::size_t level) {
    return precondition_[mode].prepare(ctx_, level_bits(level));
  };
  if (!multigrid()) return prepare(shared::kPreconditionJacobi, 0);
  // The passes at the levels record_precondition and record_projection run them on.
  const std::size_t coarsest = levels_.size() - 1;
  for (std::size_t l = 0; l < coarsest; ++l)
    for (const std::uint32_t mode :
         {shared::kPreconditionResidual, shared::kPreconditionProlong, shared::kPreconditionSmooth})
      LFX_TRY(prepare(mode, l));
  for (std::size_t l = 1; l <= coarsest; ++l)
    for (const std::uint32_t mode :
         {shared::kPreconditionCoarsen, shared::kPreconditionDiagonal, shared::kPreconditionRestrict})
      LFX_TRY(prepare(mode, l));
  return prepare(shared::kPreconditionCoarsest, coarsest);
}

std::uint32_t ParticlesSolver::level_bits(std::size_t level) {
  return level == 0 ? kFinestLevelBit : (level == 1 ? kSecondLevelBit : 0u);
}

void ParticlesSolver::run(VkCommandBuffer cmd, const Pipeline& pipeline, std::span<const std::byte> push,
                          Dispatch dispatch, bool swap_faces) const {
  pipeline.bind(cmd);
  const Buffer& faces = swap_faces ? face_scratch_ : grid_velocity_;
  const Buffer& other_faces = swap_faces ? grid_velocity_ : face_scratch_;
  DescriptorWrites()
      .storage_buffer(0, records_.handle())
      .storage_buffer(1, states_.handle())
      .storage_buffer(2, counts_.handle())
      .storage_buffer(3, grid_.handle())
      .storage_buffer(4, faces.handle())
      .storage_buffer(5, colliders_.handle())
      .storage_buffer(6, distance_grids_.handle())
      .storage_buffer(7, distance_values_.handle())
      .storage_buffer(8, bucket_counts_.handle())
      .storage_buffer(9, sinks_.handle())
      .storage_buffer(10, keys_.handle())
      .storage_buffer(11, offsets_.handle())
      .storage_buffer(12, block_sums_.handle())
      .storage_buffer(13, order_.handle())
      .storage_buffer(14, unsorted_records_.handle())
      .storage_buffer(15, unsorted_states_.handle())
      .storage_buffer(16, emitted_.handle())
      .storage_buffer(17, partials_.handle())
      .storage_buffer(18, cells_.handle())
      .storage_buffer(19, pressure_.handle())
      .storage_buffer(20, directions_.handle())
      .storage_buffer(21, pressure_partials_.handle())
      .storage_buffer(22, solve_.handle())
      .storage_buffer(23, other_faces.handle())
      .storage_buffer(24, brick_flags_.handle())
      .storage_buffer(25, brick_list_.handle())
      .storage_buffer(26, step_.handle())
      .storage_buffer(27, clock_.handle())
      .storage_buffer(28, absorbers_.handle())
      .storage_buffer(29, absorbed_.handle())
      .storage_buffer(30, multigrid_.handle())
      .storage_buffer(31, region_.handle())
      .push(ctx_, cmd, pipeline);
  if (!push.empty()) pipeline.push_constants(cmd, push.data(), std::uint32_t(push.size()));
  if (dispatch.indirect != VK_NULL_HANDLE)
    vkCmdDispatchIndirect(cmd, dispatch.indirect, dispatch.offset);
  else
    vkCmdDispatch(cmd, dispatch.groups.x, dispatch.groups.y, dispatch.groups.z);
  solver_barrier(cmd);
}

ParticlesSolver::Dispatch ParticlesSolver::per_particle() const {
  return {.indirect = counts_.handle(), .offset = offsetof(shared::ParticleCounts, dispatch)};
}

ParticlesSolver::Dispatch ParticlesSolver::step_dispatch(std::size_t offset) const {
  return {.indirect = clock_.handle(), .offset = offset};
}

void ParticlesSolver::record(VkCommandBuffer cmd, GpuTimer* timer, std::size_t max_steps) {
  const std::size_t steps = std::min(max_steps, work_.steps.size());
  const std::span<const ParticleStep> batch(work_.steps.data(), steps);
  // Whatever the previous frame (or batch) still does with these buffers comes first.
  memory_barrier(cmd, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, VK_ACCESS_2_MEMORY_WRITE_BIT,
                 VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT,
                 VK_ACCESS_2_MEMORY_READ_BIT | VK_ACCESS_2_MEMORY_WRITE_BIT);
  {
    PassScope pass(timer, cmd, "particles upload");
    if (work_.restart)  // new buffers: nothing live, no pressure to start the first solve from
      for (const Buffer* b : {&counts_, &pressure_, &directions_, &solve_, &clock_, &absorbed_})
        vkCmdFillBuffer(cmd, b->handle(), 0, VK_WHOLE_SIZE, 0);
    // The emission records this batch reads (the placed particles first, then each step's, in
    // order), at their places in the emission buffer.
    const std::size_t emit_begin = work_.placed > 0 || batch.empty() ? 0 : batch.front().emit_first;
    const std::size_t emit_end =
        batch.empty() ? work_.placed : std::size_t(batch.back().emit_first) + batch.back().emit_count;
    if (emit_end > emit_begin)
      record_buffer_update(cmd, emitted_,
                           std::as_bytes(std::span(work_.emitted).subspan(emit_begin, emit_end - emit_begin)),
                           emit_begin * sizeof(shared::ParticleRecord));
    if (!work_.colliders.empty()) record_buffer_update(cmd, colliders_, std::as_bytes(std::span(work_.colliders)));
    record_absorbers(cmd);
    solver_barrier(cmd);
  }
  record_emit(cmd, timer, 0, work_.placed, 0, 0.0f);
  if (work_.restart) issued_ = work_.placed;
  for (const ParticleStep& step : batch) {
    issued_ = step.first_id + step.emit_count;
    record_step(cmd, timer, step);
    if (step.reorder) record_sort(cmd, timer, step);
  }
  work_.restart = false;
  work_.placed = 0;
  work_.steps.erase(work_.steps.begin(), work_.steps.begin() + std::ptrdiff_t(steps));
  if (!work_.steps.empty()) return;
  record_stats(cmd, timer);
  work_ = {};
}

void ParticlesSolver::record_step(VkCommandBuffer cmd, GpuTimer* timer, const ParticleStep& step) {
  record_emit(cmd, timer, step.emit_first, step.emit_count, step.first_id, step.dt);
  // The clock decides whether a step begins in this slot; the passes after it dispatch from its
  // arguments, which are empty inside a joined step.
  run(cmd, clock_pass_, driver_.step_push(step, work_.collider_count), Dispatch{});
  {
    PassScope pass(timer, cmd, "particles p2g");
    vkCmdFillBuffer(cmd, grid_.handle(), 0, VK_WHOLE_SIZE, 0);
    // The grid region starts empty (a slot inside a joined step then dispatches no grid pass).
    if (incompressible()) vkCmdFillBuffer(cmd, region_.handle(), 0, VK_WHOLE_SIZE, 0);
    solver_barrier(cmd);
    if (!incompressible())
      run(cmd, p2g_, step_particles());
    else if (features_ & kGroupedP2gBit)
      run(cmd, p2g_mac_.get(features_), step_dispatch(offsetof(shared::ParticleClock, run_dispatch)));
    else
      run(cmd, p2g_mac_.get(features_), step_particles());
    if (incompressible()) run(cmd, grid_region_, step_once());
  }
  if (incompressible()) {
    record_projection(cmd, timer);
  } else {
    PassScope pass(timer, cmd, "particles grid");
    run(cmd, grid_update_.get(features_), step_nodes());
  }
  PassScope pass(timer, cmd, "particles g2p");
  run(cmd, (incompressible() ? g2p_mac_ : g2p_).get(features_), step_particles());
}

void ParticlesSolver::record_sort(VkCommandBuffer cmd, GpuTimer* timer, const ParticleStep& step) {
  PassScope pass(timer, cmd, "particles sort");
  const ParticleGrid& grid = driver_.grid();
  const std::uint64_t nodes = grid.node_count();
  // The colours move a share of the way to their cell's mean: 1 - exp(-rate x time since the last sort).
  const float elapsed = float(driver_.knobs().reorder_every) * step.dt;
  const float mix_rate = 1.0f - std::exp(-driver_.knobs().mixing * elapsed);
  shared::ParticlesSortPush push{glm::vec4(grid.origin, grid.cell),
                                 glm::ivec4(grid.nodes, int(nodes)),
                                 std::uint32_t(nodes),
                                 std::uint32_t(driver_.setup().sinks.size()),
                                 0,
                                 mix_rate};
  const std::uint32_t scan_groups = groups_of(nodes + 2, shared::kScanItemsPerGroup);

  vkCmdFillBuffer(cmd, bucket_counts_.handle(), 0, VK_WHOLE_SIZE, 0);
  solver_barrier(cmd);
  run(cmd, sort_count_, push, per_particle());
  for (std::uint32_t stage = 0; stage < 3; ++stage) {
    push.pass = stage;
    run(cmd, scan_, push, {.groups = {stage == 1 ? 1u : scan_groups, 1u, 1u}});
  }
  // The counts become each bucket's cursor; the unsorted particles are copied aside.
  vkCmdFillBuffer(cmd, bucket_counts_.handle(), 0, VK_WHOLE_SIZE, 0);
  const VkBufferCopy whole_records{0, 0, records_.size()}, whole_states{0, 0, states_.size()};
  vkCmdCopyBuffer(cmd, records_.handle(), unsorted_records_.handle(), 1, &whole_records);
  vkCmdCopyBuffer(cmd, states_.handle(), unsorted_states_.handle(), 1, &whole_states);
  solver_barrier(cmd);
  run(cmd, sort_slot_, per_particle());  // the slots need no constants
  run(cmd, sort_scatter_, push, per_particle());
  run(cmd, commit_, shared::ParticlesCommitPush{1, 0, driver_.capacity(), 0}, {});
}

void ParticlesSolver::record_emit(VkCommandBuffer cmd, GpuTimer* timer, std::uint32_t first, std::uint32_t count,
                                  std::uint32_t first_id, float dt) {
  if (count == 0) return;
  PassScope pass(timer, cmd, "particles emit");
  const glm::vec4 gravity_dt(0.0f, -driver_.knobs().gravity, 0.0f, dt);
  run(cmd, emit_, shared::ParticlesEmitPush{first, count, first_id, driver_.capacity(), gravity_dt},
      {.groups = {groups_of(count, shared::kParticleGroupSize), 1u, 1u}});
  run(cmd, commit_, shared::ParticlesCommitPush{0, count, driver_.capacity(), 0}, {});
}

void ParticlesSolver::record_stats(VkCommandBuffer cmd, GpuTimer* timer) {
  PassScope pass(timer, cmd, "particles stats");
  vkCmdFillBuffer(cmd, partials_.handle(), 0, VK_WHOLE_SIZE, 0);
  solver_barrier(cmd);
  const Bounds& tank = driver_.setup().domain;
  run(cmd, stats_, shared::ParticlesStatsPush{tank.min.x, driver_.particle_mass(), tank.min.y, 0},
      {.indirect = counts_.handle(), .offset = offsetof(shared::ParticleCounts, stats_dispatch)});
  ReadbackRing::Slot& r = readbacks_.next(ctx_, driver_.time());
  r.tag = issued_;
  const VkBufferCopy counts{0, 0, sizeof(shared::ParticleCounts)};
  const VkBufferCopy solve{0, kReadbackSolve, sizeof(shared::PressureSolve)};
  const VkBufferCopy clock{0, kReadbackClock, sizeof(shared::ParticleClock)};
  const VkBufferCopy partials{0, kReadbackPartials, partials_.size()};
  const VkBufferCopy absorbed{0, kReadbackAbsorbed, absorbed_.size()};
  vkCmdCopyBuffer(cmd, absorbed_.handle(), r.buffer.handle(), 1, &absorbed);
  vkCmdCopyBuffer(cmd, counts_.handle(), r.buffer.handle(), 1, &counts);
  vkCmdCopyBuffer(cmd, solve_.handle(), r.buffer.handle(), 1, &solve);
  vkCmdCopyBuffer(cmd, clock_.handle(), r.buffer.handle(), 1, &clock);
  vkCmdCopyBuffer(cmd, partials_.handle(), r.buffer.handle(), 1, &partials);
  // The clock counts its steps and slots afresh until the next statistics.
  solver_barrier(cmd);
  vkCmdFillBuffer(cmd, clock_.handle(), offsetof(shared::ParticleClock, steps), 2 * sizeof(std::uint32_t), 0);
  memory_barrier(cmd, VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                 VK_PIPELINE_STAGE_2_HOST_BIT, VK_ACCESS_2_HOST_READ_BIT);
}

std::optional<ParticleStats> ParticlesSolver::stats() const {
  const ReadbackRing::Slot* newest = readbacks_.newest(ctx_);
  if (!newest) return std::nullopt;
  const auto* bytes = static_cast<const std::byte*>(newest->buffer.mapped());
  shared::ParticleCounts counts;
  std::memcpy(&counts, bytes, sizeof(counts));
  ParticleStats s;
  s.time = newest->time;
  s.live = counts.live;
  s.issued = std::uint32_t(newest->tag);
  const std::array<std::uint32_t, shared::kAbsorbedWords> words = absorbed_words(*newest);
  for (std::size_t a = 0; a < driver_.setup().absorbers.size(); ++a) s.absorbed += words[a];
  const std::uint32_t groups = groups_of(counts.live, shared::kStatsGroupSize);
  double compression = 0.0, heights = 0.0;
  for (std::uint32_t g = 0; g < groups; ++g) {
    shared::ParticleStatsPartial p;
    std::memcpy(&p, bytes + kReadbackPartials + g * sizeof(p), sizeof(p));
    s.kinetic_energy += p.kinetic_energy;
    s.largest_speed = std::max(s.largest_speed, double(p.largest_speed));
    compression += p.compression_sum;
    s.front = std::max(s.front, double(p.front));
    heights += p.height_sum;
    s.spilled += std::uint64_t(p.spilled);
  }
  s.density_error = counts.live ? compression / counts.live : 0.0;
  s.mean_height = counts.live ? heights / counts.live : 0.0;
  shared::PressureSolve solve;
  std::memcpy(&solve, bytes + kReadbackSolve, sizeof(solve));
  s.pressure_iterations = solve.iterations;
  s.divergence_residual = solve.b_norm2 > 0.0f ? std::sqrt(double(solve.r_norm2) / double(solve.b_norm2)) : 0.0;
  shared::ParticleClock clock;
  std::memcpy(&clock, bytes + kReadbackClock, sizeof(clock));
  if (clock.slots > 0) s.steps_per_60th = double(driver_.steps_per_60th()) * clock.steps / clock.slots;
  return s;
}

ParticleSource ParticlesSolver::source() const {
  ParticleSource s;
  s.buffer = records_.handle();
  s.buffer_bytes = records_.size();
  s.stride = shared::kParticleStride;
  s.position_offset = shared::kParticlePositionOffset;
  s.velocity_offset = shared::kParticleVelocityOffset;
  s.color_offset = shared::kParticleColorOffset;
  s.foam_offset = shared::kParticleFoamOffset;
  s.count = driver_.capacity();
  s.count_buffer = counts_.handle();
  s.count_offset = offsetof(shared::ParticleCounts, live);
  s.radius = 0.5f * driver_.spacing();
  return s;
}

}  // namespace lfx::gpu

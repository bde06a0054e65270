// The incompressible solver's grid step: from the particle-to-grid sums to a divergence-free
// velocity on the staggered faces (docs/particles.md, "The incompressible solver").
#include "liquidfx/gpu/effects/particles_solver.h"
#include "solver_dispatch.h"

namespace lfx::gpu {

void ParticlesSolver::record_projection(VkCommandBuffer cmd, GpuTimer* timer) {
  {
    PassScope pass(timer, cmd, "particles faces");
    vkCmdFillBuffer(cmd, brick_flags_.handle(), 0, VK_WHOLE_SIZE, 0);
    solver_barrier(cmd);
    run(cmd, mac_cells_.get(features_), per_region_brick());
    run(cmd, mac_faces_.get(features_), per_region_brick());
  }
  {
    // Preconditioned conjugate gradients on the bricks that hold liquid, whose scalars stay on
    // the GPU: every iteration is recorded, and once the residual is small enough the per-cell
    // passes' indirect dispatches are empty, so the iterations left cost a few empty dispatches
    // each.
    PassScope pass(timer, cmd, "particles pressure");
    shared::ParticlesPressurePush reduce{0u, driver_.knobs().pressure_tolerance,
                                         std::uint32_t(driver_.knobs().max_pressure_iterations),
                                         multigrid() ? std::uint32_t(levels_.size()) : 0u};
    const Dispatch per_brick{.indirect = solve_.handle(), .offset = offsetof(shared::PressureSolve, dispatch)};
    const auto run_reduce = [&](std::uint32_t stage) {
      // The first reduction runs with every step (it starts the solve); the others not once
      // converged.
      reduce.stage = stage;
      run(cmd, pressure_reduce_, reduce,
          stage == 0
              ? step_once()
              : Dispatch{.indirect = solve_.handle(), .offset = offsetof(shared::PressureSolve, reduce_dispatch)});
    };
    run(cmd, pressure_bricks_, reduce, step_once());
    run(cmd, pressure_setup_, per_brick);
    if (multigrid()) {
      for (std::size_t l = 1; l < levels_.size(); ++l) run_precondition(cmd, shared::kPreconditionCoarsen, l);
      for (std::size_t l = 1; l < levels_.size(); ++l) run_precondition(cmd, shared::kPreconditionDiagonal, l);
    }
    run_reduce(0);
    record_precondition(cmd);
    run_reduce(3);
    for (int i = 0; i < driver_.knobs().max_pressure_iterations; ++i) {
      run(cmd, pressure_apply_, per_brick);
      run_reduce(1);
      run(cmd, pressure_update_, per_brick);
      record_precondition(cmd);
      run_reduce(2);
    }
  }
  {
    PassScope pass(timer, cmd, "particles projection");
    run(cmd, mac_project_.get(features_), per_region_brick());
    run(cmd, mac_extrapolate_, per_region_brick());                       // faces -> copy
    run(cmd, mac_extrapolate_, per_region_brick(), /*swap_faces=*/true);  // copy -> faces
  }
}

bool ParticlesSolver::multigrid() const {
  return driver_.knobs().preconditioner == PressurePreconditioner::multigrid && levels_.size() > 1;
}

void ParticlesSolver::run_precondition(VkCommandBuffer cmd, std::uint32_t mode, std::size_t level) {
  // Each level's cells along each axis, and its first cell among the coarse levels' (w).
  const auto dims_of = [&](std::size_t l) {
    if (l >= levels_.size()) return glm::ivec4(0);
    int first = 0;
    for (std::size_t k = 1; k < l; ++k) first += levels_[k].x * levels_[k].y * levels_[k].z;
    return glm::ivec4(levels_[l], first);
  };
  const shared::ParticlesPreconditionPush push{dims_of(level), level > 0 ? dims_of(level - 1) : glm::ivec4(0),
                                               dims_of(level + 1)};
  // Level 0 runs a workgroup per listed brick; the coarsest level one workgroup; the others a
  // workgroup per 64 cells. Each is empty once the solve converged.
  std::size_t offset = offsetof(shared::PressureSolve, dispatch);
  if (mode == shared::kPreconditionCoarsest)
    offset = offsetof(shared::PressureSolve, reduce_dispatch);
  else if (level > 0)
    offset = offsetof(shared::PressureSolve, level_dispatch) + (level - 1) * sizeof(glm::uvec4);
  run(cmd, precondition_[mode].get(level_bits(level)), push, Dispatch{.indirect = solve_.handle(), .offset = offset});
}

void ParticlesSolver::record_precondition(VkCommandBuffer cmd) {
  if (!multigrid()) {
    run_precondition(cmd, shared::kPreconditionJacobi, 0);
    return;
  }
  // The V-cycle: down to the coarsest level, then back up (pressure_precondition.glsl).
  const std::size_t coarsest = levels_.size() - 1;
  for (std::size_t l = 0; l < coarsest; ++l) {
    if (l > 0) run_precondition(cmd, shared::kPreconditionRestrict, l);
    run_precondition(cmd, shared::kPreconditionResidual, l);
  }
  run_precondition(cmd, shared::kPreconditionRestrict, coarsest);
  run_precondition(cmd, shared::kPreconditionCoarsest, coarsest);
  for (std::size_t l = coarsest; l-- > 0;) {
    run_precondition(cmd, shared::kPreconditionProlong, l);
    run_precondition(cmd, shared::kPreconditionSmooth, l);
  }
}

}  // namespace lfx::gpu

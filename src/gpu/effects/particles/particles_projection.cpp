// The incompressible solver's grid step: from the particle-to-grid sums to a divergence-free
// velocity on the staggered faces (docs/particles.md, "The incompressible solver").
#include "liquidfx/gpu/detail/descriptors.h"
#include "liquidfx/gpu/effects/particles_solver.h"
#include "solver_dispatch.h"

namespace lfx::gpu {

void ParticlesSolver::record_projection(VkCommandBuffer cmd, GpuTimer* timer, const shared::ParticlesStepPush& push) {
  {
    PassScope pass(timer, cmd, "particles faces");
    vkCmdFillBuffer(cmd, brick_flags_.handle(), 0, VK_WHOLE_SIZE, 0);
    solver_barrier(cmd);
    run_per_node(cmd, mac_cells_, push);
    run_per_node(cmd, mac_faces_, push);
  }
  {
    // Conjugate gradients on the bricks that hold liquid, whose scalars stay on the GPU: every
    // iteration is recorded, and once the residual is small enough the per-brick passes'
    // indirect dispatch is empty, so the iterations left cost a few empty dispatches each.
    PassScope pass(timer, cmd, "particles pressure");
    shared::ParticlesPressurePush reduce{0u, driver_.knobs().pressure_tolerance,
                                         std::uint32_t(driver_.knobs().max_pressure_iterations), 0u};
    const auto run_reduce = [&](std::uint32_t stage) {
      reduce.stage = stage;
      pressure_reduce_.bind(cmd);
      bind_all(cmd, pressure_reduce_);
      pressure_reduce_.push_constants(cmd, reduce);
      if (stage == 0)
        vkCmdDispatch(cmd, 1, 1, 1);
      else
        vkCmdDispatchIndirect(cmd, solve_.handle(), offsetof(shared::PressureSolve, reduce_dispatch));
      solver_barrier(cmd);
    };
    const auto run_per_brick = [&](const Pipeline& pipeline) {
      pipeline.bind(cmd);
      bind_all(cmd, pipeline);
      pipeline.push_constants(cmd, push);
      vkCmdDispatchIndirect(cmd, solve_.handle(), offsetof(shared::PressureSolve, dispatch));
      solver_barrier(cmd);
    };
    pressure_bricks_.bind(cmd);
    bind_all(cmd, pressure_bricks_);
    pressure_bricks_.push_constants(cmd, push);
    vkCmdDispatch(cmd, 1, 1, 1);
    solver_barrier(cmd);
    run_per_brick(pressure_setup_);
    run_reduce(0);
    for (int i = 0; i < driver_.knobs().max_pressure_iterations; ++i) {
      run_per_brick(pressure_apply_);
      run_reduce(1);
      run_per_brick(pressure_update_);
      run_reduce(2);
    }
  }
  {
    PassScope pass(timer, cmd, "particles projection");
    run_per_node(cmd, mac_project_, push);
    run_per_node(cmd, mac_extrapolate_, push);                       // faces -> copy
    run_per_node(cmd, mac_extrapolate_, push, /*swap_faces=*/true);  // copy -> faces
  }
}

}  // namespace lfx::gpu

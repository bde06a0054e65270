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
    run(cmd, mac_cells_, step_nodes());
    run(cmd, mac_faces_, step_nodes());
  }
  {
    // Conjugate gradients on the bricks that hold liquid, whose scalars stay on the GPU: every
    // iteration is recorded, and once the residual is small enough the per-brick passes'
    // indirect dispatch is empty, so the iterations left cost a few empty dispatches each.
    PassScope pass(timer, cmd, "particles pressure");
    shared::ParticlesPressurePush reduce{0u, driver_.knobs().pressure_tolerance,
                                         std::uint32_t(driver_.knobs().max_pressure_iterations), 0u};
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
    run(cmd, pressure_bricks_, step_once());
    run(cmd, pressure_setup_, per_brick);
    run_reduce(0);
    for (int i = 0; i < driver_.knobs().max_pressure_iterations; ++i) {
      run(cmd, pressure_apply_, per_brick);
      run_reduce(1);
      run(cmd, pressure_update_, per_brick);
      run_reduce(2);
    }
  }
  {
    PassScope pass(timer, cmd, "particles projection");
    run(cmd, mac_project_, step_nodes());
    run(cmd, mac_extrapolate_, step_nodes());                       // faces -> copy
    run(cmd, mac_extrapolate_, step_nodes(), /*swap_faces=*/true);  // copy -> faces
  }
}

}  // namespace lfx::gpu

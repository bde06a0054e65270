// The pressure solve's per-cell passes: a workgroup per listed brick of 4 x 4 x 4 cells; the
// cells, the solve's scalars, and each subgroup's partial sums. Include after mac_common.glsl,
// in a pass of kParticleGroupSize invocations dispatched from PressureSolve::dispatch.
#extension GL_KHR_shader_subgroup_arithmetic : require
layout(set = 0, binding = 18, std430) buffer Cells { vec4 cells[]; };  // phi, type, diagonal, liquid fraction
layout(set = 0, binding = 21, std430) writeonly buffer Partials { vec4 partials[]; };
layout(set = 0, binding = 22, std430) readonly buffer Solve { PressureSolve solve; };

layout(set = 0, binding = 25, std430) readonly buffer BrickList { uint brick_list[]; };

// The workgroup's place in the brick list (the bricks are listed in grid order).
uint brick_slot() { return listed_slot(); }

// This invocation's cell in its brick, -1 past the grid's end.
int brick_cell() {
  if (brick_slot() >= solve.bricks) return -1;  // the dispatch's last row runs past the list
  return brick_node(int(brick_list[brick_slot()]), grid_dims);
}

// Sums `mine` over each subgroup and writes the sums as the brick's kPressurePartialSlots
// partials (those past the workgroup's subgroups zero), which the reduction adds in a fixed
// order. A subgroup's sum needs no barrier: a CPU driver runs a workgroup with barriers as
// coroutines, which cost more than the pass's work. Every invocation must call it.
void write_partial(vec4 mine) {
  vec4 sum = subgroupAdd(mine);
  if (brick_slot() >= solve.bricks) return;
  uint first = brick_slot() * kPressurePartialSlots;
  if (subgroupElect()) partials[first + gl_SubgroupID] = sum;
  if (gl_LocalInvocationIndex == 0u)
    for (uint s = gl_NumSubgroups; s < kPressurePartialSlots; ++s) partials[first + s] = vec4(0.0);
}

bool is_liquid(int n) { return n >= 0 && cells[n].y == kCellLiquid; }

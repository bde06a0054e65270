// The pressure solve's per-cell passes: a workgroup per listed brick of 4 x 4 x 4 cells; the
// cells, the solve's scalars, and each workgroup's partial sums. Include after mac_common.glsl,
// in a pass of kParticleGroupSize invocations dispatched from PressureSolve::dispatch.
layout(set = 0, binding = 18, std430) buffer Cells { vec4 cells[]; };  // phi, type, diagonal, liquid fraction
layout(set = 0, binding = 21, std430) writeonly buffer Partials { vec4 partials[]; };
layout(set = 0, binding = 22, std430) readonly buffer Solve { PressureSolve solve; };

layout(set = 0, binding = 25, std430) readonly buffer BrickList { uint brick_list[]; };

shared vec4 partial_sums[64];

// The workgroup's place in the brick list (the bricks are listed in grid order).
uint brick_slot() { return gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x; }

// This invocation's cell in its brick, -1 past the grid's end.
int brick_cell() {
  if (brick_slot() >= solve.bricks) return -1;  // the dispatch's last row runs past the list
  ivec3 bricks = (grid_dims.xyz + kBrickSide - 1) / kBrickSide;
  int b = int(brick_list[brick_slot()]);
  ivec3 brick = ivec3(b % bricks.x, (b / bricks.x) % bricks.y, b / (bricks.x * bricks.y));
  uint t = gl_LocalInvocationIndex;
  ivec3 cell = brick * kBrickSide + ivec3(t & 3u, (t >> 2u) & 3u, t >> 4u);
  return inside_grid(cell, grid_dims) ? node_index(cell, grid_dims) : -1;
}

// Sums `mine` over the workgroup in a fixed order (the same bits every run) and writes it as the
// workgroup's partial. Every invocation must call it.
void write_partial(vec4 mine) {
  uint t = gl_LocalInvocationIndex;
  partial_sums[t] = mine;
  barrier();
  for (uint half_size = 32u; half_size > 0u; half_size >>= 1u) {
    if (t < half_size) partial_sums[t] += partial_sums[t + half_size];
    barrier();
  }
  if (t == 0u && brick_slot() < solve.bricks) partials[brick_slot()] = partial_sums[0];
}

bool is_liquid(int n) { return n >= 0 && cells[n].y == kCellLiquid; }

#version 460
// The multigrid preconditioner's pass: the post-smoothing sweep (level 0: z, and the sums of r . z
// and |r|^2) (pressure_precondition.glsl).
#define PRECONDITION_MODE kPreconditionSmooth
layout(local_size_x = 64) in;
#include "particles/pressure_precondition.glsl"

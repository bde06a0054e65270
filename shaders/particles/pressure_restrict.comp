#version 460
// The multigrid preconditioner's pass: a coarse level's b from the finer level's residual
// (pressure_precondition.glsl).
#define PRECONDITION_MODE kPreconditionRestrict
layout(local_size_x = 64) in;
#include "particles/pressure_precondition.glsl"

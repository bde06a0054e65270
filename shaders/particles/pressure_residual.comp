#version 460
// The multigrid preconditioner's pass: the residual the pre-smoothing sweep leaves
// (pressure_precondition.glsl).
#define PRECONDITION_MODE kPreconditionResidual
layout(local_size_x = 64) in;
#include "particles/pressure_precondition.glsl"

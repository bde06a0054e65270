#version 460
// The multigrid preconditioner's pass: the coarsest level's sweeps, in one thread
// (pressure_precondition.glsl).
#define PRECONDITION_MODE kPreconditionCoarsest
layout(local_size_x = 1) in;
#include "particles/pressure_precondition.glsl"

#version 460
// The multigrid preconditioner's pass: a coarse level's cells from the finer level's
// (pressure_precondition.glsl).
#define PRECONDITION_MODE kPreconditionCoarsen
layout(local_size_x = 64) in;
#include "particles/pressure_precondition.glsl"

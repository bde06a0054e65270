#version 460
// The multigrid preconditioner's pass: the pre-smoothed correction plus the coarser level's,
// prolonged (pressure_precondition.glsl).
#define PRECONDITION_MODE kPreconditionProlong
layout(local_size_x = 64) in;
#include "particles/pressure_precondition.glsl"

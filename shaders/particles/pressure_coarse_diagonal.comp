#version 460
// The multigrid preconditioner's pass: a coarse level's Laplacian diagonal
// (pressure_precondition.glsl).
#define PRECONDITION_MODE kPreconditionDiagonal
layout(local_size_x = 64) in;
#include "particles/pressure_precondition.glsl"

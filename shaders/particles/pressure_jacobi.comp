#version 460
// The Jacobi preconditioner: z = r / diagonal, and the sums of r . z and |r|^2
// (pressure_precondition.glsl).
#define PRECONDITION_MODE kPreconditionJacobi
layout(local_size_x = 64) in;
#include "particles/pressure_precondition.glsl"

#version 460
// The thickness sub-steps this step needs: no face carries more than `cfl` cells a sub-step,
// at most the recorded number (beyond it the outflow limiter still keeps every cell >= 0).
#include "spread/fields.glsl"
layout(local_size_x = 1) in;

void main() {
  float fastest = uintBitsToFloat(control[0]);
  control[1] = uint(clamp(ceil(fastest * dt / (cfl * dh)), 1.0, float(most_substeps)));
}

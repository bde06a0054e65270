#version 460
// A bound on the thickness's transport speed along x and along y, before faces.comp computes it
// (into control[kSpreadControlBound], [+ 1], as the positive floats' bits): the transport is the
// flow's quadratic B-spline (non-negative weights summing to 1: within the coarse faces' largest
// value), moved towards each stroke's velocity by a share in [0, 1] (plow times the finger's
// weight), then slowed below the yield speed. So along each axis it is at most the larger of the
// coarse flow's fastest and the strokes' fastest. faces.comp then computes the faces only on the
// tiles this bound's reach can bring liquid to (activate.comp, modes 3 and 4).
#include "spread/fields.glsl"
layout(local_size_x = 64) in;

// A hair above the bound: the B-spline's sum of weights rounds to within a few ulps of 1.
const float kRoundingSpare = 1.001;

void main() {
  int k = int(gl_GlobalInvocationID.x);
  float fastest_x = 0.0, fastest_y = 0.0;
  if (k < (cells.x + 1) * cells.y) fastest_x = abs(u[k]);
  if (k < cells.x * (cells.y + 1)) fastest_y = abs(v[k]);
  if (k == 0)
    for (uint s = 0u; s < stroke_count; ++s) {
      SpreadStrokeGpu st = stroke(s);
      vec2 velocity = abs(st.to - st.from) / dt;
      fastest_x = max(fastest_x, velocity.x);
      fastest_y = max(fastest_y, velocity.y);
    }
  raise_control(kSpreadControlBound, floatBitsToUint(fastest_x * kRoundingSpare));
  raise_control(kSpreadControlBound + 1u, floatBitsToUint(fastest_y * kRoundingSpare));
}

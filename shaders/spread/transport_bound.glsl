// A bound on the thickness's transport speed along x and along y, before faces.comp computes it
// (into control[kSpreadControlBound], [+ 1], as the positive floats' bits): the transport is the
// flow's quadratic B-spline (non-negative weights summing to 1: within the coarse faces' largest
// value), moved towards each stroke's velocity by a share in [0, 1] (plow times the finger's
// weight), then slowed below the yield speed. So along each axis it is at most the larger of the
// coarse flow's fastest and the strokes' fastest. faces.comp then computes the faces only on the
// tiles this bound's reach can bring liquid to (activate.comp, modes 2 and 3). Raised by
// transport_bound.comp, or by gradient.comp's variant as it stores the projected flow.
// (Included after fields.glsl.)

// A hair above the bound: the B-spline's sum of weights rounds to within a few ulps of 1.
const float kRoundingSpare = 1.001;

// The bound raised by invocation k's coarse faces: the u face k's flow (0 past the u faces) and
// the v face k's; invocation 0 also by the strokes.
void raise_transport_bound(int k, float fastest_x, float fastest_y) {
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

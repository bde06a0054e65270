// The forces on a velocity face's value (spread_simulation.cpp's order: the strokes' drag after
// the advection, the damping where dry and the closed walls after the diffusion), applied where
// the pass before them leaves the value, not in passes of their own: each would cost a dispatch
// and a load and a store of every face.
// (Included after fields.glsl.)

// The strokes' drag on the value of a face at p along `axis` (0: a u face, 1: a v face): the
// liquid around a finger takes on `drag` of its motion, the strokes in order. Not on the walls.
float dragged(float value, vec2 p, int axis) {
  for (uint s = 0u; s < stroke_count; ++s) {
    SpreadStrokeGpu st = stroke(s);
    value += drag * spread_finger_weight(st.from, st.to, st.radius, p) * ((st.to[axis] - st.from[axis]) / dt - value);
  }
  return value;
}

// The flow dies where the liquid is thinner than dry_threshold, and the walls are closed.
float damped(float value, vec2 p, bool wall) {
  if (sample_h(p) < dry_threshold) value *= keep;
  return wall ? 0.0 : value;
}

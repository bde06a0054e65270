// Where a view ray crosses a container's wavy liquid surface (shared/liquid_surface.h).

// Where along the ray (t in [lo, hi]) the surface is crossed, going down into the liquid
// (entering) or up out of it, given the surface distances at both ends; -1 when the ends do not
// straddle it. The search starts in a bracket around the flat plane's crossing, wide enough for
// the waves, and narrowed down.
float find_surface(LiquidContainerGpu c, vec3 ro, vec3 rd, float lo, float hi, float f_lo, float f_hi, bool entering) {
  if (entering ? !(f_lo > 0.0 && f_hi <= 0.0) : !(f_lo <= 0.0 && f_hi > 0.0)) return -1.0;
  vec3 n = c.plane.xyz;
  float along = dot(n, rd);
  if (abs(along) >= 1e-4) {
    float t = (c.plane.w - dot(n, ro)) / along;
    float margin = liquid_surface_reach(c) / abs(along);
    float b0 = clamp(t - margin, lo, hi), b1 = clamp(t + margin, lo, hi);
    float f0 = liquid_surface_distance(c, ro + rd * b0), f1 = liquid_surface_distance(c, ro + rd * b1);
    // The part of [lo, hi] that straddles the surface, the bracket first.
    if ((f0 > 0.0) != (f1 > 0.0)) {
      lo = b0, hi = b1, f_lo = f0, f_hi = f1;
    } else if ((f_lo > 0.0) != (f0 > 0.0)) {
      hi = b0, f_hi = f0;
    } else {
      lo = b1, f_lo = f1;
    }
  }
  // Bisection keeps one crossing in the bracket; over what is left of it the surface is nearly
  // straight, and the Illinois variant of regula falsi (an end that stays twice has its value
  // halved, so that neither end sticks) closes in on it fast: 6 evaluations of the surface where
  // bisection alone took 14.
  int kept = 0;  // which end stayed last: -1 lo, 1 hi
  for (int i = 0; i < 6; ++i) {
    float mid = i < 3 ? 0.5 * (lo + hi) : lo + (hi - lo) * f_lo / (f_lo - f_hi);
    float f = liquid_surface_distance(c, ro + rd * mid);
    if ((f > 0.0) == (f_lo > 0.0)) {
      lo = mid;
      f_lo = f;
      if (i >= 3 && kept == 1) f_hi *= 0.5;
      kept = 1;
    } else {
      hi = mid;
      f_hi = f;
      if (i >= 3 && kept == -1) f_lo *= 0.5;
      kept = -1;
    }
  }
  return lo + (hi - lo) * f_lo / (f_lo - f_hi);
}

// The end of a grid-to-particle pass, the same for both solvers: the speed limit, the move -
// kept inside the tank and outside every collider, from the side the particle came from (so a
// thin wall is never crossed) - foam, and the new record and APIC matrix. The including pass
// declares the records, states, colliders, distance grids, the step's values and the clock, and
// includes particles/colliders.glsl first.

// Foam potentials (Ihmsen et al. 2012, with the APIC matrix standing in for the neighbours'
// relative velocities): trapped air where the liquid whirls, crests where a thin, fast part of
// the surface flies out.
float foam_source(mat3 gradient_per_second, float ratio, float speed) {
  vec3 curl = vec3(gradient_per_second[1][2] - gradient_per_second[2][1],
                   gradient_per_second[2][0] - gradient_per_second[0][2],
                   gradient_per_second[0][1] - gradient_per_second[1][0]);
  float trapped = clamp((length(curl) - 6.0) / 24.0, 0.0, 1.0);
  float crest = clamp((0.8 - ratio) / 0.4, 0.0, 1.0) * clamp((speed - 0.8) / 1.2, 0.0, 1.0);
  return trapped + crest;
}

// Particle i, read as r, moves by v (cells per step) with velocity gradient c (per step) and
// density ratio (to the rest density).
void move_particle(uint i, ParticleRecord r, vec3 v, mat3 c, float ratio) {
  float dx = grid_origin.w, dt = domain_min.w;
  float limit = speed_limit;
  if (length(v) > limit) v *= limit / length(v);

  // The move, in metres.
  vec3 from = r.position_foam.xyz;
#ifdef LFX_MOVE_WITH_MEAN_VELOCITY
  // Where the particle accelerates hard (a fall, a surge: from 1 m/s^2, fully from 5), with the
  // mean of the step's old and new velocity, exact under a steady acceleration, where the new
  // one alone runs ahead by half a step's worth of it every step. Where it only trembles, with
  // the new velocity (symplectic Euler): the mean feeds every oscillation, multiplying a mode's
  // energy by 1 + (w dt)^2 / 2 a step: with 1/120 s steps a lake at rest kept gaining kinetic
  // energy (8 times in 9 s), where now it stays still.
  vec3 change = v - r.velocity_density.xyz * (dt / dx);  // cells per step
  float acceleration = length(change) * dx / (dt * dt);  // m/s^2
  vec3 to = from + (v - 0.5 * smoothstep(1.0, 5.0, acceleration) * change) * dx;
#else
  vec3 to = from + v * dx;
#endif
  vec3 velocity = v * (dx / dt);  // m/s
  for (uint n = 0u; n < collider_count; ++n) {
    ParticleCollider collider = colliders[collider_first + n];
    Contact end = collider_contact(collider, to);
    float margin = 0.05 * dx;
    if (end.distance >= margin) continue;
    Contact start = collider_contact(collider, from);
    vec3 normal = end.normal;
    if (start.distance >= margin) {
      // It was outside: it stays on that side, sliding along the wall it reached.
      normal = start.normal;
      vec3 step = to - from;
      to = from + step - min(dot(step, normal), 0.0) * normal;
      if (collider_contact(collider, to).distance < margin) to = from;
    } else {
      to += normal * (margin - end.distance);  // already inside (a solid moved onto it): out
    }
    velocity = slide_along(velocity, Contact(0.0, normal, end.velocity), end.velocity);
  }
  // The tank's walls.
  vec3 lo = domain_min.xyz + 0.25 * dx, hi = domain_max.xyz - 0.25 * dx;
  for (int a = 0; a < 3; ++a) {
    if (to[a] < lo[a]) {
      to[a] = lo[a];
      velocity[a] = max(velocity[a], 0.0);
    } else if (to[a] > hi[a]) {
      to[a] = hi[a];
      velocity[a] = min(velocity[a], 0.0);
    }
  }

  mat3 gradient = c / dt;  // 1/s
  float foam = r.position_foam.w * material.w + material.z * foam_source(gradient, ratio, length(velocity)) *
                                                    (1.0 - r.position_foam.w);
  records[i].position_foam = vec4(to, clamp(foam, 0.0, 1.0));
  records[i].velocity_density = vec4(velocity, ratio);
  // The clock sizes the next step from the fastest particle (a plain read first spares most of
  // the atomics: the largest only grows).
  uint speed = floatBitsToUint(length(velocity));
  if (speed > clock.largest_speed) atomicMax(clock.largest_speed, speed);
  ParticleState state = states[i];
  mat3 rows = transpose(gradient);
  states[i].c_row0 = vec4(rows[0], state.c_row0.w);
  states[i].c_row1 = vec4(rows[1], 0.0);
  states[i].c_row2 = vec4(rows[2], 0.0);
}

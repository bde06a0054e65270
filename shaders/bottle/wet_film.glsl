// The wet film the slosh leaves on the inner wall above the waterline: sheets near the liquid
// breaking into droplets higher up, fading as it drains (film heights from the slosh core).

// How much of the wall at p, `above` the liquid surface (liquid_surface_distance), is wet (0..1).
float wet_film(LiquidContainerGpu c, vec3 p, float above) {
  if (c.center.w <= 0.0 || c.center.w >= 1.0) return 0.0;
  vec2 side = p.xz - c.center.xz;
  float len = length(side);
  if (above <= 0.0 || len < 1e-5) return 0.0;
  side /= len;
  float line = c.film.x * max(side.x, 0.0) + c.film.y * max(-side.x, 0.0) + c.film.z * max(side.y, 0.0) +
               c.film.w * max(-side.y, 0.0);
  if (above >= line) return 0.0;
  float sheets = gradient_noise(vec3(p * vec3(140.0, 45.0, 140.0))).x * 0.5 + 0.5;
  float drops = gradient_noise(vec3(p * 420.0)).x * 0.5 + 0.5;
  float height = above / max(line, 1e-4);
  float coverage = mix(sheets, drops, smoothstep(0.2, 0.8, height));
  return smoothstep(0.45, 0.6, coverage) * (1.0 - height);
}

// The film's colour on a wall with normal n: whitish, with a little of the liquid's colour.
vec3 wet_film_color(LiquidContainerGpu c, vec3 p, vec3 n) {
  vec3 lit = vec3(0.2 + 0.8 * abs(dot(n, frame.sun_direction.xyz)));
  return mix(vec3(0.9), c.body_color.rgb, 0.5) * lit * (frame.sun_radiance.rgb * 0.3 + sky_light(n));
}

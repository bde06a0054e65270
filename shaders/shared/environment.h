// What a direction sees far away: a sky gradient above the horizon, the ground below. Used as
// the room's background and as the environment that liquids and glass reflect.
#ifndef LFX_SHARED_ENVIRONMENT_H
#define LFX_SHARED_ENVIRONMENT_H

#include "prelude.h"

LFX_SHARED_BEGIN

// dir: unit direction. Colours are linear radiance.
LFX_FN vec3 environment_radiance(vec3 dir, vec3 zenith, vec3 horizon, vec3 ground, vec3 sun_dir, vec3 sun) {
  float up = dir.y;
  vec3 sky = mix(horizon, zenith, sqrt(clamp(up, 0.0f, 1.0f)));
  // A soft glow and a small disc around the sun, so glossy surfaces catch a highlight.
  // Powers by squaring: a CPU rasteriser runs pow as a logarithm and an exponential.
  float cos_sun = max(dot(dir, sun_dir), 0.0f);
  float cos_sun2 = cos_sun * cos_sun, cos_sun4 = cos_sun2 * cos_sun2;
  sky += sun * (0.02f * cos_sun4 * cos_sun4 + 0.5f * smoothstep(0.9995f, 0.9999f, cos_sun));
  float below = smoothstep(0.0f, -0.05f, up);
  return mix(sky, ground, below);
}

// Schlick's approximation of the Fresnel reflectance: f0 head-on (0.04 glass, 0.02 water),
// rising to 1 at grazing angles. cos_theta: cosine between the normal and the view.
// cos_theta may exceed 1 by a rounding error (a normal not quite unit): the base is kept at 0 or
// above. The fifth power by multiplies, as environment_radiance's.
LFX_FN float fresnel_schlick(float f0, float cos_theta) {
  float m = max(1.0f - cos_theta, 0.0f), m2 = m * m;
  return f0 + (1.0f - f0) * m2 * m2 * m;
}

LFX_SHARED_END

#endif

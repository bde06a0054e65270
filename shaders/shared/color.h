// Colour transforms shared by the tonemap pass and the CPU: exposure, filmic curve, sRGB.
#ifndef LFX_SHARED_COLOR_H
#define LFX_SHARED_COLOR_H

#include "prelude.h"

LFX_SHARED_BEGIN

// Filmic curve (Narkowicz's fit of the ACES reference tonemap): linear HDR -> [0, 1].
LFX_FN vec3 tonemap_filmic(vec3 x) {
  x = max(x, vec3(0.0f));
  return clamp((x * (2.51f * x + 0.03f)) / (x * (2.43f * x + 0.59f) + 0.14f), vec3(0.0f), vec3(1.0f));
}

// Linear [0, 1] -> sRGB-encoded [0, 1] (the piecewise IEC 61966-2-1 curve).
LFX_FN float linear_to_srgb(float c) {
  return c <= 0.0031308f ? 12.92f * c : 1.055f * pow(c, 1.0f / 2.4f) - 0.055f;
}

LFX_FN vec3 linear_to_srgb3(vec3 c) {
  return vec3(linear_to_srgb(c.x), linear_to_srgb(c.y), linear_to_srgb(c.z));
}

// HDR radiance -> display sRGB in [0, 1], exposure in stops.
LFX_FN vec3 display_color(vec3 hdr, float exposure_stops) {
  return linear_to_srgb3(tonemap_filmic(hdr * exp2(exposure_stops)));
}

// HDR -> display sRGB without the curve: exposure, then clipped to [0, 1]. For 2D scenes whose
// pictures are already display colours (a photo under ripples must come out as it went in).
LFX_FN vec3 display_color_clipped(vec3 hdr, float exposure_stops) {
  return linear_to_srgb3(clamp(hdr * exp2(exposure_stops), vec3(0.0f), vec3(1.0f)));
}

LFX_SHARED_END

#endif

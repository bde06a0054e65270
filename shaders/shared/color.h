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

// Linear [0, 1] -> sRGB-encoded [0, 1] (the piecewise IEC 61966-2-1 curve). Its power part,
// 1.055 c^(1/2.4) - 0.055, as a sum of c's square root, fourth and eighth roots (a least-squares
// fit reweighted towards the largest error, exact at 1): within 0.009 of an 8-bit level over
// [0.0031308, 1], and three square roots cost a CPU driver half of what pow did (a tonemap pass
// was half pow).
LFX_FN float linear_to_srgb(float c) {
  if (c <= 0.0031308f) return 12.92f * c;
  const float r2 = sqrt(c), r4 = sqrt(r2), r8 = sqrt(r4);
  return -0.0029374205f + 0.6506550488f * r2 + 0.6953040768f * r4 - 0.3236180114f * r8 - 0.0194036936f * c;
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

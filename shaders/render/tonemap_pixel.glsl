// HDR scene colour -> display, a pixel at a time (render/tonemap.comp over the whole frame,
// render/tonemap_tiles.comp over listed tiles): exposure, filmic curve (or a clip), sRGB encoding,
// and a tiny blue-ish noise dither so that smooth gradients do not band in 8 bits.
#include "render/frame_block.glsl"
#include "shared/frame.h"
#include "shared/color.h"

// A storage image's plain load: a CPU driver's sampler fetch of the same texel costs several
// times more.
layout(set = 0, binding = 1, rgba16f) readonly uniform image2D hdr_color;
layout(set = 0, binding = 2, rgba8) writeonly uniform image2D display;
// Not a branch on a push constant: a CPU driver runs both sides of a branch, each side its own
// sRGB encoding.
layout(constant_id = LFX_FRAME_FILMIC_CONSTANT) const bool kFilmic = true;

// Interleaved gradient noise in [0, 1): deterministic per pixel.
float pixel_noise(vec2 p) { return fract(52.9829189 * fract(dot(p, vec2(0.06711056, 0.00583715)))); }

void tonemap_pixel(ivec2 p) {
  if (any(greaterThanEqual(p, imageSize(display)))) return;
  vec3 hdr = imageLoad(hdr_color, p).rgb;
  vec3 color = kFilmic ? display_color(hdr, frame.ground.w) : display_color_clipped(hdr, frame.ground.w);
  color += (pixel_noise(vec2(p)) - 0.5) / 255.0;
  imageStore(display, p, vec4(clamp(color, 0.0, 1.0), 1.0));
}

// What the splats leave in each surface pixel, summed so that the order of the particles does
// not matter (integer atomics): the nearest entry depth (an atomic min of the float's bits, which
// order like the positive floats they are), the thickness along the ray, the colour weighted by
// it, and the foam sprites' layer. The liquid behind the opaque scene is left out, so it stays
// hidden. The including shader declares the splat push block.

layout(set = 0, binding = 3, std430) buffer DepthBits { uint depth_bits[]; };
layout(set = 0, binding = 4, std430) buffer Thickness { uint thickness[]; };
layout(set = 0, binding = 5) uniform sampler2D scene_depth;  // linear view depth, full frame
layout(set = 0, binding = 10, std430) buffer ColorSums { uint color_sums[]; };  // rgb x thickness, 3 a pixel
layout(set = 0, binding = 11, std430) buffer FoamSums { uint foam_sums[]; };    // foam sprites

struct PixelSums {
  uint depth_bits;
  uint thickness;
  uvec3 color;
  uint foam;
};

PixelSums no_sums() { return PixelSums(0xFFFFFFFFu, 0u, uvec3(0u), 0u); }

// The opaque scene's depth in front of surface pixel p.
float scene_depth_at(ivec2 p) {
  ivec2 full = textureSize(scene_depth, 0);
  return texelFetch(scene_depth, min(ivec2((vec2(p) + 0.5) / scale), full - 1), 0).r;
}

void add_splat(inout PixelSums sums, float front, float through_m, float central, vec4 color_foam) {
  uint through = uint(through_m * kSurfaceThicknessScale + 0.5);
  sums.depth_bits = min(sums.depth_bits, floatBitsToUint(front));
  sums.thickness += through;
  // The colour along the ray, weighted by how much liquid each particle puts on it.
  if (has_color == 1u) sums.color += uvec3(color_foam.rgb * 255.0 + 0.5) * through;
  // Foam is a layer of soft sprites added on top (a bright dot for a lone droplet of spray,
  // white where many foamy particles stack), not a share of the liquid.
  sums.foam += uint(color_foam.a * central * central * kSurfaceFoamScale + 0.5);
}

void store_sums(ivec2 p, PixelSums sums) {
  if (sums.depth_bits == 0xFFFFFFFFu) return;
  uint k = uint(p.y * size.x + p.x);
  atomicMin(depth_bits[k], sums.depth_bits);
  atomicAdd(thickness[k], sums.thickness);
  if (sums.foam > 0u) atomicAdd(foam_sums[k], sums.foam);
  if (has_color == 1u) {
    atomicAdd(color_sums[3u * k], sums.color.r);
    atomicAdd(color_sums[3u * k + 1u], sums.color.g);
    atomicAdd(color_sums[3u * k + 2u], sums.color.b);
  }
}

// The splat's share of the pixel whose ray is `ray`, where it is in front of the opaque scene.
void splat_pixel(inout PixelSums sums, Splat s, PixelRay ray, float scene) {
  float front, through, central;
  if (trace_splat(s, ray, front, through, central) && front <= scene) add_splat(sums, front, through, central, s.color_foam);
}

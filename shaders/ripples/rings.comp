#version 460
// The ring ripples over an image: every pixel sums the ripples binned into its tile (never all
// of them), displaces its look-up into the input by their push and pull, catches light on the
// crests from the analytic gradient of the rings, and adds the dappled caustics under them.
#include "ripples/bin_common.glsl"

layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 4) uniform sampler2D source;
layout(set = 0, binding = 5, rgba16f) writeonly uniform image2D target;

void main() {
  ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
  if (any(greaterThanEqual(pixel, image_size))) return;
  float short_side = float(min(image_size.x, image_size.y));
  vec2 p = (vec2(pixel) + 0.5) / short_side;
  uint tile = uint((pixel.y / kRippleTileSize) * tiles.x + pixel.x / kRippleTileSize);
  vec2 push = vec2(0.0), gradient = vec2(0.0);
  float visibility = 0.0;
  bool every_ripple = look.w > 0.0;  // the brute-force baseline of the benchmark
  uint begin = every_ripple ? 0u : tile_offset[tile];
  uint end = every_ripple ? ripple_count : begin + tile_count[tile];
  for (uint i = begin; i < end; ++i) {
    RippleSample s = ripple_at(ripples[every_ripple ? i : tile_entry[i]], params, p);
    push += s.push;
    gradient += s.gradient;
    visibility += s.visibility;
  }
  vec2 uv = (vec2(pixel) + 0.5 + push * short_side) / vec2(image_size);
  vec3 color = textureLod(source, uv, 0.0).rgb;
  // Light from the upper left catches the slopes that face it; the opposite slopes darken.
  float facing = dot(gradient, normalize(vec2(-1.0, -1.0))) * params.ring.y;
  color *= 1.0 + clamp(facing, -0.5, 1.0) * look.z * 0.5;
  color += vec3(max(facing, 0.0) * look.z * 0.08);
  // The caustics dapple the light where the rings move the water and fade out with them: a
  // host's canvas keeps every pixel no ring reaches.
  float reach = clamp(2.0 * visibility, 0.0, 1.0);
  if (look.x > 0.0 && reach > 0.0) color *= 1.0 + look.x * reach * (ripple_caustics(p, look.y) - 0.35 + 0.5 * visibility);
  imageStore(target, pixel, vec4(color, 1.0));
}

// Which fragments of the liquid mesh are liquid: below the surface equation and not behind
// the opaque scene (tested against the scene depth copy, since the depth attachment of these
// passes is the liquid's own).
layout(set = 0, binding = 2) uniform sampler2D scene_depth;  // linear view depth, metres

bool is_liquid(LiquidContainerGpu c, vec3 world) {
  if (liquid_surface_distance(c, world) > 0.0) return false;
  float opaque = texelFetch(scene_depth, ivec2(gl_FragCoord.xy), 0).r;
  return view_depth_of(world) <= opaque + 1e-4;
}

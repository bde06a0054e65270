#version 460
// The container's glass: thin walls with Fresnel reflection of the sky and the sun, a little
// refraction (front faces, which see the liquid in the refreshed scene copy), and the wet film
// left on the inner wall above the waterline, broken into sheets and droplets.
#include "bottle/bottle_common.glsl"
#include "shared/bottle.h"

layout(set = 0, binding = 2) uniform sampler2D scene_color;  // with mips
layout(location = 0) in vec3 world_position;
layout(location = 1) in vec3 world_normal;
layout(push_constant) uniform Push { LFX_BOTTLE_GLASS_PUSH };
layout(location = 0) out vec4 out_color;

// How much of the wall at p is wet: between the waterline and the film line of its side.
float wet_film(LiquidContainerGpu c, vec3 p) {
  if (c.center.w <= 0.0 || c.center.w >= 1.0) return 0.0;
  float above = liquid_surface_distance(c, p);
  vec2 side = p.xz - c.center.xz;
  float len = length(side);
  if (above <= 0.0 || len < 1e-5) return 0.0;
  side /= len;
  float line = c.film.x * max(side.x, 0.0) + c.film.y * max(-side.x, 0.0) + c.film.z * max(side.y, 0.0) +
               c.film.w * max(-side.y, 0.0);
  if (above >= line) return 0.0;
  // Sheets near the liquid, breaking into droplets higher up, fading as it drains.
  float sheets = gradient_noise(vec3(p * vec3(140.0, 45.0, 140.0))).x * 0.5 + 0.5;
  float drops = gradient_noise(vec3(p * 420.0)).x * 0.5 + 0.5;
  float height = above / max(line, 1e-4);
  float coverage = mix(sheets, drops, smoothstep(0.2, 0.8, height));
  return smoothstep(0.45, 0.6, coverage) * (1.0 - height);
}

void main() {
  LiquidContainerGpu c = containers[container];
  vec3 n = normalize(world_normal);
  vec3 v = normalize(frame.camera_position.xyz - world_position);
  if (dot(n, v) < 0.0) n = -n;  // the wall's side that faces the eye
  float ndv = clamp(dot(n, v), 0.0, 1.0);
  float fresnel = fresnel_schlick(0.04, ndv);
  vec3 sun = frame.sun_direction.xyz;
  vec3 reflected = frame_environment(reflect(-v, n));
  vec3 highlight = frame.sun_radiance.rgb * pow(max(dot(n, normalize(v + sun)), 0.0), 400.0) * 3.0;
  float film = wet_film(c, world_position) * look.y;
  vec3 film_color = mix(vec3(0.9), c.body_color.rgb, 0.5) * (0.2 + 0.8 * max(dot(n, sun), 0.0));

  if (front == 1u) {
    // The wall bends what is behind it a little and tints it.
    vec3 nv = mat3(frame.view) * n;
    vec2 uv = gl_FragCoord.xy * frame.viewport.zw + vec2(nv.x, -nv.y) * look.x * (1.0 - ndv);
    vec3 behind = textureLod(scene_color, clamp(uv, vec2(0.001), vec2(0.999)), 0.0).rgb;
    vec3 glass = mix(behind, behind * tint_opacity.rgb, 0.5 + 0.5 * tint_opacity.a) * (1.0 - fresnel);
    glass = mix(glass, tint_opacity.rgb * 0.5 * (frame.sky_horizon.rgb + frame.sun_radiance.rgb * 0.2), tint_opacity.a);
    glass += reflected * fresnel + highlight;
    out_color = vec4(mix(glass, film_color, film * 0.6) + highlight * film, 1.0);
  } else {
    // The far wall, seen through the near one: a faint reflection and the film, blended over.
    float alpha = clamp(tint_opacity.a + fresnel * 0.5, 0.0, 1.0);
    vec3 premultiplied = (reflected * fresnel * 0.6 + highlight * 0.5) + film_color * film * 0.5;
    out_color = vec4(premultiplied, max(alpha * 0.5, film * 0.5));
  }
}

#version 460
// Ray-traced sphere impostors: exact silhouette, depth and normal; sun, sky and a highlight;
// foam whitens.
#include "render/frame_block.glsl"
#include "shared/particles.h"

layout(push_constant) uniform Push { LFX_PARTICLES_DRAW_PUSH };

layout(location = 0) in vec3 view_centre;
layout(location = 1) in vec3 view_corner;
layout(location = 2) flat in vec4 color_foam;
layout(location = 0) out vec4 out_color;

void main() {
  // The fragment's ray (from the eye in perspective, from the image plane in orthographic).
  vec4 corner_clip = frame.proj * vec4(view_corner, 1.0);
  vec2 ndc = corner_clip.xy / corner_clip.w;
  vec3 origin = view_ray_origin(ndc, frame.proj), dir = normalize(view_ray_step(ndc, frame.proj));
  vec3 centre = view_centre - origin;
  float b = dot(dir, centre);
  float h = b * b - dot(centre, centre) + radius * radius;
  if (h < 0.0) discard;
  vec3 hit = origin + dir * (b - sqrt(h));
  vec3 view_normal = (hit - view_centre) / radius;
  vec4 clip = frame.proj * vec4(hit, 1.0);
  gl_FragDepth = clip.z / clip.w;

  mat3 view_to_world = transpose(mat3(frame.view));
  vec3 n = view_to_world * view_normal;
  vec3 to_eye = view_to_world * -dir;
  vec3 sun = frame.sun_direction.xyz;
  vec3 albedo = mix(color_foam.rgb, vec3(0.9), clamp(color_foam.a * foam_whiten, 0.0, 1.0));
  vec3 sky = mix(frame.sky_horizon.rgb, frame.sky_zenith.rgb, clamp(n.y, 0.0, 1.0));
  vec3 light = albedo * (max(dot(n, sun), 0.0) * frame.sun_radiance.rgb + sky);
  vec3 half_vector = normalize(sun + to_eye);
  float specular = pow(max(dot(n, half_vector), 0.0), 64.0) * fresnel_schlick(0.02, max(dot(n, to_eye), 0.0)) * 8.0;
  out_color = vec4(light + specular * frame.sun_radiance.rgb, 1.0);
}

#version 460
// Lights the room: sun with soft shadows cast by the props, sky ambient with occlusion, a
// box-filtered checker on the floor and tiles on the wall (no aliasing at any distance).
#include "render/frame_block.glsl"
#include "shared/room.h"

layout(set = 0, binding = 1, std140) uniform RoomBlock {
  RoomParams room;
};
layout(set = 0, binding = 2, std430) readonly buffer PropBlock {
  RoomProp props[];
};

layout(location = 0) in vec3 world_position;
layout(location = 1) in vec3 world_normal;
layout(location = 2) flat in vec4 albedo_surface;
layout(location = 0) out vec4 out_color;

float scene_distance(vec3 p) {
  float d = 1e9;
  int count = int(room.wall_b.w);
  for (int i = 0; i < count; ++i) d = min(d, room_prop_distance(props[i], p));
  return d;
}

// Soft shadow by sphere tracing the props' distance field towards the sun: the closest miss,
// relative to distance travelled, sets the penumbra.
float soft_shadow(vec3 origin, vec3 dir) {
  float k = room.lighting.y;
  float light = 1.0;
  float t = 0.01;
  for (int i = 0; i < 48 && t < 12.0; ++i) {
    float h = scene_distance(origin + dir * t);
    if (h < 1e-4) return 0.0;
    light = min(light, k * h / t);
    t += clamp(h, 0.01, 0.5);
  }
  return smoothstep(0.0, 1.0, light);
}

// Ambient occlusion from five samples of the distance field along the normal.
float ambient_occlusion(vec3 p, vec3 n) {
  float occlusion = 0.0;
  float weight = 1.0;
  for (int i = 1; i <= 5; ++i) {
    float h = 0.06 * float(i);
    occlusion += weight * max(h - scene_distance(p + n * h), 0.0);
    weight *= 0.6;
  }
  return clamp(1.0 - room.lighting.z * 3.0 * occlusion, 0.0, 1.0);
}

// Box-filtered checker: the exact average of the pattern over the pixel footprint.
float filtered_checker(vec2 p, vec2 footprint) {
  vec2 w = max(footprint, vec2(1e-4));
  vec2 i = 2.0 * (abs(fract((p - 0.5 * w) * 0.5) - 0.5) - abs(fract((p + 0.5 * w) * 0.5) - 0.5)) / w;
  return 0.5 - 0.5 * i.x * i.y;
}

void main() {
  vec3 n = normalize(world_normal);
  vec3 albedo = albedo_surface.rgb;
  int surface = int(albedo_surface.w + 0.5);
  float square = room.floor_a.w;
  if (surface == 0) {
    vec2 p = world_position.xz / square;
    albedo = mix(room.floor_a.rgb, room.floor_b.rgb, filtered_checker(p, fwidth(p)));
  } else if (surface == 1) {
    vec2 p = world_position.xy / (0.5 * square);
    float tile = filtered_checker(p, fwidth(p));
    // Thin grout lines between the wall tiles.
    vec2 f = abs(fract(p) - 0.5);
    vec2 grout = smoothstep(vec2(0.46) - fwidth(p), vec2(0.46), f);
    albedo = mix(room.wall_a.rgb, room.wall_b.rgb, tile * 0.6) * (1.0 - 0.25 * max(grout.x, grout.y));
  }

  vec3 sun_dir = frame.sun_direction.xyz;
  float n_dot_l = max(dot(n, sun_dir), 0.0);
  float shadow = n_dot_l > 0.0 ? soft_shadow(world_position + n * 0.003, sun_dir) : 0.0;
  float ao = ambient_occlusion(world_position, n);
  vec3 sky_light = mix(frame.ground.rgb, mix(frame.sky_horizon.rgb, frame.sky_zenith.rgb, 0.5), 0.5 + 0.5 * n.y);
  vec3 color = albedo * (frame.sun_radiance.rgb * n_dot_l * shadow + room.lighting.x * sky_light * ao);

  // Props are slightly glossy: a sun highlight and a faint sky reflection.
  if (surface == 2) {
    vec3 v = frame_to_eye(world_position);
    vec3 h = normalize(v + sun_dir);
    float fresnel = fresnel_schlick(0.04, max(dot(n, v), 0.0));
    color += frame.sun_radiance.rgb * shadow * pow(max(dot(n, h), 0.0), 64.0) * 0.25 * n_dot_l;
    vec3 r = reflect(-v, n);
    color += fresnel * 0.5 * ao * frame_environment(r);
  }
  out_color = vec4(color, 1.0);
}

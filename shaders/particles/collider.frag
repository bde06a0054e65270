#version 460
// Ray-traced box or sphere (exact silhouette and depth), lit like the room's props.
#include "render/frame_block.glsl"
#include "shared/particles.h"

layout(push_constant) uniform Push { LFX_PARTICLES_COLLIDER_DRAW_PUSH };
layout(location = 0) in vec3 world_position;
layout(location = 0) out vec4 out_color;

void main() {
  vec4 inverse_rotation = vec4(-rotation.xyz, rotation.w);
  vec3 ray_origin, ray_dir;
  frame_pixel_ray(gl_FragCoord.xy, ray_origin, ray_dir);
  vec3 origin = quat_rotate(inverse_rotation, ray_origin - position_kind.xyz);
  vec3 dir = quat_rotate(inverse_rotation, ray_dir);
  float t;
  vec3 local_normal;
  if (floatBitsToUint(position_kind.w) == kColliderSphere) {
    float b = dot(origin, dir);
    float h = b * b - dot(origin, origin) + size.x * size.x;
    if (h < 0.0) discard;
    t = -b - sqrt(h);
    local_normal = (origin + t * dir) / size.x;
  } else {
    // Slabs: the entry point is where the last of the three axes is entered.
    vec3 inv = 1.0 / dir;
    vec3 t0 = (-size.xyz - origin) * inv, t1 = (size.xyz - origin) * inv;
    vec3 near = min(t0, t1), far = max(t0, t1);
    t = max(max(near.x, near.y), near.z);
    if (t > min(min(far.x, far.y), far.z)) discard;
    local_normal = near.x == t ? vec3(-sign(dir.x), 0, 0) : near.y == t ? vec3(0, -sign(dir.y), 0) : vec3(0, 0, -sign(dir.z));
  }
  if (t < 0.0) discard;  // the camera is inside
  vec3 hit = ray_origin + ray_dir * t;
  vec4 clip = frame.view_proj * vec4(hit, 1.0);
  gl_FragDepth = clip.z / clip.w;
  vec3 n = quat_rotate(rotation, local_normal);
  vec3 sky = mix(frame.sky_horizon.rgb, frame.sky_zenith.rgb, 0.5 + 0.5 * n.y);
  out_color = vec4(color.rgb * (max(dot(n, frame.sun_direction.xyz), 0.0) * frame.sun_radiance.rgb + sky), 1.0);
}

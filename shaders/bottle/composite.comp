#version 460
// The liquid of one container over its screen rectangle. Per pixel: where the view ray enters
// the liquid (a front face below the surface, or the wavy top seen through the opening) and
// where it leaves (a back face, the surface from below, or opaque geometry); what is seen
// through that path (the scene copy, refracted, absorbed by Beer-Lambert over the path length);
// bubbles met on the way (ray-traced, so they sit inside the liquid and never above its
// surface, and opaque objects in front hide them); the meniscus and foam at the waterline;
// Fresnel reflection and the sun's highlight on the top. The opaque style instead
// paints the body and the top in two flat colours with a rim gradient.
#include "bottle/bottle_common.glsl"
#include "shared/bottle.h"

layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 2, std430) readonly buffer Bubbles {
  vec4 bubbles[];  // xyz world centre, w radius
};
layout(set = 0, binding = 3) uniform sampler2D front_depth;   // device depth of front faces, 1 = none
layout(set = 0, binding = 4) uniform sampler2D front_normal;  // world normal where the ray enters
layout(set = 0, binding = 5) uniform sampler2D back_depth;    // device depth of back faces, 1 = none
layout(set = 0, binding = 6) uniform sampler2D scene_color;   // with mips, for blurred refraction
layout(set = 0, binding = 7) uniform sampler2D scene_depth;   // linear view depth of the opaque scene
layout(set = 0, binding = 8, rgba16f) uniform image2D color;
layout(set = 0, binding = 9, rgba32f) writeonly uniform image2D debug_entry;
layout(set = 0, binding = 10, rgba32f) writeonly uniform image2D debug_bubble;
layout(push_constant) uniform Push { LFX_BOTTLE_COMPOSITE_PUSH };

const float kNoLiquid = 1e9;

vec3 world_at(ivec2 p, float device_depth) {
  vec2 ndc = (vec2(p) + 0.5) * frame.viewport.zw * 2.0 - 1.0;
  vec4 w = frame.inv_view_proj * vec4(ndc, device_depth, 1.0);
  return w.xyz / w.w;
}

// Where along the ray (t in [t0, t1]) the surface is crossed, going down into the liquid
// (entering) or up out of it; -1 when the ends do not straddle it.
float cross_surface(LiquidContainerGpu c, vec3 ro, vec3 rd, float t0, float t1, bool entering) {
  float f0 = liquid_surface_distance(c, ro + rd * t0);
  float f1 = liquid_surface_distance(c, ro + rd * t1);
  if (entering ? !(f0 > 0.0 && f1 <= 0.0) : !(f0 <= 0.0 && f1 > 0.0)) return -1.0;
  for (int i = 0; i < 16; ++i) {
    float tm = 0.5 * (t0 + t1);
    float fm = liquid_surface_distance(c, ro + rd * tm);
    if ((fm > 0.0) == (f0 > 0.0)) {
      t0 = tm;
      f0 = fm;
    } else {
      t1 = tm;
      f1 = fm;
    }
  }
  return t0 + (t1 - t0) * f0 / (f0 - f1);
}

// A bracket around the flat plane's crossing, wide enough for the waves, inside [lo, hi].
vec2 surface_bracket(LiquidContainerGpu c, vec3 ro, vec3 rd, float lo, float hi) {
  vec3 n = c.plane.xyz;
  float along = dot(n, rd);
  if (abs(along) < 1e-4) return vec2(lo, hi);
  float t = (c.plane.w - dot(n, ro)) / along;
  float margin = (c.wave_state.y + c.noise.y * c.noise.x + 1e-3) / abs(along);
  return vec2(clamp(t - margin, lo, hi), clamp(t + margin, lo, hi));
}

vec3 sky_light(vec3 n) {
  vec3 sky = mix(frame.sky_horizon.rgb, frame.sky_zenith.rgb, 0.5);
  return mix(frame.ground.rgb, sky, 0.5 + 0.5 * n.y);
}

void main() {
  if (any(greaterThanEqual(ivec2(gl_GlobalInvocationID.xy), rect.zw))) return;
  ivec2 p = rect.xy + ivec2(gl_GlobalInvocationID.xy);
  if (debug == 1u) {
    imageStore(debug_entry, p, vec4(0.0));
    imageStore(debug_bubble, p, vec4(0.0));
  }
  float zf = texelFetch(front_depth, p, 0).r;
  float zb = texelFetch(back_depth, p, 0).r;
  bool has_front = zf < 1.0, has_back = zb < 1.0;
  if (!has_front && !has_back) return;

  LiquidContainerGpu c = containers[container];
  vec3 ro = frame.camera_position.xyz;
  vec3 rd = normalize(world_at(p, has_front ? zf : zb) - ro);
  vec3 forward = -vec3(frame.view[0][2], frame.view[1][2], frame.view[2][2]);
  float t_opaque = texelFetch(scene_depth, p, 0).r / max(dot(rd, forward), 1e-4);
  float t_back = has_back ? min(distance(ro, world_at(p, zb)), t_opaque) : t_opaque;

  // Where the ray enters the liquid, and the normal there.
  bool top = !has_front;
  float t_in;
  vec3 n_in;
  if (has_front) {
    t_in = distance(ro, world_at(p, zf));
    n_in = normalize(texelFetch(front_normal, p, 0).xyz);
  } else {
    vec2 b = surface_bracket(c, ro, rd, 0.0, t_back);
    t_in = cross_surface(c, ro, rd, b.x, b.y, true);
    if (t_in < 0.0) t_in = cross_surface(c, ro, rd, 0.0, t_back, true);
    if (t_in < 0.0) return;
    n_in = liquid_surface_normal(c, ro + rd * t_in);
  }
  // Where it leaves: the far wall, opaque geometry, or the surface from below.
  float t_out = t_back;
  if (has_front) {
    vec2 b = surface_bracket(c, ro, rd, t_in, min(t_back, t_in + 10.0));
    float up = cross_surface(c, ro, rd, t_in, b.y, false);
    if (up > 0.0) t_out = min(t_out, up);
    else if (!has_back) return;  // no way out found: nothing reliable to draw
  }
  if (t_out <= t_in) return;
  vec3 entry = ro + rd * t_in;
  if (debug == 1u) imageStore(debug_entry, p, vec4(entry, 1.0));

  vec3 v = -rd;
  vec3 sun = frame.sun_direction.xyz;
  float ndv = clamp(dot(n_in, v), 0.0, 1.0);
  // Pixel footprint at the entry point, so thin bands stay antialiased at any distance.
  float footprint = t_in * 2.0 * frame.clip.z * frame.viewport.w;
  float below = -liquid_surface_distance(c, entry);
  float meniscus = top ? 0.0 : 1.0 - smoothstep(0.0, c.surface.x + footprint, below);
  vec3 result;

  if (c.top_color.w > 0.5) {
    // Opaque two-colour style: a flat body with a rim gradient, a lighter flat top.
    vec3 light = 0.55 + 0.45 * vec3(max(dot(n_in, sun), 0.0));
    if (top) {
      result = c.top_color.rgb * light;
    } else {
      float rim = pow(1.0 - ndv, 2.0);
      result = mix(c.body_color.rgb, c.top_color.rgb, 0.6 * rim) * light;
      result = mix(result, c.top_color.rgb * 1.15, meniscus * 0.8);
    }
    imageStore(color, p, vec4(result, 1.0));
    return;
  }

  // What is seen through: the scene copy, offset by the entry normal (the body) or by the
  // wave's slope (the top), blurred from the mip chain.
  vec2 uv = (vec2(p) + 0.5) * frame.viewport.zw;
  vec2 offset;
  if (top) {
    vec3 h = liquid_surface_height(c, entry);
    offset = vec2(h.y, -h.z) * (0.6 + c.wave_shape.w);
  } else {
    vec3 nv = mat3(frame.view) * n_in;
    offset = vec2(nv.x, -nv.y) * (1.35 - ndv);
  }
  vec2 uv_seen = clamp(uv + offset * c.absorption.w, vec2(0.001), vec2(0.999));
  vec3 behind = textureLod(scene_color, uv_seen, c.optics.x).rgb;
  // Beer-Lambert over the path: deep liquid is darker and more coloured than shallow.
  vec3 inside = behind * exp(-c.absorption.rgb * (t_out - t_in));
  vec3 scatter = c.body_color.rgb * (frame.sun_radiance.rgb * 0.25 + sky_light(n_in) * 0.8);
  inside = mix(inside, scatter, c.body_color.w);

  // Bubbles on the way through, nearest first.
  float nearest = t_out;
  vec4 bubble = vec4(0.0);
  for (uint i = 0u; i < bubble_count; ++i) {
    vec4 b = bubbles[bubble_offset + i];
    if (b.w <= 0.0) continue;
    vec3 oc = ro - b.xyz;
    float half_b = dot(oc, rd);
    float disc = half_b * half_b - (dot(oc, oc) - b.w * b.w);
    if (disc <= 0.0) continue;
    float t = -half_b - sqrt(disc);
    if (t <= t_in || t >= nearest) continue;
    vec3 hit = ro + rd * t;
    // Fading out over the last millimetres below the surface; never above it.
    float depth = -liquid_surface_distance(c, hit);
    float fade = smoothstep(0.0, 0.003, depth);
    if (fade <= 0.0) continue;
    // A bubble is a mirror at its edge (total internal reflection) and clear in its middle.
    vec3 nb = normalize(hit - b.xyz);
    float rim = 1.0 - abs(dot(nb, rd));
    vec3 reflected = frame_environment(reflect(rd, nb));
    vec3 shine = reflected * (0.8 + 1.6 * rim) + frame.sun_radiance.rgb * pow(max(dot(reflect(rd, nb), sun), 0.0), 40.0);
    // The liquid in front of the bubble absorbs its light too.
    shine *= exp(-c.absorption.rgb * (t - t_in));
    bubble = vec4(shine, (0.1 + 0.9 * rim * rim) * fade);
    nearest = t;
    if (debug == 1u) imageStore(debug_bubble, p, vec4(hit, 1.0));
  }
  inside = mix(inside, bubble.rgb, bubble.a);

  // The waterline: a bright meniscus, and foam whose width follows the slosh.
  vec3 waterline_light = sky_light(vec3(0.0, 1.0, 0.0)) + frame.sun_radiance.rgb * 0.3;
  if (!top) {
    inside = mix(inside, waterline_light * 1.4, meniscus * 0.85);
    float foam_band = 1.0 - smoothstep(0.0, c.surface.y + footprint, below);
    float froth = gradient_noise(entry * 260.0).x * 0.5 + 0.5;
    inside = mix(inside, waterline_light * 0.9, foam_band * smoothstep(0.35, 0.65, froth) * step(1e-5, c.surface.y));
  }

  // Reflection of the sky and the sun's highlight, stronger at grazing angles.
  float fresnel = fresnel_schlick(0.02, ndv);
  vec3 reflected = frame_environment(reflect(rd, n_in));
  float shininess = top ? 400.0 : 150.0;
  vec3 highlight = frame.sun_radiance.rgb * pow(max(dot(n_in, normalize(v + sun)), 0.0), shininess) * (top ? 2.0 : 0.6);
  result = mix(inside, reflected, fresnel) + highlight;
  imageStore(color, p, vec4(result, 1.0));
}

#version 460
// The liquid over the frame: normals from the filtered depth (the smaller one-sided difference,
// so silhouettes do not blow up), the scene refracted through it and absorbed along the
// thickness (Beer-Lambert per channel), the sky reflected by Fresnel, the sun's highlight.
// Liquid behind the opaque scene stays hidden.
#include "render/frame_block.glsl"
#include "shared/surface.h"
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 5) uniform sampler2D scene_depth;  // linear view depth
layout(set = 0, binding = 6, rg32f) uniform readonly image2D surface;
layout(set = 0, binding = 8) uniform sampler2D scene_color;  // with mips
layout(set = 0, binding = 9, rgba16f) uniform image2D color;
layout(set = 0, binding = 10, std430) readonly buffer ColorSums { uint color_sums[]; };
layout(set = 0, binding = 4, std430) readonly buffer Thickness { uint thickness_sums[]; };
layout(set = 0, binding = 11, std430) readonly buffer FoamSums { uint foam_sums[]; };
layout(push_constant) uniform Push { LFX_SURFACE_COMPOSITE_PUSH };

// The thickness-weighted mean colour of the particles along the rays around surface pixel p
// (3 x 3 taps two texels apart: the colour is smoothed like the depth, or each particle would
// show as a dot).
vec3 liquid_color(ivec2 p) {
  if (plain_color.w < 0.5) return plain_color.rgb;
  vec3 sum = vec3(0.0);
  float through = 0.0;
  for (int y = -2; y <= 2; y += 2)
    for (int x = -2; x <= 2; x += 2) {
      ivec2 q = clamp(p + ivec2(x, y), ivec2(0), size - 1);
      uint k = uint(q.y * size.x + q.x);
      through += float(thickness_sums[k]);
      sum += vec3(color_sums[3u * k], color_sums[3u * k + 1u], color_sums[3u * k + 2u]);
    }
  return through > 0.0 ? sum / (255.0 * through) : plain_color.rgb;
}

// The view-space point at surface pixel p with linear depth z.
vec3 view_at(vec2 p, float z) {
  vec2 ndc = p / vec2(size) * 2.0 - 1.0;
  return view_ray_origin(ndc, frame.proj) + z * view_ray_step(ndc, frame.proj);
}

float depth_at(ivec2 p) { return imageLoad(surface, clamp(p, ivec2(0), size - 1)).x; }

// The smaller of the two one-sided differences along an axis (one side may be off the liquid).
vec3 tangent(ivec2 p, ivec2 axis, vec3 here) {
  float a = depth_at(p + axis), b = depth_at(p - axis);
  vec3 forward = a > 0.0 ? view_at(vec2(p + axis) + 0.5, a) - here : vec3(1e9);
  vec3 backward = b > 0.0 ? here - view_at(vec2(p - axis) + 0.5, b) : vec3(1e9);
  if (forward.x >= 1e9 && backward.x >= 1e9) return vec3(axis.x, -axis.y, 0.0);
  return abs(forward.z) < abs(backward.z) ? forward : backward;
}

// The scene seen in the mirror direction: the reflected ray (view space) marched against the
// scene's depth; where it passes behind something, that is what it sees. The sky otherwise.
vec3 reflection(vec3 origin, vec3 dir, vec3 world_dir) {
  float reach = 1.5 * max(-origin.z, 0.5);
  const int kSteps = 32;
  for (int i = 1; i <= kSteps; ++i) {
    float t = reach * float(i * i) / float(kSteps * kSteps);  // finer near the surface
    vec3 q = origin + dir * t;
    if (q.z >= -frame.depth_planes.x) break;  // behind the camera's near plane
    vec4 clip = frame.proj * vec4(q, 1.0);
    vec2 uv = clip.xy / clip.w * 0.5 + 0.5;
    if (any(lessThan(uv, vec2(0.0))) || any(greaterThan(uv, vec2(1.0)))) break;
    float scene = textureLod(scene_depth, uv, 0.0).r;
    float behind = -q.z - scene;
    if (behind > 0.0 && behind < 0.1 * reach) return textureLod(scene_color, uv, 1.0).rgb;
  }
  return frame_environment(world_dir);
}

void main() {
  ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
  ivec2 frame_size = imageSize(color);
  if (any(greaterThanEqual(pixel, frame_size))) return;
  // Upsampled from the surface's resolution: the bilinear weights of the four texels around the
  // pixel that hold liquid. Their sum is the pixel's coverage, so the liquid's edge is
  // anti-aliased instead of stepped; the normal comes from the texel that weighs most.
  vec2 sp = (vec2(pixel) + 0.5) * scale - 0.5;
  ivec2 p0 = ivec2(floor(sp));
  vec2 f = sp - vec2(p0);
  float coverage = 0.0, heaviest = -1.0;
  vec2 sum = vec2(0.0);
  ivec2 p = clamp(p0, ivec2(0), size - 1);
  for (int k = 0; k < 4; ++k) {
    ivec2 o = ivec2(k & 1, k >> 1);
    ivec2 q = clamp(p0 + o, ivec2(0), size - 1);
    vec2 s = imageLoad(surface, q).xy;
    float w = (o.x == 1 ? f.x : 1.0 - f.x) * (o.y == 1 ? f.y : 1.0 - f.y);
    if (s.x <= 0.0) continue;
    coverage += w;
    sum += w * s;
    if (w > heaviest) {
      heaviest = w;
      p = q;
    }
  }
  if (coverage <= 0.0) return;
  vec2 here_surface = sum / coverage;
  float z = here_surface.x;
  if (z > texelFetch(scene_depth, pixel, 0).r + 1e-3) return;
  vec3 here = view_at(vec2(p) + 0.5, imageLoad(surface, p).x);
  vec3 to_eye = -normalize(view_ray_step((vec2(p) + 0.5) / vec2(size) * 2.0 - 1.0, frame.proj));
  vec3 n_view = normalize(cross(tangent(p, ivec2(1, 0), here), tangent(p, ivec2(0, 1), here)));
  if (dot(n_view, to_eye) < 0.0) n_view = -n_view;
  mat3 view_to_world = transpose(mat3(frame.view));
  vec3 n = view_to_world * n_view;
  vec3 v = view_to_world * to_eye;
  float thickness = here_surface.y;

  vec2 uv = (vec2(pixel) + 0.5) / vec2(frame_size);
  vec2 bent = clamp(uv + vec2(n_view.x, -n_view.y) * absorption.w * min(thickness * 10.0, 1.0), vec2(0.001), vec2(0.999));
  // What is behind, absorbed along the thickness; the liquid's own colour, lit by the sun and the
  // sky, fills in what was absorbed.
  vec3 transmitted = exp(-absorption.rgb * thickness);
  vec3 lit = liquid_color(p) * (max(dot(n, frame.sun_direction.xyz), 0.0) * frame.sun_radiance.rgb * 0.5 +
                                mix(frame.sky_horizon.rgb, frame.sky_zenith.rgb, 0.5 + 0.5 * n.y));
  vec3 behind = textureLod(scene_color, bent, 0.0).rgb * transmitted + lit * (1.0 - transmitted);
  float fresnel = fresnel_schlick(0.02, clamp(dot(n, v), 0.0, 1.0));
  vec3 sun = frame.sun_direction.xyz;
  vec3 reflected = reflection(here, reflect(-to_eye, n_view), reflect(-v, n));
  float highlight = pow(max(dot(n, normalize(sun + v)), 0.0), 200.0) * specular;
  vec3 result = mix(behind, reflected, fresnel) + highlight * frame.sun_radiance.rgb;
  if (foam_whiten > 0.0) {
    // Foam: the layer of foam sprites, white and lit, covering more where sprites stack and
    // most where the liquid is thin (spray, breaking crests).
    float layer = float(foam_sums[p.y * size.x + p.x]) / kSurfaceFoamScale;
    float cover = 1.0 - exp(-layer);
    float thin = exp(-thickness * 20.0);
    vec3 white = vec3(0.9) * (max(dot(n, sun), 0.0) * frame.sun_radiance.rgb * 0.6 +
                             mix(frame.sky_horizon.rgb, frame.sky_zenith.rgb, 0.5 + 0.5 * n.y));
    result = mix(result, white, clamp(cover * foam_whiten * (0.5 + 0.5 * thin), 0.0, 1.0));
  }
  // A stage of the chain instead, for the docs and for tuning (knob `show`).
  if (stage == 1u) result = vec3(fract(z * 10.0));                   // depth: a band every 10 cm
  if (stage == 2u) result = vec3(1.0 - exp(-thickness * 20.0));       // thickness: white where thick
  if (stage == 3u) result = n * 0.5 + 0.5;                            // world normal as colour
  vec3 under = imageLoad(color, pixel).rgb;
  imageStore(color, pixel, vec4(mix(under, result, coverage), 1.0));
}

// Screen-space helpers of the bottle composite: world -> screen, and reflections traced against
// the opaque scene (the scene copy and its linear depth), the sky where the trace finds nothing.
// Needs frame_block.glsl and the samplers scene_color (with mips) and scene_depth.

// uv (0..1) and linear view depth of a point given in clip space and by its view depth (metres);
// z <= 0 behind the eye.
vec3 clip_to_screen(vec4 clip, float depth) {
  if (clip.w <= 1e-5) return vec3(0.0, 0.0, -1.0);
  return vec3(clip.xy / clip.w * 0.5 + 0.5, depth);
}

// The same of a world point.
vec3 project_to_screen(vec3 world) { return clip_to_screen(frame.view_proj * vec4(world, 1.0), view_depth_of(world)); }

// What a mirror at `origin` shows along unit direction r: the opaque scene where a march of the
// reflected ray passes behind the depth copy (refined by bisection once the march has stopped, so
// that neighbours stopping at different steps share one bisection), faded towards the screen
// edges into the sky and ground.
vec3 reflection_of(vec3 origin, vec3 r) {
  vec3 sky = frame_environment(r);
  // Points along the ray are projected as the same sums in clip space: a matrix once, not a step.
  vec4 clip_origin = frame.view_proj * vec4(origin, 1.0), clip_r = frame.view_proj * vec4(r, 0.0);
  float depth_origin = view_depth_of(origin), depth_r = dot(view_forward(), r);
  float reach = 0.02 + 0.02 * depth_origin;  // first step, growing geometrically
  float t_prev = 0.0;
  float t = reach;
  bool behind = false;
  for (int i = 0; i < 14; ++i) {
    vec3 s = clip_to_screen(clip_origin + clip_r * t, depth_origin + depth_r * t);
    if (s.z <= 0.0 || any(lessThan(s.xy, vec2(0.0))) || any(greaterThan(s.xy, vec2(1.0)))) break;
    float opaque = textureLod(scene_depth, s.xy, 0.0).r;
    behind = s.z > opaque && s.z - opaque < 0.15 + 0.5 * (t - t_prev);
    if (behind) break;
    t_prev = t;
    t *= 1.7;
  }
  if (!behind) return sky;
  float lo = t_prev, hi = t;
  for (int k = 0; k < 5; ++k) {
    float mid = 0.5 * (lo + hi);
    vec3 m = clip_to_screen(clip_origin + clip_r * mid, depth_origin + depth_r * mid);
    if (m.z > textureLod(scene_depth, m.xy, 0.0).r) hi = mid;
    else lo = mid;
  }
  vec3 hit = clip_to_screen(clip_origin + clip_r * hi, depth_origin + depth_r * hi);
  vec2 edge = min(hit.xy, 1.0 - hit.xy);
  float fade = smoothstep(0.0, 0.08, min(edge.x, edge.y));
  return mix(sky, textureLod(scene_color, hit.xy, 0.0).rgb, fade);
}

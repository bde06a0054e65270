// Glass and liquid of the containers of one group, over a list of pixels of 8 x 8 tiles (each
// tile names its container; the group's containers show on disjoint pixels). Per pixel the
// view ray is followed front to back through what the surfaces pass rasterised: the outer glass
// (front), the glass wall to the inner wall, the inner volume with the liquid in it (entered
// through the wall or through the wavy top), the far inner wall, the far glass, and out to the
// opaque scene.
// At every interface: Fresnel reflection (the room traced in screen space, the sky behind it),
// refraction by Snell's law (total internal reflection where there is no way through: the
// bright and dark outline of thick glass), and absorption in glass and liquid (Beer-Lambert).
// What is seen at the end is the scene copy where the bent ray meets the opaque scene. In the
// liquid: bubbles (ray-traced), the meniscus and foam at the waterline, the liquid's own colour;
// on the inner wall above the liquid, the wet film. The opaque style paints the liquid in two
// flat colours instead.
//
// Four variants over the pixel lists of sort_pixels.comp (on a CPU rasteriser every line of a
// shader costs, taken or not): composite.comp, everything; composite_above_liquid.comp, for
// pixels whose ray does not meet the liquid, without the liquid's code;
// composite_below_waves.comp, for pixels whose ray in the liquid stays below the lowest wave and
// the waterline's bands, without the surface's and the waterline's code; composite_dry.comp,
// for pixels whose ray meets neither the liquid nor the wet film above it, without either's code.
#include "bottle/bottle_common.glsl"
#include "bottle/composite_lists.glsl"
#include "shared/bottle.h"

layout(local_size_x = kBottleCompositeGroup) in;
layout(set = 0, binding = 2, std430) readonly buffer Draws { BottleDrawGpu draws[]; };
// The lists of pixels (composite_lists.glsl), 64 a workgroup, and how many this variant's list
// holds (w of its indirect dispatch); the tile entries they name (x: tile, y: container).
layout(set = 0, binding = 3, std430) readonly buffer Pixels { uint pixels[]; };
layout(set = 0, binding = 6, std430) readonly buffer Tiles { uvec4 tiles[]; };
layout(set = 0, binding = 14, std430) readonly buffer Dispatch { uvec4 dispatch[4]; };
layout(set = 0, binding = 4, std430) readonly buffer Bubbles {
  vec4 bubbles[];  // xyz world centre, w radius
};
layout(set = 0, binding = 9) uniform sampler2D scene_color;  // with mips
layout(set = 0, binding = 10) uniform sampler2D scene_depth;  // linear view depth
layout(set = 0, binding = 11, rgba16f) uniform image2D color;
layout(set = 0, binding = 12, rgba32f) writeonly uniform image2D debug_entry;
layout(set = 0, binding = 13, rgba32f) writeonly uniform image2D debug_bubble;
// The nearest liquid's linear view depth (m) as float bits; all ones: none (knob write_depth).
layout(set = 0, binding = 15, r32ui) uniform uimage2D liquid_depth;
layout(push_constant) uniform Push { LFX_BOTTLE_COMPOSITE_PUSH };

#if defined(LFX_BOTTLE_ABOVE_FILM)
const uint kList = kDryList;
#elif defined(LFX_BOTTLE_ABOVE_LIQUID)
const uint kList = kAirList;
#elif defined(LFX_BOTTLE_BELOW_WAVES)
const uint kList = kDeepList;
#else
const uint kList = kNearSurfaceList;
#endif

#include "bottle/screen_space.glsl"
#include "bottle/surface_encoding.glsl"
#include "bottle/surface_crossing.glsl"

const float kGlassIndex = 1.5;

struct Hit {
  bool ok;
  float t;
  vec3 n;  // outward
};

Hit surface_hit(uvec2 texel, float t_opaque) {
  vec4 s = decode_surface(texel);
  Hit h;
  h.ok = surface_seen(texel, t_opaque);
  h.t = s.w;
  h.n = h.ok ? s.xyz : vec3(0.0, 1.0, 0.0);  // unit: decode_surface normalises
  return h;
}

// The ray's state while it is followed through the container.
struct Ray {
  float t;          // where along the straight view ray it left the last interface
  vec3 dir;         // unit direction, bent at every interface
  vec3 radiance;    // gathered so far
  vec3 weight;      // throughput: how much of what lies further on still reaches the eye
  bool reflected;   // ended by total internal reflection: what it mirrors is added at the end
  vec3 inner_dir;   // the direction the inner reflection sees, and the weight it met (0: none)
  vec3 inner_weight;
  vec3 room_point;  // the first mirror on the way, whose reflection is traced through the room
  vec3 room_dir;
  vec3 room_weight;  // 0: none yet
};

// Crossing an interface at distance t along the view ray, with outward normal n, from index n1
// into n2 (share: how much of the physical bending to apply): Snell bends what passes, Fresnel
// reflects the rest (returned as the weight of what the interface mirrors); where nothing passes,
// the ray ends on what the inner reflection sees.
vec3 cross_interface(inout Ray ray, float t, vec3 n, float n1, float n2, float share) {
  vec3 facing = dot(n, ray.dir) < 0.0 ? n : -n;
  float eta = (1.0 + (n1 - 1.0) * share) / (1.0 + (n2 - 1.0) * share);
  vec3 bent = refract(ray.dir, facing, eta);
  if (dot(bent, bent) < 1e-6) {
    // Total internal reflection: the wall shows the room mirrored, dimmed by the glass. Looked up
    // once at the end: a CPU rasteriser runs every call's lookup, taken or not.
    if (!ray.reflected) {
      ray.inner_dir = reflect(ray.dir, facing);
      ray.inner_weight = ray.weight;
    }
    ray.weight = vec3(0.0);
    ray.reflected = true;
    return vec3(0.0);
  }
  bent = normalize(bent);
  // Schlick with the angle on the less dense side, so that it is the same both ways through.
  float cos_thin = n1 <= n2 ? -dot(facing, ray.dir) : -dot(facing, bent);
  float fresnel = fresnel_schlick(pow((n1 - n2) / (n1 + n2), 2.0), clamp(cos_thin, 0.0, 1.0));
  vec3 mirrored = ray.weight * fresnel;
  ray.weight *= 1.0 - fresnel;
  ray.t = t;
  ray.dir = bent;
  return mirrored;
}

// What an outside mirror at `point` reflects along `dir`, with `weight`: the first one on the way
// is traced through the room at the end (one trace a pixel), later ones see the sky.
void mirror_room(inout Ray ray, vec3 point, vec3 dir, vec3 weight) {
  if (ray.room_weight == vec3(0.0)) {
    ray.room_point = point;
    ray.room_dir = dir;
    ray.room_weight = weight;
  } else {
    ray.radiance += weight * frame_environment(dir);
  }
}

bool ray_alive(Ray ray) { return !ray.reflected && max(ray.weight.r, max(ray.weight.g, ray.weight.b)) > 1e-4; }

vec3 sky_light(vec3 n) {
  vec3 sky = mix(frame.sky_horizon.rgb, frame.sky_zenith.rgb, 0.5);
  return mix(frame.ground.rgb, sky, 0.5 + 0.5 * n.y);
}

vec3 sun_highlight(vec3 n, vec3 v, float shininess, float strength) {
  return frame.sun_radiance.rgb * pow(max(dot(n, normalize(v + frame.sun_direction.xyz)), 0.0), shininess) * strength;
}

#include "bottle/wet_film.glsl"

// The wet film on the inner wall at p (`above` the surface), as a layer over what lies behind it.
#ifdef LFX_BOTTLE_ABOVE_FILM
// The walls are dry wherever this variant runs (sort_pixels.comp: above the highest film line):
// the film is 0, and a layer of nothing changes nothing.
void wet_film_layer(inout Ray ray, LiquidContainerGpu c, vec3 p, float above, vec3 n, float opacity) {}
#else
void wet_film_layer(inout Ray ray, LiquidContainerGpu c, vec3 p, float above, vec3 n, float opacity) {
  float film = wet_film(c, p, above) * opacity;
  ray.radiance += ray.weight * film * wet_film_color(c, p, n);
  ray.weight *= 1.0 - film;
}
#endif

// Into the inner volume above the liquid at `wall` (t = a), out of the near glass if there is
// one, past the wet film on its inside.
void into_air(inout Ray ray, LiquidContainerGpu c, BottleDrawGpu draw, vec3 wall, float a, float wall_distance,
              Hit wall_hit, bool glass_in_front) {
  if (!glass_in_front) return;
  cross_interface(ray, a, wall_hit.n, kGlassIndex, 1.0, draw.glass_absorption.w);
  wet_film_layer(ray, c, wall, wall_distance, wall_hit.n, draw.look.x * 0.6);
}

#ifdef LFX_BOTTLE_ABOVE_LIQUID
// The inner volume between a and b holds no liquid on this ray (both ends above the surface:
// sort_pixels.comp sorted the pixel here), so it is air: as through_liquid where it meets none.
float through_liquid(inout Ray ray, LiquidContainerGpu c, BottleDrawGpu draw, vec3 ro, vec3 rd, float a, float b,
                     Hit wall_hit, bool glass_in_front, ivec2 p, out float far_distance) {
  vec3 wall = ro + rd * a;
#ifdef LFX_BOTTLE_ABOVE_FILM
  far_distance = 1.0;  // above the surface; the film there is not drawn anyway
  into_air(ray, c, draw, wall, a, 1.0, wall_hit, glass_in_front);
#else
  far_distance = liquid_surface_distance(c, ro + rd * b);
  into_air(ray, c, draw, wall, a, liquid_surface_distance(c, wall), wall_hit, glass_in_front);
#endif
  return -1.0;
}
#else
// The liquid in the inner volume between a and b (the inner wall's front and back along the view
// ray): entered through the wall below the waterline or through the wavy top, bubbles, the
// waterline's meniscus and foam, absorption and the liquid's own colour. Returns where the ray
// stopped being in liquid (-1: it met none); far_distance: the surface distance at b.
float through_liquid(inout Ray ray, LiquidContainerGpu c, BottleDrawGpu draw, vec3 ro, vec3 rd, float a, float b,
                     Hit wall_hit, bool glass_in_front, ivec2 p, out float far_distance) {
  float t_in = a;
  vec3 n_in = wall_hit.n;
  float t_out = b;
#ifdef LFX_BOTTLE_BELOW_WAVES
  // Both ends, and so the whole stretch, lie below the lowest wave by more than the waterline's
  // bands (sort_pixels.comp sorted the pixel here): the ray enters through the wall and leaves
  // through the far wall, meniscus and foam are 0. The same result as the full code below.
  const bool top = false, leaves_by_top = false;
  const vec3 surface_normal = vec3(0.0, 1.0, 0.0);  // no surface is crossed
  far_distance = -1.0;  // below the surface (the caller reads it only for a ray out of the liquid)
#else
  vec3 wall = ro + rd * a;
  float wall_distance = liquid_surface_distance(c, wall);
  far_distance = liquid_surface_distance(c, ro + rd * b);
  bool top = wall_distance > 0.0;
  if (top) {
    into_air(ray, c, draw, wall, a, wall_distance, wall_hit, glass_in_front);
    if (!ray_alive(ray)) return -1.0;
  }
  // The stretch crosses the surface at most once that counts: a ray that starts above it enters
  // there (and then ends below it, or it meets no liquid); one that starts below can only leave
  // upwards. One search and one normal serve both (a CPU rasteriser would run two for every pixel).
  float crossing = find_surface(c, ro, rd, a, b, wall_distance, far_distance, top);
  vec3 surface_normal = liquid_surface_normal(c, ro + rd * crossing);
  if (top) {
    if (crossing < 0.0) return -1.0;
    t_in = crossing;
    n_in = surface_normal;
  }
  bool leaves_by_top = !top && crossing > 0.0;
  if (leaves_by_top) t_out = crossing;
#endif
  if (t_out <= t_in) return -1.0;
  vec3 entry = ro + rd * t_in;
  if (debug == 1u) imageStore(debug_entry, p, vec4(entry, 1.0));
  // Positive floats order as their bits do, so the smallest bits are the nearest liquid.
  if (write_depth == 1u) imageAtomicMin(liquid_depth, p, floatBitsToUint(-(frame.view * vec4(entry, 1.0)).z));
  float ndv = clamp(dot(n_in, -rd), 0.0, 1.0);
#ifdef LFX_BOTTLE_BELOW_WAVES
  const float meniscus = 0.0;
#else
  float footprint = pixel_size_at(t_in);  // the pixel's size there
  float below = top ? 0.0 : -wall_distance;
  float meniscus = top ? 0.0 : 1.0 - smoothstep(0.0, c.surface.x + footprint, below);
#endif

  // The liquid's own colours where the ray enters it: an immiscible layer poured in has its own,
  // its top lighter by as much as the liquid's.
  vec3 own_color = c.body_color.rgb, own_top = c.top_color.rgb;
  if (liquid_in_layer(c, entry)) {
    own_color = c.layer.rgb;
    own_top = clamp(c.layer.rgb + c.top_color.rgb - c.body_color.rgb, 0.0, 1.0);
  }

  if (c.top_color.w > 0.5) {
    // The opaque style: two flat colours with a rim gradient, a lighter flat top.
    vec3 light = 0.55 + 0.45 * vec3(max(dot(n_in, frame.sun_direction.xyz), 0.0));
    vec3 body = mix(own_color, own_top, 0.6 * pow(1.0 - ndv, 2.0));
    body = top ? own_top : mix(body, own_top * 1.15, meniscus * 0.8);
    ray.radiance += ray.weight * body * light;
    ray.weight = vec3(0.0);
    return t_out;
  }

  float share = c.absorption.w, index = c.optics.y;
  // Into the liquid through the top (the wave bends what is seen through it more than its slope
  // alone would) or through the wall: one crossing for both.
  vec3 level = c.plane.xyz;
  vec3 normal = top ? normalize(level + (n_in - level) * (1.0 + c.wave_shape.w)) : n_in;
  vec3 mirrored = cross_interface(ray, t_in, normal, top || !glass_in_front ? 1.0 : kGlassIndex, index, share);
  if (top) {
    mirror_room(ray, entry, reflect(rd, n_in), mirrored);
    ray.radiance += mirrored * sun_highlight(n_in, -rd, 400.0, 2.0);
  }
  if (!ray_alive(ray)) return t_out;

#ifndef LFX_BOTTLE_BELOW_WAVES
  // The waterline: foam whose width follows the slosh, over a bright meniscus.
  vec3 waterline_light = sky_light(vec3(0.0, 1.0, 0.0)) + frame.sun_radiance.rgb * 0.3;
  if (!top && c.surface.y > 1e-5) {
    float band = 1.0 - smoothstep(0.0, c.surface.y + footprint, below);
    float froth = smoothstep(0.35, 0.65, gradient_noise(entry * 260.0).x * 0.5 + 0.5) * band;
    ray.radiance += ray.weight * froth * waterline_light * 0.9;
    ray.weight *= 1.0 - froth;
  }
  ray.radiance += ray.weight * meniscus * 0.85 * waterline_light * 1.4;
  ray.weight *= 1.0 - meniscus * 0.85;
#endif

  // The nearest bubble on the way: a mirror at its edge (total internal reflection), clear in
  // its middle, behind the liquid in front of it. The loop only finds it (on a CPU rasteriser
  // every line of a loop's body costs every bubble); it is shaded once.
  float t_bubble = t_out;
  vec4 nearest = vec4(0.0);
  for (uint i = 0u; i < draw.ranges.y; ++i) {
    vec4 b = bubbles[draw.ranges.x + i];
    vec3 oc = ro - b.xyz;
    float half_b = dot(oc, rd);
    float disc = half_b * half_b - (dot(oc, oc) - b.w * b.w);
    if (b.w <= 0.0 || disc <= 0.0) continue;
    float tb = -half_b - sqrt(disc);
    if (tb <= t_in || tb >= t_bubble) continue;
    t_bubble = tb;
    nearest = b;
  }
  vec4 bubble = vec4(0.0);
  if (nearest.w > 0.0) {
    vec3 hit = ro + rd * t_bubble;
    float fade = smoothstep(0.0, 0.003, -liquid_surface_distance(c, hit));  // never above the surface
    vec3 nb = normalize(hit - nearest.xyz);
    float rim = 1.0 - abs(dot(nb, rd));
    vec3 mirrored = reflect(rd, nb);
    vec3 shine = frame_environment(mirrored) * (0.8 + 1.6 * rim) +
                 frame.sun_radiance.rgb * pow(max(dot(mirrored, frame.sun_direction.xyz), 0.0), 40.0);
    bubble = vec4(shine * exp(-c.absorption.rgb * (t_bubble - t_in)), (0.1 + 0.9 * rim * rim) * fade);
    if (debug == 1u && fade > 0.0) imageStore(debug_bubble, p, vec4(hit, 1.0));
  }
  ray.radiance += ray.weight * bubble.a * bubble.rgb;
  ray.weight *= 1.0 - bubble.a;

  // The liquid's own colour over what it absorbs along the path.
  vec3 scatter = own_color * (frame.sun_radiance.rgb * 0.25 + sky_light(n_in) * 0.8);
  ray.radiance += ray.weight * c.body_color.w * scatter;
  ray.weight *= (1.0 - c.body_color.w) * exp(-c.absorption.rgb * (t_out - t_in));
  if (leaves_by_top) cross_interface(ray, t_out, surface_normal, index, 1.0, share);
  return leaves_by_top ? -1.0 : t_out;
}
#endif

void main() {
  if (gl_GlobalInvocationID.x >= dispatch[kList].w) return;
  uint entry = pixels[list_slot(kList, gl_GlobalInvocationID.x, uint(pixels.length()) / 2u)];
  uvec4 tile = tiles[entry >> 6u];
  uint index = tile.y;
  BottleDrawGpu draw = draws[index];
  ivec2 p = bottle_tile_origin(tile.x) + ivec2(entry & 7u, (entry >> 3u) & 7u);

  LiquidContainerGpu c = containers[index];
  vec3 ro, rd;
  frame_pixel_ray(vec2(p) + 0.5, ro, rd);
  float t_opaque = opaque_distance(rd, texelFetch(scene_depth, p, 0).r);
  uint at = surface_index(draw, p, 0u);  // the four layers follow each other
  Hit outer_front = surface_hit(surface_texel(at), t_opaque);
  Hit outer_back = surface_hit(surface_texel(at + 1u), t_opaque);
  Hit inner_front = surface_hit(surface_texel(at + 2u), t_opaque);
  Hit inner_back = surface_hit(surface_texel(at + 3u), t_opaque);
  if (!outer_front.ok && !outer_back.ok && !inner_front.ok) return;

  vec3 glass_absorption = draw.glass_absorption.rgb;
  float share = draw.glass_absorption.w;
  Ray ray = Ray(0.0, rd, vec3(0.0), vec3(1.0), false, vec3(0.0), vec3(0.0), vec3(0.0), vec3(0.0), vec3(0.0));
  float blur = 0.0;
  bool entered = inner_front.ok;  // the inner volume, through its front
  bool far_wall = inner_back.ok && (!entered || inner_back.t > inner_front.t);
  bool far_glass = outer_back.ok && (!far_wall || outer_back.t > inner_back.t);
  // The glass first met: the near glass (a wall to the inner wall, or solid glass, a stem or a
  // rim, where the ray misses the inner volume), or through an opening the inside of the far wall
  // (one wall's worth of glass). One crossing serves both: a CPU rasteriser runs every crossing
  // written, taken or not.
  bool glass_in_front = outer_front.ok && (!entered || outer_front.t < inner_front.t);
  bool opening = !glass_in_front && !entered && far_glass;
  if (glass_in_front || opening) {
    Hit glass = glass_in_front ? outer_front : outer_back;
    vec3 mirrored = cross_interface(ray, glass.t, glass.n, 1.0, kGlassIndex, share);
    mirror_room(ray, ro + rd * glass.t, reflect(rd, glass.n), mirrored);  // the same for -n
    if (glass_in_front) ray.radiance += mirrored * sun_highlight(glass.n, -rd, 400.0, 3.0);
    float through = opening ? kBottleReferenceWall : (entered ? inner_front.t : far_glass ? outer_back.t : t_opaque) - glass.t;
    ray.weight *= exp(-glass_absorption * through);
  }
  // Where the ray leaves the far glass into the room, after the glass above where it meets no
  // inner volume, or after the far wall below (one crossing for both, as above).
  bool leaves_glass = !entered && far_glass;
  float exit_t = outer_back.t;
  vec3 exit_n = outer_back.n;

  if (entered && ray_alive(ray)) {
    float b = far_wall ? inner_back.t : t_opaque;
    float far_distance;
    float left_liquid = through_liquid(ray, c, draw, ro, rd, inner_front.t, b, inner_front, glass_in_front, p, far_distance);
    if (left_liquid > 0.0) blur = c.optics.x;
    // The far inner wall (wet above the liquid), the far glass, and out.
    if (far_wall && ray_alive(ray)) {
      vec3 wall = ro + rd * inner_back.t;
      bool from_liquid = left_liquid >= inner_back.t;
      if (!from_liquid) wet_film_layer(ray, c, wall, far_distance, inner_back.n, draw.look.x * 0.5);
      cross_interface(ray, inner_back.t, inner_back.n, from_liquid ? c.optics.y : 1.0, kGlassIndex, share);
      float glass_end = far_glass ? outer_back.t : inner_back.t + kBottleReferenceWall;
      ray.weight *= exp(-glass_absorption * (glass_end - inner_back.t));
      leaves_glass = true;
      exit_t = glass_end;
      exit_n = far_glass ? outer_back.n : inner_back.n;
    }
  }
  if (leaves_glass && ray_alive(ray)) cross_interface(ray, exit_t, exit_n, kGlassIndex, 1.0, share);

  // What the bent ray meets: the opaque scene, as far beyond the last interface as the straight
  // ray would have gone; or, where an interface reflected it all, what that inner reflection sees.
  if (!ray.reflected) {
    vec3 from = ro + rd * ray.t;
    vec3 seen = project_to_screen(from + ray.dir * min(max(t_opaque - ray.t, 0.0), 1e4));
    vec2 uv = seen.z > 0.0 ? seen.xy : (vec2(p) + 0.5) * frame.viewport.zw;
    ray.radiance += ray.weight * textureLod(scene_color, clamp(uv, vec2(0.001), vec2(0.999)), blur).rgb;
  } else {
    ray.radiance += ray.inner_weight * frame_environment(ray.inner_dir) * 0.8;
  }
  if (ray.room_weight != vec3(0.0)) ray.radiance += ray.room_weight * reflection_of(ray.room_point, ray.room_dir);
  imageStore(color, p, vec4(ray.radiance, 1.0));
}

#version 460
// The containers' shadows and caustics on the room, after the room is drawn, at half resolution
// (they are soft; shadows_apply.comp brings them to the frame): for every texel of a tile in some
// container's shadow, the sun ray from the surface point is marched through the
// containers that tile lists (their shapes' signed distance grids, softened by a penumbra that
// widens with distance). Light that crosses only glass is dimmed a little, at the edges by the
// Fresnel loss of grazing incidence; light that crosses the liquid is tinted by its absorption
// and focused twice: by the round body, a cylindrical lens whose caustic line lies about one
// radius behind it, and by the wavy surface, whose curvature bunches and spreads the light.
#include "bottle/bottle_common.glsl"
#include "shared/bottle.h"

layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 2, std430) readonly buffer Draws { BottleDrawGpu draws[]; };
layout(set = 0, binding = 3, std430) readonly buffer Tiles { uvec4 tiles[]; };
layout(set = 0, binding = 4, std430) readonly buffer Casters { uint casters[]; };
layout(set = 0, binding = 5, std430) readonly buffer Volumes { vec2 volumes[]; };  // (container, liquid)
layout(set = 0, binding = 6) uniform sampler2D depth_buffer;
// What the room's colour is multiplied by (1 where nothing falls), half the frame's size.
layout(set = 0, binding = 7, rgba16f) writeonly uniform image2D shade;
layout(push_constant) uniform Push { LFX_BOTTLE_SHADOW_TILES_PUSH };


// Trilinear sample of the shape's distance grids at container coordinates p: (container,
// liquid), +far outside the grids.
vec2 grid_distances(BottleDrawGpu d, vec3 p) {
  vec3 size = vec3(d.volume_size.xyz);
  vec3 g = (p - d.volume_origin.xyz) / d.volume_origin.w;
  if (any(lessThan(g, vec3(0.0))) || any(greaterThan(g, size - 1.0))) return vec2(1.0);
  ivec3 i = min(ivec3(g), ivec3(size) - 2);
  vec3 f = g - vec3(i);
  uint nx = d.volume_size.x, nxy = d.volume_size.x * d.volume_size.y;
  uint base = d.volume_size.w + uint(i.x) + uint(i.y) * nx + uint(i.z) * nxy;
  vec2 c00 = mix(volumes[base], volumes[base + 1u], f.x);
  vec2 c10 = mix(volumes[base + nx], volumes[base + nx + 1u], f.x);
  vec2 c01 = mix(volumes[base + nxy], volumes[base + nxy + 1u], f.x);
  vec2 c11 = mix(volumes[base + nxy + nx], volumes[base + nxy + nx + 1u], f.x);
  return mix(mix(c00, c10, f.y), mix(c01, c11, f.y), f.z);
}

// How much of the surface's curvature focuses light onto a point `fall` metres below it, where
// the sun ray crosses the surface at `at` (fall > 0; 1 elsewhere). The curvature is the
// divergence of the height's gradient (which liquid_surface_height gives with the height), by
// differences over one step along x and along z: three evaluations, in a loop that runs only
// where the ray crosses the surface (on a CPU rasteriser a loop that no texel of the row needs
// ends at once, where an `if` would still evaluate the surface for the whole row).
float surface_focus(LiquidContainerGpu c, vec3 at, float fall) {
  float e = 0.004;
  vec3 here = vec3(0.0);
  float curvature = 0.0;
  for (int i = 0; i < (fall > 0.0 ? 3 : 0); ++i) {
    vec3 h = liquid_surface_height(c, at + vec3(i == 1 ? e : 0.0, 0.0, i == 2 ? e : 0.0));
    if (i == 0) here = h;
    else curvature += (i == 1 ? h.y - here.y : h.z - here.z) / e;
  }
  float spread = 1.0 + max(fall, 0.0) * (1.0 - 1.0 / c.optics.y) * curvature;
  return clamp(1.0 / max(spread, 0.3), 0.3, 3.0);
}

// How close the ray origin + s dir (s >= 0) passes to the segment from a to b: xy distance and s.
vec2 ray_segment_distance(vec3 origin, vec3 dir, vec3 a, vec3 b) {
  vec3 axis = b - a, w = origin - a;
  float aa = dot(axis, axis), ad = dot(axis, dir), aw = dot(axis, w), dw = dot(dir, w);
  float det = aa - ad * ad;
  float along = det > 1e-8 ? clamp((aw - ad * dw) / det, 0.0, 1.0) : 0.0;  // on the segment
  float s = max(dot(a + axis * along - origin, dir), 0.0);
  along = clamp(dot(origin + dir * s - a, axis) / max(aa, 1e-8), 0.0, 1.0);
  return vec2(distance(origin + dir * s, a + axis * along), s);
}

// The sun ray from a point in container k's coordinates, the box of its distance grids, and the
// vertical axis (x, z) through the box's middle.
struct LocalRay {
  vec3 origin, dir;
  vec3 lo, hi;
  vec2 axis;
};

LocalRay local_ray(BottleDrawGpu d, LiquidContainerGpu c, vec3 point, vec3 sun) {
  LocalRay r;
  r.origin = (c.world_to_local * vec4(point, 1.0)).xyz;
  r.dir = normalize(mat3(c.world_to_local) * sun);
  r.lo = d.volume_origin.xyz;
  r.hi = r.lo + (vec3(d.volume_size.xyz) - 1.0) * d.volume_origin.w;
  r.axis = (r.lo.xz + r.hi.xz) * 0.5;
  return r;
}

// The radius about that axis within which container k can shade a point s metres along the ray:
// BottleDrawGpu's axis_low.w, and the sun's widening.
float capsule_radius(BottleDrawGpu d, float s) { return d.axis_low.w + s * kBottleSunRadius; }

// Whether the sun ray from `point` passes through container k's bounding capsule (its axis, the
// radius and the penumbra): most rays miss it. In world space (containers move rigidly), so that
// this test, which runs for every caster of a texel's tile, reads two vectors, not a matrix.
bool passes_near(uint k, vec3 point, vec3 sun) {
  BottleDrawGpu d = draws[k];
  vec2 near = ray_segment_distance(point, sun, d.axis_low.xyz, d.axis_high.xyz);
  return near.x <= capsule_radius(d, near.y);
}

// What reaches `point` of the sun's light past container k (1: all of it), for a ray that
// passes near it; jitter (0..1) offsets the march's samples.
vec3 sunlight_past(uint k, vec3 point, vec3 sun, float jitter) {
  BottleDrawGpu d = draws[k];
  LiquidContainerGpu c = containers[k];
  LocalRay r = local_ray(d, c, point, sun);
  vec3 origin = r.origin, dir = r.dir, lo = r.lo, hi = r.hi;
  // The part of the ray inside the grids' box.
  vec3 inv = 1.0 / mix(vec3(1e-6), dir, greaterThan(abs(dir), vec3(1e-6)));
  vec3 t0 = (lo - origin) * inv, t1 = (hi - origin) * inv;
  float enter = max(max(max(min(t0.x, t1.x), min(t0.y, t1.y)), min(t0.z, t1.z)), 0.0);
  float leave = min(min(max(t0.x, t1.x), max(t0.y, t1.y)), max(t0.z, t1.z));
  // And of that, the part within the capsule passes_near tests (as wide as at the box's far
  // end): a round container fills little more than three quarters of its box.
  float capsule = capsule_radius(d, max(leave, 0.0));
  vec2 across = origin.xz - r.axis;
  float a = dot(dir.xz, dir.xz), b = dot(across, dir.xz), disc = b * b - a * (dot(across, across) - capsule * capsule);
  if (a > 1e-8 && disc > 0.0) {
    enter = max(enter, (-b - sqrt(disc)) / a);
    leave = min(leave, (-b + sqrt(disc)) / a);
  }
  if (leave <= enter || (a > 1e-8 && disc <= 0.0)) return vec3(1.0);

  // Steps of at most a cell, so that the march misses nothing the grids resolve without widening
  // the penumbra beyond a cell to cover its gaps (bottle_renderer.cpp bounds the shadow by that).
  float cell = d.volume_origin.w;
  int steps = clamp(int(ceil((leave - enter) / cell)), 1, kBottleShadowMaxSteps);
  float step = (leave - enter) / float(steps);
  float glass = 0.0, liquid = 0.0, liquid_path = 0.0, deepest = 0.0;
  float surface_at = -1.0;  // where the ray leaves the liquid through its surface
  bool was_in_liquid = false;
  for (int i = 0; i < steps; ++i) {
    float s = enter + (float(i) + jitter) * step;
    vec3 p = origin + dir * s;
    // The penumbra: the sun's width at this distance, and never narrower than a cell.
    float penumbra = max(cell, s * kBottleSunRadius);
    vec2 distances = grid_distances(d, p);
    float outer = distances.x;
    glass = max(glass, clamp(0.5 - outer / penumbra, 0.0, 1.0));
    deepest = max(deepest, -outer);
    // The flat surface: the waves only bend the light (surface_focus), they barely move the shadow.
    float surface = c.center.w > 0.0 ? dot(c.plane.xyz, point + sun * s) - c.plane.w : 1.0;
    float inside = clamp(0.5 - distances.y / penumbra, 0.0, 1.0) * clamp(0.5 - surface / penumbra, 0.0, 1.0);
    liquid = max(liquid, inside);
    liquid_path += inside * step;
    if (was_in_liquid && surface > 0.0 && surface_at < 0.0) surface_at = s;
    was_in_liquid = was_in_liquid || inside > 0.5;
  }
  if (glass <= 0.0) return vec3(1.0);
  float strength = d.look.y;
  // Glass: two walls, and what grazing incidence reflects away at the shadow's edges.
  float radius = max(d.look.z, 1e-3);
  float cos_in = sqrt(max(1.0 - pow(max(1.0 - deepest / radius, 0.0), 2.0), 0.0));
  float edge = pow(1.0 - fresnel_schlick(0.04, cos_in), 2.0);
  vec3 through_glass = exp(-d.glass_absorption.rgb * 2.0 * kBottleReferenceWall) * edge;
  vec3 light = mix(vec3(1.0), through_glass, glass);
  if (liquid > 0.0) {
    vec3 through_liquid;
    if (c.top_color.w > 0.5) {
      through_liquid = vec3(0.05);  // the opaque style's liquid lets almost nothing through
    } else {
      through_liquid = exp(-c.absorption.rgb * liquid_path) * (1.0 - 0.8 * c.body_color.w);
      // The round body as a cylindrical lens (focal length n R / (2 (n - 1)) from its axis):
      // light through it converges towards a bright line and leaves dark fringes beside it.
      vec2 across = vec2(-dir.z, dir.x) / max(length(dir.xz), 1e-4);
      float offset = dot(origin.xz - r.axis, across);
      float behind = -dot(origin.xz - r.axis, dir.xz) / max(length(dir.xz), 1e-4);
      float lens_radius = c.optics.z;
      float focal = c.optics.y * lens_radius / (2.0 * (c.optics.y - 1.0));
      float squeeze = max(abs(1.0 - behind / focal), 0.25);
      float reach = lens_radius * squeeze;  // the band the lens's light covers at this distance
      // Its edges blur like the shadow's: by the sun's width and the grid's cell.
      float soft = max(0.3 * reach, 2.0 * (d.volume_origin.w + behind * kBottleSunRadius));
      float lens = (1.0 / squeeze) * (1.0 - smoothstep(reach - soft, reach + soft, abs(offset)));
      through_liquid *= mix(1.0, lens, smoothstep(0.0, lens_radius * 0.5, behind));
      through_liquid *= surface_focus(c, point + sun * surface_at, surface_at);
    }
    light *= mix(vec3(1.0), through_liquid, liquid);
  }
  return mix(vec3(1.0), light, strength);
}

// What the room's colour at texel q of the tile is multiplied by; p is its frame pixel, depth
// the depth buffer's value there.
vec3 shade_at(uvec4 tile, ivec2 q, ivec2 p, float depth) {
  if (frame_is_far(depth)) return vec3(1.0);  // the sky
  vec3 point = world_at_pixel(vec2(p) + 0.5, depth);
  // The surface's normal from its neighbours' depths, facing the eye.
  ivec2 px = p + ivec2(1, 0), py = p + ivec2(0, 1);
  vec3 dx = world_at_pixel(vec2(px) + 0.5, texelFetch(depth_buffer, px, 0).r) - point;
  vec3 dy = world_at_pixel(vec2(py) + 0.5, texelFetch(depth_buffer, py, 0).r) - point;
  vec3 normal = normalize(cross(dx, dy));
  if (dot(normal, frame_to_eye(point)) < 0.0) normal = -normal;
  vec3 sun = frame.sun_direction.xyz;
  float facing = dot(normal, sun);
  if (facing <= 0.0 || any(isnan(normal))) return vec3(1.0);  // turned away: the sun does not reach it anyway
  // Lift the point off its surface so that its own depth never shadows it.
  point += normal * 1e-3;

  // The march's samples offset per texel (interleaved gradient noise of its position, not of
  // its place in the tile list), so that steps do not band.
  float jitter = fract(52.9829189 * fract(dot(vec2(q), vec2(0.06711056, 0.00583715))));
  // First which of the tile's casters the ray passes near (cheap), then the march through those
  // only: a loop ends once no texel has work left in it, where an `if` would still cost a CPU
  // rasteriser the whole march for every caster.
  vec3 light = vec3(1.0);
  for (uint first = 0u; first < tile.w; first += 32u) {
    uint near = 0u;
    for (uint i = 0u; i < min(32u, tile.w - first); ++i)
      if (passes_near(casters[tile.z + first + i], point, sun)) near |= 1u << i;
    while (near != 0u) {
      uint i = uint(findLSB(near));
      near &= near - 1u;
      light *= sunlight_past(casters[tile.z + first + i], point, sun, jitter);
    }
  }
  if (light == vec3(1.0)) return light;
  // Only the sun's share of what the surface shows changes; the sky's stays.
  vec3 direct = frame.sun_radiance.rgb * facing;
  vec3 ambient = mix(frame.ground.rgb, frame.sky_zenith.rgb, 0.5 + 0.5 * normal.y);
  vec3 sun_share = direct / max(direct + ambient, vec3(1e-4));
  return 1.0 - sun_share + sun_share * light;
}

// Every texel of the tile is written, 1 where nothing falls: the image is not cleared between
// frames, and the renderer lists last frame's tiles too (without casters) to reset them. Its
// alpha is the linear depth of the pixel it was computed at, for the depth-aware upsampling.
void main() {
  uvec4 tile = tiles[first_tile + gl_WorkGroupID.x];
  ivec2 q = bottle_tile_origin(tile.x) + ivec2(gl_LocalInvocationID.xy);
  if (any(greaterThanEqual(q, imageSize(shade)))) return;
  ivec2 p = min(q * 2 + 1, ivec2(frame.viewport.xy) - 2);  // the frame pixel at its centre's lower right
  float depth = texelFetch(depth_buffer, p, 0).r;
  imageStore(shade, q, vec4(shade_at(tile, q, p, depth), view_depth_from_device(depth, frame.proj, frame.depth_planes.y)));
}

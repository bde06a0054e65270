#version 460
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_shader_atomic_int64 : require
#extension GL_EXT_buffer_reference : require
// The surfaces pass (surfaces.frag) rasterised in compute, a triangle an invocation, for
// containers whose triangles are at most 128 pixels long on the screen and which lie between
// the near and far planes, not far beside the view (BottleRenderer::kComputeRasterLongest,
// longest_on_screen), so that the 64-bit edge functions cannot overflow. A
// fixed-function rasteriser pays for every triangle far more than for the pixel or two a small
// triangle covers (and big GPUs have few raster units). Same rules as the hardware's: pixel
// centres, positions snapped to 1/256 pixel, exact integer edge functions (a pixel centre on an
// edge shared by two triangles belongs to exactly one of them, so nothing leaks between them),
// perspective-correct interpolation, both faces, counter-clockwise front faces.
#include "bottle/bottle_common.glsl"
#include "shared/bottle.h"
#include "shared/workgroup_order.h"

layout(local_size_x = kBottleRasterGroup) in;

layout(set = 0, binding = 2, std430) readonly buffer Draws { BottleDrawGpu draws[]; };
// ShadedVertex: position then normal, three vertices a triangle; read as pairs of floats, which
// a CPU fetches in one gather where it fetches each float of a scalar array in its own.
layout(set = 0, binding = 4, std430) readonly buffer Vertices { vec2 vertices[]; };
layout(push_constant) uniform Push { LFX_BOTTLE_SURFACES_PUSH };

#include "bottle/surface_encoding.glsl"

const float kSubpixels = 256.0;

struct Corner {
  vec3 world;
  vec3 normal;
  float w;         // clip w
  i64vec2 pixel;  // framebuffer position, in 1/256 pixels
  vec2 snapped;   // the same, in pixels
};

Corner corner_of(mat4 model, uint vertex) {
  uint at = vertex * 3u;
  vec2 pair0 = vertices[at], pair1 = vertices[at + 1u], pair2 = vertices[at + 2u];
  vec3 position = vec3(pair0, pair1.x);
  vec3 normal = vec3(pair1.y, pair2);
  Corner c;
  c.world = (model * vec4(position, 1.0)).xyz;
  c.normal = mat3(model) * normal;
  vec4 clip = frame.view_proj * vec4(c.world, 1.0);
  c.w = clip.w;
  vec2 framebuffer = (clip.xy / clip.w * 0.5 + 0.5) * frame.viewport.xy;
  vec2 subpixel = round(framebuffer * kSubpixels);
  c.pixel = i64vec2(subpixel);
  c.snapped = subpixel / kSubpixels;
  return c;
}

// Twice the signed area of (a, b, p); exact.
int64_t edge(i64vec2 a, i64vec2 b, i64vec2 p) { return (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x); }

// The same in floats, in pixels: near enough to interpolate with, and cheaper.
float edge(vec2 a, vec2 b, vec2 p) { return (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x); }

// Of the two triangles sharing an edge, which one owns pixel centres exactly on it: the one that
// walks it in the direction this picks (each walks it one way).
bool owns_ties(i64vec2 a, i64vec2 b) { return b.y > a.y || (b.y == a.y && b.x > a.x); }

void main() {
  // Instances and runs of triangles in a spread order: the nearer instances, and a bottle's
  // body more than its neck, cover more pixels.
  uint chunk = spread_item(gl_WorkGroupID.x, gl_NumWorkGroups.x, chunk_stride);
  uint triangle = first_triangle + chunk * kBottleRasterGroup + gl_LocalInvocationID.x;
  if (triangle >= triangles) return;
  uint container = first_container + spread_item(gl_WorkGroupID.y, gl_NumWorkGroups.y, container_stride);
  mat4 model = containers[container].model;
  BottleDrawGpu draw = draws[container];
  Corner c0 = corner_of(model, 3u * triangle);
  Corner c1 = corner_of(model, 3u * triangle + 1u);
  Corner c2 = corner_of(model, 3u * triangle + 2u);
  if (min(c0.w, min(c1.w, c2.w)) <= 0.0) return;  // the caller's promise broken: draw nothing

  int64_t area = edge(c0.pixel, c1.pixel, c2.pixel);
  if (area == 0) return;
  // Framebuffer y points down, so a counter-clockwise (front) face has a negative area here.
  uint layer = first_layer + (area < 0 ? 0u : 1u);
  // Wind every triangle one way (positive area) so that inside is where all edges are positive.
  if (area < 0) {
    Corner swap = c1;
    c1 = c2;
    c2 = swap;
    area = -area;
  }
  // The pixel centres it may cover, within the container's rectangle.
  i64vec2 lo = min(c0.pixel, min(c1.pixel, c2.pixel));
  i64vec2 hi = max(c0.pixel, max(c1.pixel, c2.pixel));
  ivec2 first = max(ivec2(ceil((vec2(lo) - 128.0) / kSubpixels)), draw.rect.xy);
  ivec2 last = min(ivec2(floor((vec2(hi) - 128.0) / kSubpixels)), draw.rect.xy + draw.rect.zw - 1);
  i64vec3 bias = i64vec3(owns_ties(c1.pixel, c2.pixel) ? 0 : -1, owns_ties(c2.pixel, c0.pixel) ? 0 : -1,
                         owns_ties(c0.pixel, c1.pixel) ? 0 : -1);
  // The edge functions at the first pixel centre, and how they change a pixel right and a pixel
  // down: the coverage test walks the box by additions alone (a CPU runs 64-bit multiplies as
  // several 32-bit ones).
  i64vec2 origin = i64vec2(first) * 256 + 128;
  i64vec3 row = i64vec3(edge(c1.pixel, c2.pixel, origin), edge(c2.pixel, c0.pixel, origin),
                        edge(c0.pixel, c1.pixel, origin)) + bias;
  i64vec3 right = -256 * i64vec3(c2.pixel.y - c1.pixel.y, c0.pixel.y - c2.pixel.y, c1.pixel.y - c0.pixel.y);
  i64vec3 down = 256 * i64vec3(c2.pixel.x - c1.pixel.x, c0.pixel.x - c2.pixel.x, c1.pixel.x - c0.pixel.x);
  int width = max(last.x - first.x + 1, 0);
  int pixels = width * max(last.y - first.y + 1, 0);
  vec3 perspective = 1.0 / vec3(c0.w, c1.w, c2.w);
  i64vec3 e = row;
  int column = 0;
  // The box's pixels in runs of 32: first which of them the triangle covers (cheap), then the
  // surface of those only, so that the costly part runs as often as the most pixels a triangle of
  // the SIMD group covers, not as its largest box.
  for (int start = 0; start < pixels; start += 32) {
    uint covered = 0u;
    for (int i = 0; i < min(32, pixels - start); ++i) {
      if (all(greaterThanEqual(e, i64vec3(0)))) covered |= 1u << i;
      bool wraps = ++column == width;
      column = wraps ? 0 : column;
      row = wraps ? row + down : row;
      e = wraps ? row : e + right;
    }
    while (covered != 0u) {
      int j = start + findLSB(covered);
      covered &= covered - 1u;
      // Exact in floats: a triangle at most 128 pixels long has a box of at most 129 x 129.
      int y = int((float(j) + 0.5) / float(width));
      ivec2 p = first + ivec2(j - y * width, y);
      vec2 centre = vec2(p) + 0.5;
      vec3 weights = vec3(edge(c1.snapped, c2.snapped, centre), edge(c2.snapped, c0.snapped, centre),
                          edge(c0.snapped, c1.snapped, centre)) *
                     perspective;
      weights /= weights.x + weights.y + weights.z;
      vec3 world = weights.x * c0.world + weights.y * c1.world + weights.z * c2.world;
      vec3 normal = weights.x * c0.normal + weights.y * c1.normal + weights.z * c2.normal;
      uvec2 surface = encode_surface(normal, frame_ray_distance(world));
      atomicMin(SurfaceTexels(surfaces).texels[surface_index(draw, p, layer)], packUint2x32(surface));
    }
  }
}

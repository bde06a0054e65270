#version 460
// One sub-step of the wave equation on the height field (h, v) in RG32F: reads the previous
// state, writes the next (ping-pong). Walls of the mask and reflecting edges mirror the cell;
// absorbing edges damp outgoing waves in a sponge band. Held sources press the surface down.
#include "shared/waves.h"
#include "shared/ripples.h"

layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0, rg32f) readonly uniform image2D previous;
layout(set = 0, binding = 1, rg32f) writeonly uniform image2D next;
layout(set = 0, binding = 2, r8) readonly uniform image2D mask;  // 1 water, 0 wall
layout(set = 0, binding = 3, std430) readonly buffer Held { WaveSource held[]; };
layout(push_constant) uniform Push { LFX_RIPPLES_WAVE_STEP_PUSH };

// A neighbour's (height, velocity): walls and reflecting edges mirror the cell (no flux);
// absorbing edges see still water.
vec2 neighbour(ivec2 n, ivec2 size, vec2 own) {
  bool outside = any(lessThan(n, ivec2(0))) || any(greaterThanEqual(n, size));
  if (outside) return reflecting == 1u ? own : vec2(0.0);
  if (imageLoad(mask, n).r < 0.5) return own;
  return imageLoad(previous, n).rg;
}

void main() {
  ivec2 at = ivec2(gl_GlobalInvocationID.xy);
  ivec2 size = imageSize(previous);
  if (any(greaterThanEqual(at, size))) return;
  vec2 hv = imageLoad(previous, at).rg;
  vec2 p = (vec2(at) + 0.5) * cell;
  if (imageLoad(mask, at).r < 0.5) {
    imageStore(next, at, vec4(0.0));
    return;
  }
  if (disturb == 1u) {
    for (uint i = 0u; i < held_count; ++i) hv.x -= wave_source_depth(held[i], p);
    imageStore(next, at, vec4(hv, 0.0, 0.0));
    return;
  }
  float extra = reflecting == 1u ? 0.0 : wave_sponge_damping(p, vec2(size) * cell);
  vec2 neighbours = neighbour(at + ivec2(-1, 0), size, hv) + neighbour(at + ivec2(1, 0), size, hv) +
                    neighbour(at + ivec2(0, -1), size, hv) + neighbour(at + ivec2(0, 1), size, hv);
  vec2 stepped = wave_step(hv, neighbours, k, damping + extra, dt);
  for (uint i = 0u; i < held_count; ++i) stepped = wave_hold(stepped, hv.x, held[i], p, dt);
  imageStore(next, at, vec4(stepped, 0.0, 0.0));
}

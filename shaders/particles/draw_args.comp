#version 460
// The spheres' indirect draw from a particle source's count: a fixed number, or a uint the GPU
// keeps (the solver's live count, a host's counter).
#include "shared/particles.h"
layout(local_size_x = 1) in;
layout(set = 0, binding = 0, std430) readonly buffer CountWords { uint count_words[]; };
layout(set = 0, binding = 1, std430) writeonly buffer DrawArgs { uvec4 draw_args; };
layout(push_constant) uniform Push { LFX_PARTICLES_DRAW_ARGS_PUSH };

void main() {
  uint live = use_buffer == 1u ? min(count_words[count_word], count) : count;
  draw_args = uvec4(6u, live, 0u, 0u);
}

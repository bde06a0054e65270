#version 460
// Appends this step's emitted particles after the live ones, while there is room (commit.comp
// then moves the live count).
#include "particles/particles_common.glsl"
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std430) writeonly buffer Records { ParticleRecord records[]; };
layout(set = 0, binding = 1, std430) writeonly buffer States { ParticleState states[]; };
layout(set = 0, binding = 2, std430) readonly buffer Counts { ParticleCounts counts; };
layout(set = 0, binding = 16, std430) readonly buffer Emitted { ParticleRecord emitted[]; };
layout(push_constant) uniform Push { LFX_PARTICLES_EMIT_PUSH };

void main() {
  uint k = gl_GlobalInvocationID.x;
  if (k >= count) return;
  uint slot = counts.live + k;
  if (slot >= capacity) return;
  records[slot] = emitted[first + k];
  ParticleState s;
  s.c_row0 = vec4(0.0, 0.0, 0.0, uintBitsToFloat(first_id + k));
  s.c_row1 = vec4(0.0);
  s.c_row2 = vec4(0.0);
  states[slot] = s;
}

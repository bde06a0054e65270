#version 460
// Appends this slot's emitted particles after the live ones, while there is room (commit.comp
// then moves the live count). In a slot that a joined step already covered, they fly on to that
// step's end, where the liquid is, and the clock hears of their speed.
#include "particles/particles_common.glsl"
layout(local_size_x = 64) in;
layout(set = 0, binding = 0, std430) writeonly buffer Records { ParticleRecord records[]; };
layout(set = 0, binding = 1, std430) writeonly buffer States { ParticleState states[]; };
layout(set = 0, binding = 2, std430) readonly buffer Counts { ParticleCounts counts; };
layout(set = 0, binding = 16, std430) readonly buffer Emitted { ParticleRecord emitted[]; };
layout(set = 0, binding = 27, std430) buffer Clock { ParticleClock clock; };
layout(push_constant) uniform Push { LFX_PARTICLES_EMIT_PUSH };

void main() {
  uint k = gl_GlobalInvocationID.x;
  if (k >= count) return;
  uint index = counts.live + k;
  if (index >= capacity) return;
  ParticleRecord r = emitted[first + k];
  float ahead = float(clock.covered) * gravity_dt.w;  // s to the covering step's end
  r.position_foam.xyz += (r.velocity_density.xyz + 0.5 * ahead * gravity_dt.xyz) * ahead;
  r.velocity_density.xyz += ahead * gravity_dt.xyz;
  records[index] = r;
  atomicMax(clock.largest_speed, floatBitsToUint(length(r.velocity_density.xyz)));
  ParticleState s;
  s.c_row0 = vec4(0.0, 0.0, 0.0, uintBitsToFloat(first_id + k));
  s.c_row1 = vec4(0.0);
  s.c_row2 = vec4(0.0);
  states[index] = s;
}

#version 460
// The live count after an emission or a sort, and the indirect dispatch arguments that follow
// from it.
#include "shared/particles.h"
layout(local_size_x = 1) in;
layout(set = 0, binding = 2, std430) buffer Counts { ParticleCounts counts; };
layout(push_constant) uniform Push { LFX_PARTICLES_COMMIT_PUSH };

void main() {
  uint live = mode == 0u ? min(counts.live + added, capacity) : counts.sorted_live;
  counts.live = live;
  counts.dispatch = uvec4((live + kParticleGroupSize - 1u) / kParticleGroupSize, 1u, 1u, 0u);
  counts.stats_dispatch = uvec4((live + kStatsGroupSize - 1u) / kStatsGroupSize, 1u, 1u, 0u);
}

#version 460
// The composite for pixels whose view ray in the liquid stays below the lowest wave and the
// waterline's bands (composite.glsl).
#define LFX_BOTTLE_BELOW_WAVES
#include "bottle/composite.glsl"

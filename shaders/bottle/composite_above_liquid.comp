#version 460
// The composite for pixels whose view ray does not meet the liquid (composite.glsl).
#define LFX_BOTTLE_ABOVE_LIQUID
#include "bottle/composite.glsl"

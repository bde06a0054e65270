#version 460
// The composite for rows where no pixel's view ray meets the liquid (composite.glsl).
#define LFX_BOTTLE_ABOVE_LIQUID
#include "bottle/composite.glsl"

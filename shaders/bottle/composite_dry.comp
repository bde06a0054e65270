#version 460
// The composite for rows where no pixel's view ray meets the liquid or the wet film on the walls
// above it (composite.glsl).
#define LFX_BOTTLE_ABOVE_LIQUID
#define LFX_BOTTLE_ABOVE_FILM
#include "bottle/composite.glsl"

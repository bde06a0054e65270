#version 460
// The composite for pixels whose view ray meets neither the liquid nor the wet film on the walls
// above it (composite.glsl).
#define LFX_BOTTLE_ABOVE_LIQUID
#define LFX_BOTTLE_ABOVE_FILM
#include "bottle/composite.glsl"

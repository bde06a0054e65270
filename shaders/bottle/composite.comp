#version 460
// The composite for tiles where some pixel's view ray meets the liquid (composite.glsl).
#include "bottle/composite.glsl"

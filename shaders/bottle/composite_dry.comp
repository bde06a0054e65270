#version 460
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
// The composite for pixels whose view ray meets neither the liquid nor the wet film on the walls
// above it (composite.glsl).
#define LFX_BOTTLE_ABOVE_LIQUID
#define LFX_BOTTLE_ABOVE_FILM
#include "bottle/composite.glsl"

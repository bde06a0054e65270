#version 460
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
// The composite for pixels whose view ray does not meet the liquid (composite.glsl).
#define LFX_BOTTLE_ABOVE_LIQUID
#include "bottle/composite.glsl"

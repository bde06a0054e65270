#version 460
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
// The composite for pixels whose view ray in the liquid stays below the lowest wave and the
// waterline's bands (composite.glsl).
#define LFX_BOTTLE_BELOW_WAVES
#include "bottle/composite.glsl"

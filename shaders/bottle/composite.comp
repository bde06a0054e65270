#version 460
#extension GL_EXT_buffer_reference : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
// The whole composite, for pixels whose view ray may meet the liquid near its surface or
// waterline (composite.glsl).
#include "bottle/composite.glsl"

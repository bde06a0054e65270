#version 460
// The whole composite, for rows where some pixel's view ray may meet the liquid near its surface
// or waterline (composite.glsl).
#include "bottle/composite.glsl"

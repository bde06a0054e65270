#version 460
// The whole composite, for pixels whose view ray may meet the liquid near its surface or
// waterline (composite.glsl).
#include "bottle/composite.glsl"

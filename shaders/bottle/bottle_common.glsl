// What every bottle pass reads: the frame (binding 0) and every container's data (binding 1).
#include "render/frame_block.glsl"
#include "shared/liquid_surface.h"

layout(set = 0, binding = 1, std430) readonly buffer Containers {
  LiquidContainerGpu containers[];
};

// Linear view depth (metres) of a world point.
float view_depth_of(vec3 world) { return -(frame.view * vec4(world, 1.0)).z; }

// The frame's uniform block at set 0, binding 0 (every pass that reads frame values).
#include "shared/frame.h"
layout(set = 0, binding = 0, std140) uniform FrameBlock {
  FrameUniforms frame;
};

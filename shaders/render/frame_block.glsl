// The frame's uniform block at set 0, binding 0 (every pass that reads frame values).
#include "shared/environment.h"
#include "shared/frame.h"
layout(set = 0, binding = 0, std140) uniform FrameBlock {
  FrameUniforms frame;
};

// What a direction sees far away under this frame's sky, ground and sun.
vec3 frame_environment(vec3 dir) {
  return environment_radiance(dir, frame.sky_zenith.rgb, frame.sky_horizon.rgb, frame.ground.rgb,
                              frame.sun_direction.xyz, frame.sun_radiance.rgb);
}

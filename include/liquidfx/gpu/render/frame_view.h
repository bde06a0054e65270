// lfx::gpu::FrameView: what a frame is seen through (the host's view and projection matrices),
// how it is lit (the host's sun and sky), and when. All of it may change every frame.
#pragma once

#include <vulkan/vulkan.h>

#include <cstdint>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include "liquidfx/core/camera.h"
#include "liquidfx/core/result.h"
#include "liquidfx/shared/frame.h"

namespace lfx::gpu {

/// The light every effect shades with and reflects: a sun and a sky (the environment a
/// reflection sees where it finds nothing on the screen). Linear radiance; world y up.
struct FrameLighting {
  glm::vec3 sun_direction{0.0f, 1.0f, 0.0f};  ///< Unit vector towards the sun.
  glm::vec3 sun_radiance{1.0f};
  glm::vec3 sky_zenith{0.3f};   ///< The sky straight up.
  glm::vec3 sky_horizon{0.3f};  ///< The sky at the horizon.
  glm::vec3 ground{0.2f};       ///< What a direction below the horizon sees.
  /// The host's own environment instead of the sky above (and ground): a cube view of linear
  /// radiance that liquids and glass reflect and see, times `environment_intensity`. The host
  /// owns it and leaves it in SHADER_READ_ONLY_OPTIMAL, visible to compute and fragment shaders,
  /// for as long as the frame's submission runs. VK_NULL_HANDLE: the sky and ground colours.
  VkImageView environment = VK_NULL_HANDLE;
  float environment_intensity = 1.0f;
};

/// The backdrop room's sun and sky at its default knobs: the lighting a FrameView starts with.
FrameLighting default_lighting();

struct FrameView {
  /// World -> view: a rigid motion (rotation and translation), right-handed, looking down -z.
  glm::mat4 view = Camera{}.view();
  /// View -> Vulkan clip space (y down the image, depth 0..1). Any perspective or orthographic
  /// projection: off-axis, jittered (a sub-pixel offset for TAA), forward depth (near at 0) or
  /// reversed (near at 1), a finite or an infinite far plane. What it may not do: mix view x
  /// and y, or let clip z and w depend on them (a roll or skew belongs to the view matrix).
  glm::mat4 projection = Camera{}.projection(16.0f / 9.0f);
  FrameLighting lighting = default_lighting();
  double time = 0.0;            ///< Scene time, seconds.
  float exposure_stops = 0.0f;  ///< Exposure before the filmic curve.
  bool filmic = true;           ///< The filmic curve; false clips instead (2D pictures in display colours).

  /// A look-at camera's view over a frame of width x height pixels (its aspect), with the
  /// default lighting.
  static FrameView through(const Camera& camera, std::uint32_t width, std::uint32_t height);
};

/// Whether a view can be drawn: finite matrices, a rigid view, a projection of the form above
/// with its near plane in front of a perspective eye. The error names the matrix and element.
Result<void> check_frame_view(const FrameView& view);

/// The per-frame uniforms of a view (checked) over a frame of width x height pixels.
shared::FrameUniforms frame_uniforms(const FrameView& view, std::uint32_t width, std::uint32_t height);

}  // namespace lfx::gpu

#include "liquidfx/gpu/render/frame_view.h"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>
#include <glm/matrix.hpp>
#include <limits>
#include <string>

#include "liquidfx/gpu/render/room.h"

namespace lfx::gpu {

FrameLighting default_lighting() {
  return room_lighting(RoomKnobs{});
}

FrameView FrameView::through(const Camera& camera, std::uint32_t width, std::uint32_t height) {
  FrameView v;
  v.view = camera.view();
  v.projection = camera.projection(float(width) / float(std::max(height, 1u)));
  return v;
}

namespace {

std::string element(const char* matrix, int column, int row, float value) {
  return std::string(matrix) + "[" + std::to_string(column) + "][" + std::to_string(row) + "] (column, row) is " +
         std::to_string(value);
}

bool all_finite(const glm::mat4& m) {
  for (int c = 0; c < 4; ++c)
    for (int r = 0; r < 4; ++r)
      if (!std::isfinite(m[c][r])) return false;
  return true;
}

// The sign of the derivative of the depth-buffer value (p22 z + p32) / (p23 z + p33) in view z:
// 0 maps every depth to one value, > 0 is reversed depth (the value falls as view depth grows).
float depth_slope(const glm::mat4& p) {
  return p[2][2] * p[3][3] - p[3][2] * p[2][3];
}

bool depth_reversed(const glm::mat4& p) {
  return depth_slope(p) > 0.0f;
}

bool orthographic(const glm::mat4& p) {
  return p[2][3] == 0.0f;
}

Result<void> check_view_matrix(const glm::mat4& v) {
  if (!all_finite(v)) return input_error("frame view: the view matrix has a NaN or infinite element");
  if (v[0][3] != 0.0f || v[1][3] != 0.0f || v[2][3] != 0.0f || v[3][3] != 1.0f)
    return input_error("frame view: the view matrix's last row must be (0, 0, 0, 1)");
  const glm::mat3 r(v);
  constexpr float kTolerance = 1e-3f;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      const float expected = i == j ? 1.0f : 0.0f;
      if (std::abs(glm::dot(r[i], r[j]) - expected) > kTolerance)
        return input_error("frame view: the view matrix must be a rotation and a translation (its columns " +
                           std::to_string(i) + " and " + std::to_string(j) + " are not orthonormal)");
    }
  if (glm::determinant(r) < 0.0f) return input_error("frame view: the view matrix mirrors (its determinant is -1)");
  return success();
}

Result<void> check_projection(const glm::mat4& p) {
  if (!all_finite(p)) return input_error("frame view: the projection has a NaN or infinite element");
  // Clip x from view x and z, clip y from view y and z, clip z and w from view z only.
  const int must_be_zero[][2] = {{1, 0}, {0, 1}, {0, 2}, {1, 2}, {0, 3}, {1, 3}};
  for (const auto& e : must_be_zero)
    if (p[e[0]][e[1]] != 0.0f)
      return input_error("frame view: the projection mixes view x and y or lets depth depend on them: " +
                         element("projection", e[0], e[1], p[e[0]][e[1]]) + ", must be 0");
  for (int i = 0; i < 2; ++i)
    if (p[i][i] == 0.0f)
      return input_error("frame view: the projection's scale is 0: " + element("projection", i, i, 0.0f));
  if (depth_slope(p) == 0.0f)
    return input_error("frame view: the projection maps every depth to one depth-buffer value");
  if (orthographic(p)) {
    if (p[3][3] == 0.0f) return input_error("frame view: the projection's w is 0 everywhere");
    return success();
  }
  if (p[3][3] != 0.0f)
    return input_error(
        "frame view: the projection is neither perspective (projection[3][3] = 0) nor orthographic "
        "(projection[2][3] = 0): " +
        element("projection", 3, 3, p[3][3]));
  if (p[3][0] != 0.0f || p[3][1] != 0.0f)
    return input_error(
        "frame view: a perspective projection shifts the image through projection[2][0] and [2][1] "
        "(jitter, off-axis), not " +
        element("projection", 3, p[3][0] != 0.0f ? 0 : 1, p[3][p[3][0] != 0.0f ? 0 : 1]));
  // The eye looks down -z: clip w (= -p23 depth) must grow with the depth.
  if (p[2][3] > 0.0f)
    return input_error("frame view: the projection looks down +z (" + element("projection", 2, 3, p[2][3]) + ")");
  const float near =
      shared::view_depth_from_device(depth_reversed(p) ? 1.0f : 0.0f, p, std::numeric_limits<float>::infinity());
  if (!(near > 0.0f))
    return input_error("frame view: the projection's near plane must be in front of the eye (view depth " +
                       std::to_string(near) + " m)");
  return success();
}

}  // namespace

Result<void> check_frame_view(const FrameView& view) {
  LFX_TRY(check_view_matrix(view.view));
  LFX_TRY(check_projection(view.projection));
  if (!std::isfinite(view.time) || !std::isfinite(view.exposure_stops))
    return input_error("frame view: time and exposure must be finite");
  const FrameLighting& l = view.lighting;
  for (const glm::vec3& v : {l.sun_direction, l.sun_radiance, l.sky_zenith, l.sky_horizon, l.ground})
    if (!std::isfinite(v.x) || !std::isfinite(v.y) || !std::isfinite(v.z))
      return input_error("frame view: the lighting has a NaN or infinite value");
  if (!std::isfinite(l.environment_intensity) || l.environment_intensity < 0.0f)
    return input_error("frame view: lighting.environment_intensity must be finite and at least 0 (it is " +
                       std::to_string(l.environment_intensity) + ")");
  if (std::abs(glm::length(l.sun_direction) - 1.0f) > 1e-3f)
    return input_error("frame view: lighting.sun_direction must be a unit vector (its length is " +
                       std::to_string(glm::length(l.sun_direction)) + ")");
  return success();
}

shared::FrameUniforms frame_uniforms(const FrameView& view, std::uint32_t width, std::uint32_t height) {
  const float w = float(width), h = float(height);
  const glm::mat4& p = view.projection;
  shared::FrameUniforms u{};
  u.view = view.view;
  u.proj = p;
  u.view_proj = p * view.view;
  u.inv_view_proj = glm::inverse(u.view_proj);
  u.camera_position = glm::vec4(glm::vec3(glm::inverse(view.view)[3]), float(view.time));
  u.viewport = glm::vec4(w, h, 1.0f / w, 1.0f / h);
  const bool reversed = depth_reversed(p);
  const float near = shared::view_depth_from_device(reversed ? 1.0f : 0.0f, p, shared::kFrameFarLimit);
  const float far = shared::view_depth_from_device(reversed ? 0.0f : 1.0f, p, shared::kFrameFarLimit);
  u.depth_planes = glm::vec4(near, far, reversed ? 1.0f : 0.0f, orthographic(p) ? 1.0f : 0.0f);
  const FrameLighting& l = view.lighting;
  u.sun_direction = glm::vec4(l.sun_direction, 0.0f);
  u.sun_radiance = glm::vec4(l.sun_radiance, 0.0f);
  u.sky_zenith = glm::vec4(l.sky_zenith, 0.0f);
  u.sky_horizon = glm::vec4(l.sky_horizon, l.environment_intensity);
  u.ground = glm::vec4(l.ground, view.exposure_stops);
  return u;
}

}  // namespace lfx::gpu

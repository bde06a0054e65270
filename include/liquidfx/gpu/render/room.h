// The backdrop "room" liquids sit in and refract: a checkered floor, a tiled back wall, a sun
// with soft shadows, sky ambient light, and optional props (boxes, spheres).
#pragma once

#include <glm/vec3.hpp>
#include <memory>
#include <vector>

#include "liquidfx/core/knobs.h"
#include "liquidfx/core/result.h"
#include "liquidfx/gpu/buffer.h"
#include "liquidfx/gpu/context.h"
#include "liquidfx/gpu/pipeline.h"
#include "liquidfx/gpu/render/frame_passes.h"
#include "liquidfx/gpu/render/frame_view.h"

namespace lfx::gpu {

// clang-format off
#define LFX_ROOM_KNOBS(X)                                                                                    \
  X(checker_size, float, 0.25f, 0.02, 5.0, "m", "Edge of one floor checker square (wall tiles are half)")   \
  X(floor_color_a, glm::vec3, (glm::vec3{0.78f, 0.76f, 0.72f}), 0.0, 1.0, "rgb", "Floor checker colour a")   \
  X(floor_color_b, glm::vec3, (glm::vec3{0.30f, 0.32f, 0.35f}), 0.0, 1.0, "rgb", "Floor checker colour b")   \
  X(wall_color_a, glm::vec3, (glm::vec3{0.82f, 0.80f, 0.76f}), 0.0, 1.0, "rgb", "Wall tile colour a")        \
  X(wall_color_b, glm::vec3, (glm::vec3{0.45f, 0.60f, 0.75f}), 0.0, 1.0, "rgb", "Wall tile colour b")        \
  X(wall_distance, float, 2.0f, 0.3, 50.0, "m", "Distance of the back wall behind the origin (wall at z = -d)") \
  X(sun_elevation, float, 50.0f, 1.0, 90.0, "deg", "Height of the sun above the horizon")                    \
  X(sun_azimuth, float, 30.0f, -180.0, 180.0, "deg", "Direction of the sun, from +z towards +x")             \
  X(sun_intensity, float, 1.3f, 0.0, 50.0, "", "Sun radiance multiplier")                                   \
  X(sky_intensity, float, 0.45f, 0.0, 20.0, "", "Sky ambient light multiplier")                              \
  X(shadow_sharpness, float, 10.0f, 1.0, 64.0, "", "Penumbra sharpness of prop shadows (larger is harder)")  \
  X(ambient_occlusion, float, 1.0f, 0.0, 2.0, "", "Strength of contact darkening under and around props")  \
  X(visible, bool, true, 0, 1, "", "Draw the room (off: a black backdrop, for effects that paint the whole frame)")
// clang-format on
LFX_KNOB_STRUCT(RoomKnobs, LFX_ROOM_KNOBS);

enum class PropShape { box, sphere };

/// One prop standing in the room. Positions in metres, world y up.
struct RoomPropDesc {
  PropShape shape = PropShape::box;
  glm::vec3 center{0.0f};
  glm::vec3 size{0.2f};  ///< Box: full extents; sphere: size.x is the diameter.
  glm::vec3 albedo{0.7f};
  float yaw_degrees = 0.0f;  ///< Box rotation about the vertical axis.
};

struct RoomDesc {
  RoomKnobs knobs;
  std::vector<RoomPropDesc> props;  ///< At most 32 (kRoomMaxProps).
};

/// The sun and sky a room's knobs describe, in the frame's terms.
FrameLighting room_lighting(const RoomKnobs& knobs);

/// The backdrop as an ordinary pass: put it first among a frame's passes. It clears the frame's
/// colour and depth and draws the room into them (the depth cleared to the far plane's value of
/// the frame's depth direction); the colour is the frame's lighting's horizon where nothing
/// stands (black when the room is not visible).
class Room : public FramePasses {
 public:
  static Result<std::unique_ptr<Room>> create(Context& ctx, const RoomDesc& desc);

  /// Its sun and sky (room_lighting of its knobs): what a frame that shows the room is lit by.
  FrameLighting lighting() const { return room_lighting(desc_.knobs); }

  Result<void> prepare(const FramePrepare& frame) override;
  /// Entry: any state; exit: color in kColorAttachment, depth in kDepthAttachment.
  void record_opaque(FrameContext& frame) override;
  bool clears_frame() const override { return true; }
  bool samples_scene_copy() const override { return false; }      // opaque only
  bool draws_last_picture() const override { return recorded_; }  // its look is its desc and the view

 private:
  Room() = default;
  RoomDesc desc_;
  FrameGraphicsPipeline pipeline_;
  Buffer vertices_;
  Buffer params_;
  Buffer props_;
  std::uint32_t vertex_count_ = 0;
  bool recorded_ = false;  // drawn once: the same view draws the same again
};

}  // namespace lfx::gpu

#include "liquidfx/gpu/render/room.h"

#include <cmath>
#include <glm/geometric.hpp>
#include <glm/trigonometric.hpp>
#include <numbers>

#include "liquidfx/gpu/detail/descriptors.h"
#include "liquidfx/gpu/detail/rendering.h"
#include "liquidfx/gpu/transfer.h"
#include "liquidfx/shared/room.h"

namespace lfx::gpu {
namespace {

struct RoomVertex {
  glm::vec3 position;
  glm::vec3 normal;
  glm::vec4 albedo_surface;  // rgb albedo, w: 0 floor, 1 wall, 2 prop
};

constexpr float kFloorSurface = 0.0f;
constexpr float kWallSurface = 1.0f;
constexpr float kPropSurface = 2.0f;
constexpr float kRoomHalfWidth = 20.0f;
constexpr float kRoomDepth = 30.0f;
constexpr float kWallHeight = 12.0f;

void add_quad(std::vector<RoomVertex>& out, glm::vec3 a, glm::vec3 b, glm::vec3 c, glm::vec3 d, glm::vec3 n,
              glm::vec4 albedo_surface) {
  for (glm::vec3 p : {a, b, c, a, c, d}) out.push_back({p, n, albedo_surface});
}

void add_box(std::vector<RoomVertex>& out, const RoomPropDesc& prop) {
  const glm::vec3 h = prop.size * 0.5f;
  const float yaw = glm::radians(prop.yaw_degrees);
  const float c = std::cos(yaw), s = std::sin(yaw);
  // Rotation about y by +yaw (the shader's distance function applies the inverse).
  auto rotate = [&](glm::vec3 v) { return glm::vec3(c * v.x + s * v.z, v.y, -s * v.x + c * v.z); };
  const glm::vec4 albedo(prop.albedo, kPropSurface);
  for (int axis = 0; axis < 3; ++axis) {
    for (float sign : {-1.0f, 1.0f}) {
      glm::vec3 n(0.0f);
      n[axis] = sign;
      const glm::vec3 u = axis == 1 ? glm::vec3(1, 0, 0) : glm::vec3(0, 1, 0);
      const glm::vec3 v = glm::cross(n, u);
      auto corner = [&](float a, float b) { return prop.center + rotate((n + a * u + b * v) * h); };
      add_quad(out, corner(-1, -1), corner(1, -1), corner(1, 1), corner(-1, 1), rotate(n), albedo);
    }
  }
}

void add_sphere(std::vector<RoomVertex>& out, const RoomPropDesc& prop) {
  constexpr int kSegments = 32, kRings = 16;
  const float radius = prop.size.x * 0.5f;
  auto point = [&](int ring, int segment) {
    const float theta = std::numbers::pi_v<float> * float(ring) / kRings;
    const float phi = 2.0f * std::numbers::pi_v<float> * float(segment) / kSegments;
    return glm::vec3(std::sin(theta) * std::cos(phi), std::cos(theta), std::sin(theta) * std::sin(phi));
  };
  const glm::vec4 albedo(prop.albedo, kPropSurface);
  for (int r = 0; r < kRings; ++r) {
    for (int s = 0; s < kSegments; ++s) {
      const glm::vec3 n[4] = {point(r, s), point(r + 1, s), point(r + 1, s + 1), point(r, s + 1)};
      for (int i : {0, 1, 2, 0, 2, 3}) out.push_back({prop.center + radius * n[i], n[i], albedo});
    }
  }
}

std::vector<RoomVertex> room_mesh(const RoomDesc& desc) {
  std::vector<RoomVertex> v;
  const float z_wall = -desc.knobs.wall_distance;
  add_quad(v, {-kRoomHalfWidth, 0, z_wall}, {kRoomHalfWidth, 0, z_wall}, {kRoomHalfWidth, 0, kRoomDepth},
           {-kRoomHalfWidth, 0, kRoomDepth}, {0, 1, 0}, {1, 1, 1, kFloorSurface});
  add_quad(v, {-kRoomHalfWidth, 0, z_wall}, {kRoomHalfWidth, 0, z_wall}, {kRoomHalfWidth, kWallHeight, z_wall},
           {-kRoomHalfWidth, kWallHeight, z_wall}, {0, 0, 1}, {1, 1, 1, kWallSurface});
  for (const RoomPropDesc& prop : desc.props) {
    if (prop.shape == PropShape::box) {
      add_box(v, prop);
    } else {
      add_sphere(v, prop);
    }
  }
  return v;
}

shared::RoomParams room_params(const RoomDesc& desc) {
  const RoomKnobs& k = desc.knobs;
  shared::RoomParams p{};
  p.floor_a = glm::vec4(k.floor_color_a, k.checker_size);
  p.floor_b = glm::vec4(k.floor_color_b, 0.0f);
  p.wall_a = glm::vec4(k.wall_color_a, -k.wall_distance);
  p.wall_b = glm::vec4(k.wall_color_b, float(desc.props.size()));
  p.lighting = glm::vec4(k.sky_intensity, k.shadow_sharpness, k.ambient_occlusion, 0.0f);
  return p;
}

std::vector<shared::RoomProp> room_props(const RoomDesc& desc) {
  std::vector<shared::RoomProp> out;
  for (const RoomPropDesc& prop : desc.props) {
    shared::RoomProp p{};
    const bool sphere = prop.shape == PropShape::sphere;
    p.center_kind = glm::vec4(prop.center, float(sphere ? shared::kRoomPropSphere : shared::kRoomPropBox));
    p.half_size = glm::vec4(prop.size * 0.5f, prop.size.x * 0.5f);
    p.albedo_yaw = glm::vec4(prop.albedo, glm::radians(prop.yaw_degrees));
    out.push_back(p);
  }
  if (out.empty()) out.push_back({});  // buffers may not be empty; the count says 0
  return out;
}

template <class T>
std::span<const std::byte> bytes_of(const std::vector<T>& v) {
  return std::as_bytes(std::span<const T>(v));
}

}  // namespace

Result<std::unique_ptr<Room>> Room::create(Context& ctx, const RoomDesc& desc) {
  if (desc.props.size() > shared::kRoomMaxProps)
    return input_error("backdrop: " + std::to_string(desc.props.size()) + " props, at most " +
                       std::to_string(shared::kRoomMaxProps));
  std::unique_ptr<Room> room(new Room());
  room->desc_ = desc;

  GraphicsPipelineDesc pd;
  pd.name = "room";
  pd.vertex_shader = "render/room.vert";
  pd.fragment_shader = "render/room.frag";
  pd.vertex_bindings = {{sizeof(RoomVertex),
                         VK_VERTEX_INPUT_RATE_VERTEX,
                         {{0, 0, VK_FORMAT_R32G32B32_SFLOAT, offsetof(RoomVertex, position)},
                          {1, 0, VK_FORMAT_R32G32B32_SFLOAT, offsetof(RoomVertex, normal)},
                          {2, 0, VK_FORMAT_R32G32B32A32_SFLOAT, offsetof(RoomVertex, albedo_surface)}}}};
  pd.color_formats = {kHdrFormat};
  pd.depth_format = kDepthFormat;
  pd.cull = VK_CULL_MODE_NONE;
  LFX_TRY_ASSIGN(room->pipeline_, FrameGraphicsPipeline::create(ctx, pd));

  const std::vector<RoomVertex> mesh = room_mesh(desc);
  const std::vector<shared::RoomParams> params = {room_params(desc)};
  const std::vector<shared::RoomProp> props = room_props(desc);
  room->vertex_count_ = static_cast<std::uint32_t>(mesh.size());
  struct Upload {
    Buffer* buffer;
    std::span<const std::byte> bytes;
    VkBufferUsageFlags usage;
    const char* name;
  };
  const Upload uploads[] = {
      {&room->vertices_, bytes_of(mesh), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, "room vertices"},
      {&room->params_, bytes_of(params), VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT, "room params"},
      {&room->props_, bytes_of(props), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, "room props"},
  };
  for (const Upload& u : uploads) {
    LFX_TRY_ASSIGN(*u.buffer, Buffer::create(ctx, u.bytes.size(), u.usage | VK_BUFFER_USAGE_TRANSFER_DST_BIT,
                                             MemoryUsage::device, u.name));
    LFX_TRY(upload_buffer(ctx, *u.buffer, u.bytes));
  }
  return room;
}

FrameLighting room_lighting(const RoomKnobs& k) {
  const float elevation = glm::radians(k.sun_elevation);
  const float azimuth = glm::radians(k.sun_azimuth);
  FrameLighting l;
  l.sun_direction = glm::normalize(
      glm::vec3(std::cos(elevation) * std::sin(azimuth), std::sin(elevation), std::cos(elevation) * std::cos(azimuth)));
  l.sun_radiance = glm::vec3(1.0f, 0.95f, 0.86f) * k.sun_intensity;
  l.sky_zenith = glm::vec3(0.32f, 0.48f, 0.80f) * k.sky_intensity;
  l.sky_horizon = glm::vec3(0.75f, 0.80f, 0.86f) * k.sky_intensity;
  l.ground = k.floor_color_a * 0.5f * (k.sky_intensity + 0.3f * k.sun_intensity * std::sin(elevation));
  return l;
}

Result<void> Room::prepare(const FramePrepare& frame) {
  return pipeline_.prepare(frame.ctx, frame.depth_format, frame.environment_cube);
}

void Room::record_opaque(FrameContext& frame) {
  VkCommandBuffer cmd = frame.cmd;
  PassScope pass(frame.timer, cmd, "room");
  recorded_ = true;
  FrameTargets& targets = frame.targets;
  targets.depth.use(cmd, access::kDepthAttachment);
  const DepthTarget depth{&targets.depth, true, frame.far_depth()};
  if (!desc_.knobs.visible) {
    // The clear alone; the colour's only where a later pass does not cover it whole.
    if (frame.color_covered) {
      begin_rendering(cmd, {}, depth);
    } else {
      targets.color.use(cmd, access::kColorAttachment);
      begin_rendering(cmd, {{&targets.color, true, glm::vec4(0.0f, 0.0f, 0.0f, 1.0f)}}, depth);
    }
    vkCmdEndRendering(cmd);
    return;
  }
  targets.color.use(cmd, access::kColorAttachment);
  begin_rendering(cmd, {{&targets.color, true, glm::vec4(glm::vec3(frame.uniforms.sky_horizon), 1.0f)}}, depth);
  const Pipeline& pipeline = pipeline_.get();
  pipeline.bind(cmd, frame.reversed_depth());
  DescriptorWrites()
      .uniform_buffer(0, frame.frame_uniforms.handle())
      .uniform_buffer(1, params_.handle())
      .storage_buffer(2, props_.handle())
      .sampled_image(LFX_FRAME_ENVIRONMENT_BINDING, frame.environment, frame.linear_clamp.handle())
      .push(frame.ctx, cmd, pipeline);
  const VkDeviceSize offset = 0;
  const VkBuffer vertex_buffer = vertices_.handle();
  vkCmdBindVertexBuffers(cmd, 0, 1, &vertex_buffer, &offset);
  vkCmdDraw(cmd, vertex_count_, 1, 0, 0);
  vkCmdEndRendering(cmd);
}

}  // namespace lfx::gpu

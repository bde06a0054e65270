// liquidfx in an engine's frame. The engine (engine.h: its own instance, device, images, camera,
// shaders and compute particle simulation) draws its scene into its HDR colour and reversed-Z
// depth images and its UI canvas; liquidfx records into the engine's command buffer a bottle,
// the engine's particles as one liquid (attached, updated as their count grows, detached),
// liquidfx's own particles (a small dam break in a tank) drawn by the same surface renderer, and
// a ripple and a finger-pushed blob of spread liquid over the UI canvas: all five effects, with no
// scene layer. The engine submits (with liquidfx's signal) and tonemaps.
// Writes frame.png, host_only.png (the same frame without liquidfx) and ui.png into the folder
// given as the first argument; exits 1 on any error or validation message.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <glm/ext/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>
#include <string>

#include "engine.h"
#include "liquidfx/core/ripples/ripples_simulation.h"
#include "liquidfx/core/slosh/liquid_container.h"
#include "liquidfx/core/touch.h"
#include "liquidfx/gpu/context.h"
#include "liquidfx/gpu/effects/bottle_renderer.h"
#include "liquidfx/gpu/effects/particles_passes.h"
#include "liquidfx/gpu/effects/ripples_renderer.h"
#include "liquidfx/gpu/effects/spread_passes.h"
#include "liquidfx/gpu/effects/surface_renderer.h"
#include "liquidfx/gpu/render/frame_renderer.h"

namespace {

constexpr std::uint32_t kWidth = 480, kHeight = 270, kUiWidth = 320, kUiHeight = 180;
constexpr int kFrames = 20;
constexpr std::uint32_t kMaxParticles = 6000, kSpawnedPerFrame = 300;
constexpr float kParticleRadius = 0.005f;

template <class T>
T take(lfx::Result<T> r) {
  if (!r) engine::fail(r.error().message);
  return std::move(r.value());
}
void take(const lfx::Result<void>& r) {
  if (!r) engine::fail(r.error().message);
}

// The engine's camera: reversed Z with no far plane (depth = near / view depth).
glm::mat4 reversed_infinite_projection(float fov_y_degrees, float aspect, float near_plane) {
  const float f = 1.0f / std::tan(0.5f * glm::radians(fov_y_degrees));
  glm::mat4 projection(0.0f);
  projection[0][0] = f / aspect;
  projection[1][1] = -f;  // Vulkan's y points down
  projection[2][3] = -1.0f;
  projection[3][2] = near_plane;
  return projection;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string out = argc > 1 ? argv[1] : ".";
  engine::Device d;
  engine::create_device(d);
  // liquidfx on the engine's device: it checks the features it needs against what the engine enabled.
  lfx::gpu::AdoptInfo adopt{d.instance, d.gpu, d.device, d.queue, d.family};
  adopt.device_info = &d.info;
  adopt.debug_utils = true;
  auto ctx = take(lfx::gpu::Context::adopt(adopt));

  // The engine's images and buffers; the usages liquidfx asks of them are in docs/integration.md.
  const VkExtent2D extent{kWidth, kHeight}, ui_extent{kUiWidth, kUiHeight};
  const engine::Target color = engine::make_target(d, VK_FORMAT_R16G16B16A16_SFLOAT,
                                                   VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_STORAGE_BIT |
                                                       VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
                                                   extent);
  const engine::Target depth = engine::make_target(
      d, VK_FORMAT_D32_SFLOAT, VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT | VK_IMAGE_USAGE_SAMPLED_BIT, extent);
  const engine::Target ui = engine::make_target(
      d, VK_FORMAT_R8G8B8A8_SRGB,
      VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT, ui_extent);
  const engine::HostBuffer particles =
      engine::make_buffer(d, kMaxParticles * 32, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, false);
  const engine::HostBuffer readback =
      engine::make_buffer(d, kWidth * kHeight * 8, VK_BUFFER_USAGE_TRANSFER_DST_BIT, true);
  const engine::HostBuffer ui_readback =
      engine::make_buffer(d, kUiWidth * kUiHeight * 4, VK_BUFFER_USAGE_TRANSFER_DST_BIT, true);
  const engine::Passes passes(d, particles.buffer);
  VkCommandPoolCreateInfo pool_info{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO, nullptr,
                                    VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT, d.family};
  VkCommandPool pool;
  engine::check(vkCreateCommandPool(d.device, &pool_info, nullptr, &pool), "vkCreateCommandPool");
  VkCommandBufferAllocateInfo cmd_info{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO, nullptr, pool,
                                       VK_COMMAND_BUFFER_LEVEL_PRIMARY, 1};
  VkCommandBuffer cmd;
  engine::check(vkAllocateCommandBuffers(d.device, &cmd_info, &cmd), "vkAllocateCommandBuffers");

  // liquidfx: a bottle, the engine's particles as a liquid, a ripple over the engine's UI.
  auto shape = take(lfx::ContainerShape::create_named("bottle", 0.94f));
  lfx::LiquidContainer bottle(shape, lfx::SloshKnobs{});
  auto bottles = take(lfx::gpu::BottleRenderer::create(*ctx));
  auto surfaces = take(lfx::gpu::SurfaceRenderer::create(*ctx));
  lfx::SurfaceKnobs surface_knobs;  // kept alive while the surface is attached
  surface_knobs.write_depth = true;
  lfx::RipplesKnobs ripple_knobs;
  lfx::RipplesSimulation water(ripple_knobs, {});
  auto ripples = take(lfx::gpu::RipplesRenderer::create(*ctx, water));
  // Renderers of the engine's frames only: no targets of liquidfx's own.
  auto frame = take(lfx::gpu::FrameRenderer::create(*ctx));
  auto ui_frame = take(lfx::gpu::FrameRenderer::create(*ctx));
  // liquidfx's own particles: a small dam break in a tank beside the bottle, drawn by the surface.
  lfx::ParticlesKnobs particle_knobs;  // kept alive while the particles live
  particle_knobs.count = 2000;
  particle_knobs.spheres = false;
  lfx::ParticlesSetup tank;
  tank.domain = {{-0.32f, 0.0f, -0.2f}, {-0.12f, 0.12f, -0.12f}};
  tank.blocks.push_back({{-0.32f, 0.0f, -0.2f}, {-0.26f, 0.08f, -0.12f}});
  auto dam_break =
      take(lfx::gpu::ParticlesPasses::create(*ctx, take(lfx::ParticlesDriver::create(particle_knobs, tank))));
  lfx::SurfaceKnobs tank_knobs;
  // The spread over the UI canvas: a blob at pixel (50, 90) that a finger pushes right.
  lfx::SpreadKnobs spread_knobs;
  const lfx::SpreadBlob blob{
      lfx::short_sides_at_pixel({50.0f, 90.0f}, {kUiWidth, kUiHeight}), 0.12f, 0.02f, {0.85f, 0.35f, 0.3f}};
  auto spread = take(lfx::gpu::SpreadPasses::create(*ctx, spread_knobs, {blob}, lfx::gpu::SpreadBackground::frame));
  std::vector<lfx::gpu::FramePasses*> scene_passes = {dam_break.get(), bottles.get(), surfaces.get()};
  std::vector<lfx::gpu::FramePasses*> ui_passes = {ripples.get(), spread.get()};

  const glm::mat4 view = glm::lookAt(glm::vec3(0.05f, 0.22f, 0.62f), glm::vec3(0.0f, 0.11f, 0.0f), glm::vec3(0, 1, 0));
  const glm::mat4 projection = reversed_infinite_projection(40.0f, float(kWidth) / float(kHeight), 0.05f);
  const glm::vec3 sky(0.55f, 0.65f, 0.8f), sun_direction = glm::normalize(glm::vec3(0.4f, 0.8f, 0.45f));
  const engine::Box boxes[] = {
      {{0, -0.01f, 0}, {1.5f, 0.01f, 1.5f}, {0.55f, 0.5f, 0.45f}},          // the floor
      {{-0.015f, 0.04f, 0.2f}, {0.03f, 0.04f, 0.03f}, {0.8f, 0.1f, 0.1f}},  // the near box, before the bottle
      {{0.2f, 0.08f, -0.25f}, {0.08f, 0.08f, 0.08f}, {0.2f, 0.35f, 0.8f}},  // the far box, behind it
  };

  // What the engine's images are in when liquidfx gets them and what they go to after: attachments
  // in, copy sources out (the engine copies them to its read-backs).
  const lfx::gpu::ImageAccess drawn = lfx::gpu::access::kColorAttachment, read = lfx::gpu::access::kTransferSrc;
  const lfx::gpu::ImageAccess z{
      VK_IMAGE_LAYOUT_DEPTH_ATTACHMENT_OPTIMAL,
      VK_PIPELINE_STAGE_2_EARLY_FRAGMENT_TESTS_BIT | VK_PIPELINE_STAGE_2_LATE_FRAGMENT_TESTS_BIT,
      VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_READ_BIT | VK_ACCESS_2_DEPTH_STENCIL_ATTACHMENT_WRITE_BIT};
  const lfx::gpu::HostFrame host{{color.image, color.format, extent, color.usage, drawn, read},
                                 {depth.image, depth.format, extent, depth.usage, z, z}};
  const lfx::gpu::HostFrame ui_host{{ui.image, ui.format, ui_extent, ui.usage, drawn, read}, {}};

  auto run_frame = [&](int index, bool liquidfx, bool spray) {
    const double dt = 1.0 / 60.0;
    const std::uint32_t count = std::min(kMaxParticles, std::uint32_t(index + 1) * kSpawnedPerFrame);
    const std::uint32_t spawned = std::min(kMaxParticles, std::uint32_t(index) * kSpawnedPerFrame);
    if (liquidfx) {  // the simulations on the CPU, then prepare: may allocate, never submits or waits
      const float tilt = 0.15f * std::sin(float(index) * 0.3f);
      bottle.update({glm::vec3(0.0f), glm::angleAxis(tilt, glm::vec3(0, 0, 1))}, index ? dt : 0.0);
      take(bottles->set_containers({{&bottle, {}}}));
      lfx::gpu::ParticleSource source;  // the engine's records: position at 0, velocity at 16
      source.buffer = particles.buffer;
      source.buffer_bytes = kMaxParticles * 32;
      source.stride = 32;
      source.velocity_offset = 16;
      source.count = count;
      source.radius = kParticleRadius;
      if (spray) take(surfaces->attach_or_update("spray", source, surface_knobs));
      dam_break->advance(dt);
      take(surfaces->attach_or_update("tank", dam_break->source(), tank_knobs));
      lfx::RipplesInput touch;  // a touch in the UI canvas's pixels
      if (index == 0) touch.touches.push_back({lfx::uv_at_pixel({200.0f, 90.0f}, {kUiWidth, kUiHeight}), 1.0f});
      water.advance(dt, touch);
      const glm::vec2 finger = lfx::short_sides_at_pixel({50.0f + float(index), 90.0f}, {kUiWidth, kUiHeight});
      const float step = 1.0f / float(kUiHeight);  // a pixel a frame, in short sides
      spread->advance(dt, {{finger, finger + glm::vec2(step, 0.0f), 0.05f}});
      lfx::gpu::FrameView v;
      v.view = view;
      v.projection = projection;
      v.lighting = {sun_direction, glm::vec3(2.2f), sky * 0.6f, sky, glm::vec3(0.3f, 0.28f, 0.25f)};
      v.time = index * dt;
      take(frame->prepare(v, scene_passes, &host));
      take(ui_frame->prepare({}, ui_passes, &ui_host));
    }
    const VkCommandBufferBeginInfo begin_info{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO, nullptr,
                                              VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT};
    engine::check(vkBeginCommandBuffer(cmd, &begin_info), "vkBeginCommandBuffer");
    // The engine's frame: its particles, its scene, its UI canvas. A compute write of the particle
    // records needs no barrier of the engine's: liquidfx's first read of them carries it
    // (ParticleSource::written_stages says what wrote them).
    passes.step_particles(cmd, {{0.12f, 0.3f, 0.05f}, count, spawned, float(dt), kParticleRadius});
    passes.draw_scene(cmd, color, depth, projection * view, boxes, std::size(boxes), sky);
    passes.draw_ui(cmd, ui);
    if (liquidfx) {  // into the engine's images, left as copy sources
      frame->record(cmd);
      ui_frame->record(cmd);
    } else {
      for (const engine::Target* t : {&color, &ui})
        engine::transition(cmd, *t, {drawn.layout, drawn.stage, drawn.access}, {read.layout, read.stage, read.access});
    }
    engine::copy_out(cmd, color, readback);
    engine::copy_out(cmd, ui, ui_readback);
    engine::check(vkEndCommandBuffer(cmd), "vkEndCommandBuffer");
    // The engine's submission carries liquidfx's signal, so that liquidfx frees what it replaced.
    const VkSemaphoreSubmitInfo signal = ctx->next_signal();
    const VkCommandBufferSubmitInfo cmd_submit{VK_STRUCTURE_TYPE_COMMAND_BUFFER_SUBMIT_INFO, nullptr, cmd, 0};
    VkSubmitInfo2 submit{VK_STRUCTURE_TYPE_SUBMIT_INFO_2};
    submit.commandBufferInfoCount = 1;
    submit.pCommandBufferInfos = &cmd_submit;
    submit.signalSemaphoreInfoCount = 1;
    submit.pSignalSemaphoreInfos = &signal;
    engine::check(vkQueueSubmit2(d.queue, 1, &submit, VK_NULL_HANDLE), "vkQueueSubmit2");
    take(ctx->wait_for(signal.value));  // the engine reads its pictures back at once
  };

  for (int i = 0; i < kFrames; ++i) run_frame(i, true, true);
  engine::write_png(out + "/frame.png", readback, extent, true);
  engine::write_png(out + "/ui.png", ui_readback, ui_extent, false);
  run_frame(kFrames, false, false);
  engine::write_png(out + "/host_only.png", readback, extent, true);
  take(surfaces->detach("spray"));
  run_frame(kFrames + 1, true, false);  // the frame after detach: the spray is gone, the rest draws
  std::printf("host_engine: %d frames of %ux%u, %u particles; pictures in %s\n", kFrames, kWidth, kHeight,
              std::min(kMaxParticles, kFrames * kSpawnedPerFrame), out.c_str());

  engine::check(vkDeviceWaitIdle(d.device), "vkDeviceWaitIdle");
  bottles.reset();
  surfaces.reset();
  ripples.reset();
  dam_break.reset();
  spread.reset();
  frame.reset();
  ui_frame.reset();
  ctx.reset();  // liquidfx's objects go; the engine's are its own (they live to the program's end)
  if (engine::validation_messages() > 0)
    engine::fail(std::to_string(engine::validation_messages()) + " validation messages");
  return 0;
}

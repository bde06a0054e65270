// The host's own frame: liquidfx draws a scene's effects into colour and depth images a host made
// and drew into (in RGBA16F + D32, B10G11R11 + D24S8 with reversed depth, RGBA8 sRGB + D16),
// leaving the host's pixels where there is no liquid, hiding the liquid behind the host's nearer
// geometry, showing the host's pixels through it, and ending in the layouts the host asked for;
// into one viewport of the host's images (split screen); and over a host's canvas.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <glm/gtc/packing.hpp>
#include <string>
#include <vector>

#include "liquidfx/core/touch.h"
#include "liquidfx/gpu/barriers.h"
#include "liquidfx/gpu/effects/particles_passes.h"
#include "liquidfx/gpu/effects/spread_passes.h"
#include "liquidfx/gpu/effects/surface_renderer.h"
#include "liquidfx/gpu/image.h"
#include "liquidfx/gpu/render/frame_renderer.h"
#include "liquidfx/gpu/transfer.h"
#include "liquidfx/scene/player.h"
#include "support/golden.h"
#include "support/gpu_test.h"
#include "support/host_scene.h"
#include "support/refusals.h"

namespace lfx::test {
namespace {

constexpr std::uint32_t kWidth = 240, kHeight = 180;

class HostFrameTest : public GpuTest, public ::testing::WithParamInterface<HostCase> {};

TEST_P(HostFrameTest, TheLiquidIsDrawnIntoTheHostsImagesBehindItsBoxAndOverItsPixels) {
  const HostCase& c = GetParam();
  auto scene = scene::load_scene(std::string(LIQUIDFX_SOURCE_DIR) + "/scenes/bottle.json");
  ASSERT_TRUE(scene) << scene.error().message;
  auto player = scene::ScenePlayer::create(ctx(), *scene, kWidth, kHeight);
  ASSERT_TRUE(player) << player.error().message;
  auto effects = (*player)->effect_passes();  // not its room: the host has a scene
  ASSERT_TRUE(effects) << effects.error().message;
  const std::vector<gpu::FramePasses*> passes = *effects;
  gpu::FrameView view = gpu::FrameView::through((*player)->camera(), kWidth, kHeight);
  if (c.reversed) {
    view.projection[2][2] = 0.0f;  // reversed depth, no far plane: device depth = near / depth
    view.projection[3][2] = (*player)->camera().near_plane;
  }
  gpu::FrameRenderer& renderer = (*player)->renderer();
  HostScene host(ctx(), c, {kWidth, kHeight});

  // One frame: the host's picture, then liquidfx's passes into it, in one command buffer.
  auto frame = [&](bool stripes, const VkRect2D* box, float box_depth) {
    const gpu::HostFrame images = host.frame();
    auto prepared = renderer.prepare(view, passes, &images);
    EXPECT_TRUE(prepared) << (prepared ? "" : prepared.error().message);
    if (!prepared) return std::vector<glm::vec3>(std::size_t(kWidth) * kHeight);
    EXPECT_TRUE(ctx().submit_and_wait([&](VkCommandBuffer cmd) {
      host.draw(cmd, stripes, box, box_depth);
      renderer.record(cmd, passes);
    }));
    return host.read();
  };
  const auto differs = [](glm::vec3 a, glm::vec3 b) { return glm::length(a - b) > 0.03f; };
  const auto host_pixel = [&](std::uint32_t x, const VkRect2D* box, std::uint32_t y) {
    if (box && x >= std::uint32_t(box->offset.x) && x < box->offset.x + box->extent.width &&
        y >= std::uint32_t(box->offset.y) && y < box->offset.y + box->extent.height)
      return kBox;
    return (x % 12) >= 4 && (x % 12) < 8 ? kStripe : kBackground;
  };

  // Where the liquid and its glass are: the pixels that are not the host's.
  const std::vector<glm::vec3> striped = frame(true, nullptr, 0.0f);
  std::vector<bool> liquid(striped.size());
  glm::ivec2 lo(kWidth, kHeight), hi(0);
  int drawn = 0;
  for (std::uint32_t y = 0; y < kHeight; ++y)
    for (std::uint32_t x = 0; x < kWidth; ++x) {
      const std::size_t i = std::size_t(y) * kWidth + x;
      liquid[i] = differs(striped[i], host_pixel(x, nullptr, y));
      if (!liquid[i]) continue;
      ++drawn;
      lo = glm::min(lo, glm::ivec2(x, y));
      hi = glm::max(hi, glm::ivec2(x, y));
    }
  const double share = double(drawn) / double(striped.size());
  std::printf("%s: the bottle covers %.1f %% of the host's frame\n", c.name, 100.0 * share);
  EXPECT_GT(share, 0.03) << c.name;
  EXPECT_LT(share, 0.6) << c.name;  // and the rest is the host's, untouched
  (void)write_png(test_output_path(std::string("host_frame_") + c.name + ".png"), to_image(striped, kWidth));

  // Through the liquid the host's stripes show: without them those pixels change.
  const std::vector<glm::vec3> plain = frame(false, nullptr, 0.0f);
  int through = 0;
  for (std::size_t i = 0; i < plain.size(); ++i) through += liquid[i] && differs(plain[i], striped[i]);
  std::printf("%s: %.1f %% of the liquid's pixels show the host's stripes\n", c.name, 100.0 * through / drawn);
  EXPECT_GT(double(through) / drawn, 0.2) << c.name;

  // A box of the host's in front of the left half of the bottle hides it there and only there.
  const VkRect2D box{{lo.x, lo.y}, {std::uint32_t((hi.x - lo.x) / 2), std::uint32_t(hi.y - lo.y + 1)}};
  const float near_depth = 0.1f;  // metres from the eye: nearer than the bottle
  const glm::vec4 clip = view.projection * glm::vec4(0.0f, 0.0f, -near_depth, 1.0f);
  const std::vector<glm::vec3> boxed = frame(true, &box, clip.z / clip.w);
  int hidden = 0, still = 0, in_box = 0;
  for (std::uint32_t y = 0; y < kHeight; ++y)
    for (std::uint32_t x = 0; x < kWidth; ++x) {
      const std::size_t i = std::size_t(y) * kWidth + x;
      const bool boxed_pixel = host_pixel(x, &box, y) == kBox;
      in_box += boxed_pixel;
      if (boxed_pixel)
        hidden += !differs(boxed[i], kBox);
      else
        still += liquid[i] && differs(boxed[i], host_pixel(x, &box, y));
    }
  std::printf("%s: %d of %d pixels of the host's box kept its colour; %d liquid pixels beside it\n", c.name, hidden,
              in_box, still);
  EXPECT_EQ(hidden, in_box) << c.name;
  EXPECT_GT(still, drawn / 4) << c.name;
}

class HostViewportTest : public GpuTest {};

// Split screen: the bottle scene drawn into the right half of a host's image twice as wide, as
// the viewport of a HostFrame, gives the picture it gives in an image of its own (through the
// working copies, with the host's box in front kept), and leaves the left half as the host drew
// it.
TEST_F(HostViewportTest, AViewportOfTheHostsImagesGetsTheFrameAndTheRestStaysTheHosts) {
  const HostCase c{VK_FORMAT_R16G16B16A16_SFLOAT, VK_FORMAT_D24_UNORM_S8_UINT, false, "rgba16f_d24s8"};
  auto scene = scene::load_scene(std::string(LIQUIDFX_SOURCE_DIR) + "/scenes/bottle.json");
  ASSERT_TRUE(scene) << scene.error().message;
  auto player = scene::ScenePlayer::create(ctx(), *scene, kWidth, kHeight);
  ASSERT_TRUE(player) << player.error().message;
  // The host's box, in front of the middle of the frame.
  const glm::vec4 clip =
      gpu::FrameView::through((*player)->camera(), kWidth, kHeight).projection * glm::vec4(0.0f, 0.0f, -0.1f, 1.0f);
  const VkRect2D box{{100, 60}, {30, 70}};
  auto frame = [&](HostScene& host, VkRect2D viewport, bool depth_ramp = false) {
    gpu::HostFrame images = host.frame();
    images.viewport = viewport;
    auto prepared = (*player)->prepare(images);
    EXPECT_TRUE(prepared) << (prepared ? "" : prepared.error().message);
    const VkRect2D moved{{box.offset.x + viewport.offset.x, box.offset.y + viewport.offset.y}, box.extent};
    EXPECT_TRUE(ctx().submit_and_wait([&](VkCommandBuffer cmd) {
      host.draw(cmd, true, &moved, clip.z / clip.w, depth_ramp);
      if (prepared) (*player)->record(cmd);
    }));
    return host.read();
  };
  HostScene alone(ctx(), c, {kWidth, kHeight});
  const std::vector<glm::vec3> whole = frame(alone, {});
  HostScene wide(ctx(), c, {2 * kWidth, kHeight});
  const std::vector<glm::vec3> split = frame(wide, {{int(kWidth), 0}, {kWidth, kHeight}});

  int liquid = 0, same = 0, left_kept = 0;
  for (std::uint32_t y = 0; y < kHeight; ++y)
    for (std::uint32_t x = 0; x < kWidth; ++x) {
      const glm::vec3 host = (x % 12) >= 4 && (x % 12) < 8 ? kStripe : kBackground;
      const glm::vec3 a = whole[std::size_t(y) * kWidth + x];
      const glm::vec3 b = split[std::size_t(y) * 2 * kWidth + kWidth + x];
      const bool in_box = x >= 100 && x < 130 && y >= 60 && y < 130;
      liquid += !in_box && glm::length(a - host) > 0.03f;
      same += glm::length(a - b) < 0.01f;
      left_kept += glm::length(split[std::size_t(y) * 2 * kWidth + x] - host) < 1e-3f;
    }
  const int pixels = int(kWidth * kHeight);
  std::printf(
      "viewport: %d liquid pixels; %d of %d pixels as in a frame of their own; %d of %d of the left half "
      "kept\n",
      liquid, same, pixels, left_kept, pixels);
  EXPECT_GT(liquid, pixels / 50);
  EXPECT_GT(same, pixels * 998 / 1000);
  EXPECT_EQ(left_kept, pixels);
  (void)write_png(test_output_path("host_viewport.png"), to_image(split, 2 * kWidth));

  // The host's D24 depth (a value of its own a column) went through the working D32 copy and
  // back: every texel liquidfx did not change is the host's own, bit for bit (forward depth,
  // where a D24 value taken through a float and back moved a step); with the liquid's depth
  // written out, only nearer texels change.
  HostScene plain(ctx(), c, {2 * kWidth, kHeight}), ramped(ctx(), c, {2 * kWidth, kHeight});
  const VkRect2D moved{{box.offset.x + int(kWidth), box.offset.y}, box.extent};
  ASSERT_TRUE(
      ctx().submit_and_wait([&](VkCommandBuffer cmd) { plain.draw(cmd, true, &moved, clip.z / clip.w, true); }));
  frame(ramped, {{int(kWidth), 0}, {kWidth, kHeight}}, true);
  const std::vector<std::uint32_t> host_depth = plain.read_depth(), through = ramped.read_depth();
  ASSERT_EQ(host_depth.size(), through.size());
  int moved_texels = 0;
  for (std::size_t i = 0; i < host_depth.size(); ++i) moved_texels += host_depth[i] != through[i];
  EXPECT_EQ(moved_texels, 0) << "texels of the host's depth that liquidfx did not draw but changed";
  ASSERT_TRUE((*player)->set_knob(std::string("bottles.write_depth=true")));
  HostScene written(ctx(), c, {2 * kWidth, kHeight});
  frame(written, {{int(kWidth), 0}, {kWidth, kHeight}}, true);
  const std::vector<std::uint32_t> with_liquid = written.read_depth();
  int nearer = 0, farther = 0;
  for (std::size_t i = 0; i < host_depth.size(); ++i) {
    nearer += with_liquid[i] < host_depth[i];
    farther += with_liquid[i] > host_depth[i];
  }
  std::printf("viewport depth: %d texels moved without liquid; %d nearer with the liquid's depth, %d farther\n",
              moved_texels, nearer, farther);
  EXPECT_GT(nearer, pixels / 50);
  EXPECT_EQ(farther, 0);
}

// ScenePlayer::prepare(HostFrame, &view) draws through the host's camera, and the pointer's
// rays follow it: the bottle scene seen by a host camera turned away from the bottles shows no
// liquid, and the ray through the frame's centre runs along that camera.
TEST_F(HostViewportTest, APlayerDrawsThroughTheHostsCameraWhenGivenOne) {
  const HostCase c{VK_FORMAT_R16G16B16A16_SFLOAT, VK_FORMAT_D32_SFLOAT, false, "rgba16f_d32"};
  auto scene = scene::load_scene(std::string(LIQUIDFX_SOURCE_DIR) + "/scenes/bottle.json");
  ASSERT_TRUE(scene) << scene.error().message;
  auto player = scene::ScenePlayer::create(ctx(), *scene, kWidth, kHeight);
  ASSERT_TRUE(player) << player.error().message;
  const auto liquid_pixels = [&](const gpu::FrameView* view) {
    HostScene host(ctx(), c, {kWidth, kHeight});
    const gpu::HostFrame images = host.frame();
    EXPECT_TRUE((*player)->prepare(images, view));
    EXPECT_TRUE(ctx().submit_and_wait([&](VkCommandBuffer cmd) {
      host.draw(cmd, false, nullptr, 0.0f);
      (*player)->record(cmd);
    }));
    int liquid = 0;
    for (const glm::vec3& p : host.read()) liquid += glm::length(p - kBackground) > 0.03f;
    return liquid;
  };
  const int scene_camera = liquid_pixels(nullptr);
  Camera away = (*player)->camera();
  away.target = away.position + (away.position - away.target);  // looking the other way
  const gpu::FrameView host_view = gpu::FrameView::through(away, kWidth, kHeight);
  const int host_camera = liquid_pixels(&host_view);
  const scene::Ray centre = (*player)->ray_through({0.5f, 0.5f});
  std::printf("scene camera: %d liquid pixels; a host camera turned away: %d\n", scene_camera, host_camera);
  EXPECT_GT(scene_camera, 1000);
  EXPECT_EQ(host_camera, 0);
  EXPECT_GT(glm::dot(centre.direction, glm::normalize(away.target - away.position)), 0.999f);
  EXPECT_LT(glm::length(centre.origin - away.position), 1e-4f);
}

class HostFrameCheckTest : public GpuTest {};

// A renderer made without a size draws host frames and has no targets of its own: a frame of
// its own is refused until resize gives it a size.
TEST_F(HostFrameCheckTest, ARendererOfHostFramesOnlyRefusesAFrameOfItsOwnUntilGivenASize) {
  auto renderer = gpu::FrameRenderer::create(ctx());
  ASSERT_TRUE(renderer) << renderer.error().message;
  EXPECT_EQ((*renderer)->targets().width(), 0u);
  auto own = (*renderer)->prepare({}, {});
  ASSERT_FALSE(own);
  EXPECT_EQ(own.error().kind, ErrorKind::input);
  EXPECT_NE(own.error().message.find("draws host frames only"), std::string::npos) << own.error().message;
  const HostCase c{VK_FORMAT_R16G16B16A16_SFLOAT, VK_FORMAT_D32_SFLOAT, false, "rgba16f_d32"};
  HostScene host(ctx(), c, {kWidth, kHeight});
  const gpu::HostFrame images = host.frame();
  ASSERT_TRUE((*renderer)->prepare({}, {}, &images));
  EXPECT_EQ((*renderer)->targets().width(), kWidth);
  ASSERT_TRUE((*renderer)->resize(64, 36));
  ASSERT_TRUE((*renderer)->prepare({}, {}));
  EXPECT_EQ((*renderer)->targets().width(), 64u);
}

TEST_F(HostFrameCheckTest, ImagesLiquidfxCannotDrawIntoAreRefusedNamingWhatTheyLack) {
  HostScene host(ctx(), {VK_FORMAT_R16G16B16A16_SFLOAT, VK_FORMAT_D32_SFLOAT, false, "checks"}, {kWidth, kHeight});
  const gpu::HostFrame good = host.frame();
  EXPECT_TRUE(gpu::check_host_frame(ctx(), good));
  Refusals<gpu::HostFrame> refused(good);
  refused.add("no colour", "no colour image", [](gpu::HostFrame& f) { f.color.image = VK_NULL_HANDLE; });
  refused.add("a colour format liquidfx does not draw into", "is not one liquidfx draws into",
              [](gpu::HostFrame& f) { f.color.format = VK_FORMAT_R32_SFLOAT; });
  refused.add("a colour depth", "is not one liquidfx tests against",
              [](gpu::HostFrame& f) { f.depth.format = VK_FORMAT_R16G16B16A16_SFLOAT; });
  refused.add("sizes that differ", "they must be the same size", [](gpu::HostFrame& f) { f.depth.extent.width /= 2; });
  refused.add("a colour without storage", "lacks usage STORAGE",
              [](gpu::HostFrame& f) { f.color.usage &= ~VkImageUsageFlags(VK_IMAGE_USAGE_STORAGE_BIT); });
  refused.add("a depth that cannot be sampled", "depth image lacks usage SAMPLED",
              [](gpu::HostFrame& f) { f.depth.usage &= ~VkImageUsageFlags(VK_IMAGE_USAGE_SAMPLED_BIT); });
  refused.add("a viewport reaching past the images", "does not lie inside the 240x180 images", [](gpu::HostFrame& f) {
    f.viewport = {{200, 0}, {100, 50}};
  });
  refused.add("a viewport at a negative offset", "does not lie inside", [](gpu::HostFrame& f) {
    f.viewport = {{-1, 0}, {10, 10}};
  });
  refused.add("a viewport with one side 0", "does not lie inside", [](gpu::HostFrame& f) {
    f.viewport = {{0, 0}, {10, 0}};
  });
  refused.expect_refused_by([&](const gpu::HostFrame& f) { return gpu::check_host_frame(ctx(), f); });
}

class HostCanvasTest : public GpuTest {};

// What changed on a striped canvas: more than 200 pixels, centred within `centred` pixels of
// `touched`, none farther than 60.
void expect_changed_around(const std::vector<glm::vec3>& pixels, glm::vec2 touched, float centred, const char* name) {
  glm::dvec2 sum(0.0);
  int changed = 0;
  float farthest = 0.0f;
  for (std::uint32_t y = 0; y < kHeight; ++y)
    for (std::uint32_t x = 0; x < kWidth; ++x) {
      const glm::vec3 host = (x % 12) >= 4 && (x % 12) < 8 ? kStripe : kBackground;
      if (glm::length(pixels[std::size_t(y) * kWidth + x] - host) <= 0.03f) continue;
      ++changed;
      sum += glm::dvec2(x + 0.5, y + 0.5);
      farthest = std::max(farthest, glm::length(glm::vec2(float(x) + 0.5f, float(y) + 0.5f) - touched));
    }
  const glm::vec2 centre = changed ? glm::vec2(sum / double(changed)) : glm::vec2(-1.0f);
  std::printf(
      "%s over a canvas: %d pixels changed, centred at (%.1f, %.1f) (touched %.0f, %.0f), the farthest %.1f px away\n",
      name, changed, centre.x, centre.y, touched.x, touched.y, farthest);
  EXPECT_GT(changed, 200) << name;
  EXPECT_LT(glm::length(centre - touched), centred) << name;
  EXPECT_LT(farthest, 60.0f) << name;
}

TEST_F(HostCanvasTest, RipplesAndSpreadPlayOverTheHostsCanvasWhereItsPixelsSay) {
  // A UI canvas of the host's (RGBA8 sRGB, no depth) with stripes; a touch at one of its pixels
  // (ripples: a ring 0.1 s old; spread: a blob of liquid there). What changed lies around that
  // pixel and nowhere far from it.
  const glm::vec2 touched{90.0f, 70.0f}, size{float(kWidth), float(kHeight)};
  const glm::vec2 uv = uv_at_pixel(touched, size), at = short_sides_at_pixel(touched, size);
  const std::pair<const char*, std::string> effects[] = {
      {"ripples", R"({"type": "ripples", "caustics": 0, "touches": [{"time": 0, "position": [)" + std::to_string(uv.x) +
                      ", " + std::to_string(uv.y) + "]}]}"},
      {"spread", R"({"type": "spread", "background": "scene", "blobs": [{"centre": [)" + std::to_string(at.x) + ", " +
                     std::to_string(at.y) + R"(], "radius": 0.1, "amount": 0.02, "color": [0.9, 0.3, 0.2]}]})"},
  };
  for (const auto& [name, block] : effects) {
    auto scene = scene::parse_scene(R"({"effects": [)" + block + "]}", std::string(name) + "_over_a_canvas.json");
    ASSERT_TRUE(scene) << scene.error().message;
    auto player = scene::ScenePlayer::create(ctx(), *scene, kWidth, kHeight);
    ASSERT_TRUE(player) << player.error().message;
    for (int i = 0; i < 3; ++i) ASSERT_TRUE((*player)->advance(1.0 / 30.0));
    auto listed = (*player)->effect_passes();
    ASSERT_TRUE(listed) << listed.error().message;
    const std::vector<gpu::FramePasses*> passes = *listed;
    HostScene canvas(ctx(), {VK_FORMAT_R8G8B8A8_SRGB, VK_FORMAT_UNDEFINED, false, "canvas"}, {kWidth, kHeight});
    const gpu::HostFrame images = canvas.frame();
    gpu::FrameRenderer& renderer = (*player)->renderer();
    auto prepared = renderer.prepare(gpu::FrameView{}, passes, &images);
    ASSERT_TRUE(prepared) << prepared.error().message;
    ASSERT_TRUE(ctx().submit_and_wait([&](VkCommandBuffer cmd) {
      canvas.draw(cmd, true, nullptr, 0.0f);
      renderer.record(cmd, passes);
    }));
    const std::vector<glm::vec3> pixels = canvas.read();
    (void)write_png(test_output_path(std::string(name) + "_over_a_canvas.png"), to_image(pixels, kWidth));
    expect_changed_around(pixels, touched, 4.0f, name);
  }
}

// The spread over a host's canvas with no scene layer: gpu::SpreadPasses, a renderer of host
// frames only, a blob at one of the canvas's pixels and a stroke from it to the right.
TEST_F(HostCanvasTest, SpreadPassesPlayOverTheHostsCanvasWithNoSceneLayer) {
  const glm::vec2 touched{90.0f, 70.0f}, size{float(kWidth), float(kHeight)};
  SpreadKnobs knobs;  // the host's, read every step
  SpreadBlob blob;
  blob.centre = short_sides_at_pixel(touched, size);
  blob.radius = 0.1f;
  blob.color = {0.9f, 0.3f, 0.2f};
  auto spread = gpu::SpreadPasses::create(ctx(), knobs, {blob}, gpu::SpreadBackground::frame);
  ASSERT_TRUE(spread) << spread.error().message;
  auto renderer = gpu::FrameRenderer::create(ctx());
  ASSERT_TRUE(renderer) << renderer.error().message;
  std::vector<gpu::FramePasses*> passes = {spread->get()};
  HostScene canvas(ctx(), {VK_FORMAT_R8G8B8A8_SRGB, VK_FORMAT_UNDEFINED, false, "canvas"}, {kWidth, kHeight});
  const glm::vec2 stroke_end = short_sides_at_pixel(touched + glm::vec2(12.0f, 0.0f), size);
  for (int frame = 0; frame < 3; ++frame) {
    (*spread)->advance(1.0 / 30.0, {{blob.centre, stroke_end, 0.05f}});
    const gpu::HostFrame images = canvas.frame();
    ASSERT_TRUE((*renderer)->prepare(gpu::FrameView{}, passes, &images));
    ASSERT_TRUE(ctx().submit_and_wait([&](VkCommandBuffer cmd) {
      canvas.draw(cmd, true, nullptr, 0.0f);
      (*renderer)->record(cmd, passes);
    }));
  }
  const std::vector<glm::vec3> pixels = canvas.read();
  (void)write_png(test_output_path("spread_passes_over_a_canvas.png"), to_image(pixels, kWidth));
  expect_changed_around(pixels, touched, 12.0f, "spread passes");
  const std::optional<gpu::SpreadStats> stats = (*spread)->stats();
  ASSERT_TRUE(stats);
  EXPECT_GT(stats->volume, 0.0);
}

// liquidfx's own particles in the host's frame with no scene layer: a dam break as
// gpu::ParticlesPasses, drawn by a particle surface from its source, into the host's RGBA16F
// colour and D32 depth through a renderer of host frames only.
TEST_F(HostCanvasTest, ParticlesPassesAndASurfaceDrawADamBreakIntoTheHostsFrame) {
  ParticlesKnobs knobs;  // the host's, read every step
  knobs.count = 3000;
  knobs.spheres = false;
  ParticlesSetup setup;
  setup.domain = {{0.0f, 0.0f, -0.05f}, {1.0f, 0.4f, 0.05f}};
  setup.blocks.push_back({{0.0f, 0.0f, -0.05f}, {0.2f, 0.2f, 0.05f}});
  auto driver = ParticlesDriver::create(knobs, setup);
  ASSERT_TRUE(driver) << driver.error().message;
  auto particles = gpu::ParticlesPasses::create(ctx(), std::move(driver.value()));
  ASSERT_TRUE(particles) << particles.error().message;
  auto surfaces = gpu::SurfaceRenderer::create(ctx());
  ASSERT_TRUE(surfaces) << surfaces.error().message;
  SurfaceKnobs surface_knobs;
  auto renderer = gpu::FrameRenderer::create(ctx());
  ASSERT_TRUE(renderer) << renderer.error().message;
  std::vector<gpu::FramePasses*> passes = {particles->get(), surfaces->get()};
  Camera camera;
  camera.position = {0.5f, 0.34f, 0.78f};
  camera.target = {0.5f, 0.08f, 0.0f};
  const gpu::FrameView view = gpu::FrameView::through(camera, kWidth, kHeight);
  const HostCase c{VK_FORMAT_R16G16B16A16_SFLOAT, VK_FORMAT_D32_SFLOAT, false, "rgba16f_d32"};
  HostScene host(ctx(), c, {kWidth, kHeight});
  for (int frame = 0; frame < 4; ++frame) {
    (*particles)->advance(1.0 / 30.0);
    // The surface follows the particles' source (a new count makes new buffers).
    ASSERT_TRUE((*surfaces)->attach_or_update("water", (*particles)->source(), surface_knobs));
    const gpu::HostFrame images = host.frame();
    ASSERT_TRUE((*renderer)->prepare(view, passes, &images));
    ASSERT_TRUE(ctx().submit_and_wait([&](VkCommandBuffer cmd) {
      host.draw(cmd, false, nullptr, 0.0f);
      (*renderer)->record(cmd, passes);
    }));
  }
  const std::vector<glm::vec3> pixels = host.read();
  (void)write_png(test_output_path("particles_passes_in_a_host_frame.png"), to_image(pixels, kWidth));
  int liquid = 0;
  for (const glm::vec3& p : pixels) liquid += glm::length(p - kBackground) > 0.05f;
  std::printf("particles passes in a host frame: %d of %u pixels liquid\n", liquid, kWidth * kHeight);
  EXPECT_GT(liquid, int(kWidth * kHeight) / 50);
  const std::optional<gpu::ParticleStats> stats = (*particles)->stats();
  ASSERT_TRUE(stats);
  // The block holds as many as its spacing places, up to the count.
  EXPECT_GT(stats->live, (*particles)->driver().capacity() * 9 / 10);
  EXPECT_LE(stats->live, (*particles)->driver().capacity());
}

INSTANTIATE_TEST_SUITE_P(
    Formats, HostFrameTest,
    ::testing::Values(HostCase{VK_FORMAT_R16G16B16A16_SFLOAT, VK_FORMAT_D32_SFLOAT, false, "rgba16f_d32"},
                      HostCase{VK_FORMAT_B10G11R11_UFLOAT_PACK32, VK_FORMAT_D24_UNORM_S8_UINT, true,
                               "b10g11r11_d24s8_reversed"},
                      HostCase{VK_FORMAT_R8G8B8A8_SRGB, VK_FORMAT_D16_UNORM, false, "rgba8srgb_d16"}),
    [](const ::testing::TestParamInfo<HostCase>& c) { return std::string(c.param.name); });

}  // namespace
}  // namespace lfx::test

// The host's camera: a frame seen through any projection. The same frustum with forward or
// reversed depth (and an infinite far plane) makes the same picture; a jittered projection moves
// the picture by the jitter; an orthographic one draws the liquid; a view that cannot be drawn is
// refused with a message naming the matrix.
#include "liquidfx/gpu/render/frame_view.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "liquidfx/core/image.h"
#include "liquidfx/gpu/image.h"
#include "liquidfx/scene/player.h"
#include "support/golden.h"
#include "support/gpu_test.h"
#include "support/refusals.h"

namespace lfx::test {
namespace {

constexpr std::uint32_t kWidth = 320, kHeight = 180;

// A demo scene advanced to a frame, drawn through views the test chooses.
class SceneThroughViews {
 public:
  SceneThroughViews(gpu::Context& ctx, const char* name, int frames) {
    auto scene = scene::load_scene(std::string(LIQUIDFX_SOURCE_DIR) + "/scenes/" + name + ".json");
    EXPECT_TRUE(scene) << scene.error().message;
    auto player = scene::ScenePlayer::create(ctx, *scene, kWidth, kHeight);
    EXPECT_TRUE(player) << player.error().message;
    player_ = std::move(player.value());
    for (int i = 0; i < frames; ++i) EXPECT_TRUE(player_->advance(1.0 / scene->fps));
    auto room = gpu::Room::create(ctx, scene->backdrop);
    EXPECT_TRUE(room);
    room_ = std::move(room.value());
    passes_.push_back(room_.get());
    auto effects = player_->effect_passes();
    EXPECT_TRUE(effects) << (effects ? "" : effects.error().message);
    if (effects) passes_.insert(passes_.end(), effects->begin(), effects->end());
  }
  // The scene's own view at its current time.
  gpu::FrameView view() const {
    gpu::FrameView v = gpu::FrameView::through(player_->camera(), kWidth, kHeight);
    v.lighting = room_->lighting();
    v.time = player_->time();
    return v;
  }
  // The frame with the scene's effects, or the room alone.
  ImageRgba8 render(const gpu::FrameView& view, bool effects = true) {
    auto image = player_->renderer().render(view, effects ? std::span(passes_) : std::span(passes_).first(1));
    EXPECT_TRUE(image) << (image ? "" : image.error().message);
    return image ? *image : ImageRgba8();
  }

 private:
  std::unique_ptr<scene::ScenePlayer> player_;
  std::unique_ptr<gpu::Room> room_;
  std::vector<gpu::FramePasses*> passes_;
};

// The camera's frustum with reversed depth and no far plane: depth = near / view depth.
glm::mat4 reversed_infinite(glm::mat4 p, float near_plane) {
  p[2][2] = 0.0f;
  p[3][2] = near_plane;
  return p;
}

TEST(FrameViewTest, AViewThatCannotBeDrawnIsRefusedWithTheMatrixNamed) {
  const gpu::FrameView good;
  EXPECT_TRUE(gpu::check_frame_view(good));
  Refusals<gpu::FrameView> refused(good);
  refused.add("NaN in the view", "view matrix has a NaN", [](gpu::FrameView& v) { v.view[3][0] = std::nanf(""); });
  refused.add("scaled view", "rotation and a translation", [](gpu::FrameView& v) { v.view[0] *= 2.0f; });
  refused.add("mirrored view", "mirrors", [](gpu::FrameView& v) { v.view[0] = -v.view[0]; });
  refused.add("projective view", "last row", [](gpu::FrameView& v) { v.view[2][3] = 0.5f; });
  refused.add("infinite projection", "projection has a NaN or infinite",
              [](gpu::FrameView& v) { v.projection[0][0] = std::numeric_limits<float>::infinity(); });
  refused.add("rolled projection", "projection[1][0]", [](gpu::FrameView& v) { v.projection[1][0] = 0.2f; });
  refused.add("depth from x", "projection[0][2]", [](gpu::FrameView& v) { v.projection[0][2] = 0.1f; });
  refused.add("flat depth", "every depth to one", [](gpu::FrameView& v) {
    v.projection[2][2] = 0.0f;
    v.projection[3][2] = 0.0f;
  });
  refused.add("mixed perspective", "neither perspective", [](gpu::FrameView& v) { v.projection[3][3] = 0.5f; });
  refused.add("looking down +z", "looks down +z", [](gpu::FrameView& v) { v.projection[2][3] = 1.0f; });
  refused.add("near plane behind the eye", "near plane must be in front", [](gpu::FrameView& v) {
    v.projection[3][2] = -v.projection[3][2];  // depth 0 now at view depth -near
  });
  refused.add("sun not a direction", "sun_direction must be a unit vector",
              [](gpu::FrameView& v) { v.lighting.sun_direction = glm::vec3(0.0f, 2.0f, 0.0f); });
  refused.add("NaN time", "finite", [](gpu::FrameView& v) { v.time = std::nan(""); });
  refused.expect_refused_by([](const gpu::FrameView& v) { return gpu::check_frame_view(v); });
}

class FrameViewSceneTest : public GpuTest {};

// One scene at one frame, each its own test (each scene's set-up and frames are most of a
// test's time): the bottles (their liquid raymarched and composited against the room's depth),
// the dam break (sphere impostors and colliders writing depth) and the lake (the surface's splats).
// A parametrised test's name: its scene's.
template <class Param>
std::string scene_name(const ::testing::TestParamInfo<Param>& info) {
  return info.param.name;
}

struct SceneAtFrame {
  const char* name;
  int frames;
};
class FrameViewEachSceneTest : public GpuTest, public ::testing::WithParamInterface<SceneAtFrame> {};

TEST_P(FrameViewEachSceneTest, ReversedDepthWithAnInfiniteFarPlaneMakesTheSamePicture) {
  const auto [name, frames] = GetParam();
  SceneThroughViews scene(ctx(), name, frames);
  const gpu::FrameView forward = scene.view();
  gpu::FrameView reversed = forward;
  reversed.projection = reversed_infinite(forward.projection, Camera{}.near_plane);
  const ImageRgba8 a = scene.render(forward), b = scene.render(reversed);
  const ImageDifference d = compare_images(a, b, 8);
  std::printf("%s: forward and reversed depth differ by more than 8 in %.3f %% of the pixels (largest %d)\n", name,
              100.0 * d.share_differing, d.largest_channel);
  EXPECT_LT(d.share_differing, 0.002) << name;
  if (d.share_differing >= 0.002) {
    (void)write_png(test_output_path(std::string(name) + "_forward.png"), a);
    (void)write_png(test_output_path(std::string(name) + "_reversed.png"), b);
  }
}

// The dam break 4 frames in: the column already moving, its particles and colliders all
// drawn; the depth conventions do not depend on how far the surge has run.
INSTANTIATE_TEST_SUITE_P(Scenes, FrameViewEachSceneTest,
                         ::testing::Values(SceneAtFrame{"bottle", 95}, SceneAtFrame{"dam_break", 4},
                                           SceneAtFrame{"synthetic_lake", 20}),
                         scene_name<SceneAtFrame>);

// The host's environment: with a cube of its own (here one red colour) the bottles' glass and
// liquid reflect it instead of the sky, and the rest of the frame stays as it was.
TEST_F(FrameViewSceneTest, TheLiquidAndGlassReflectTheHostsEnvironmentCube) {
  SceneThroughViews scene(ctx(), "bottle", 0);
  auto cube =
      gpu::Image::create(ctx(), {4, 4, VK_FORMAT_R16G16B16A16_SFLOAT, 1,
                                 VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT, "host sky", true});
  ASSERT_TRUE(cube) << cube.error().message;
  ASSERT_TRUE(ctx().submit_and_wait([&](VkCommandBuffer cmd) {
    cube->use(cmd, gpu::access::kTransferDst);
    const VkClearColorValue red{{2.0f, 0.05f, 0.05f, 1.0f}};
    const VkImageSubresourceRange faces{VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 6};
    vkCmdClearColorImage(cmd, cube->handle(), VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &red, 1, &faces);
    cube->use(cmd, gpu::access::kShaderSampled);
  }));
  const gpu::FrameView sky = scene.view();
  gpu::FrameView hosts = sky;
  hosts.lighting.environment = cube->view();
  const ImageRgba8 a = scene.render(sky), b = scene.render(hosts);
  int redder = 0, greener = 0, changed = 0;
  for (std::size_t i = 0; i < a.pixels.size(); i += 4) {
    const int dr = int(b.pixels[i]) - int(a.pixels[i]), dg = int(b.pixels[i + 1]) - int(a.pixels[i + 1]);
    changed += std::abs(dr) > 8 || std::abs(dg) > 8;
    redder += dr > 8 && dr > dg + 8;
    greener += dg > 8;
  }
  const int pixels = int(kWidth * kHeight);
  std::printf("environment cube: %d pixels changed, %d of them redder, %d greener, of %d\n", changed, redder, greener,
              pixels);
  (void)write_png(test_output_path("environment_cube.png"), b);
  EXPECT_GT(redder, pixels / 200);
  EXPECT_GT(redder, changed * 9 / 10);
  EXPECT_EQ(greener, 0);
  EXPECT_LT(changed, pixels / 5) << "only what reflects the environment changes";
}

TEST_F(FrameViewSceneTest, AJitteredProjectionMovesThePictureByTheJitter) {
  // Two pixels to the right (the shadows and the surface work at half resolution, so a whole
  // number of their texels) and one down: the picture is the same, moved, away from the edges
  // (where screen-space reflections fade and new pixels come in).
  SceneThroughViews scene(ctx(), "bottle", 95);
  const gpu::FrameView plain = scene.view();
  gpu::FrameView jittered = plain;
  const int dx = 2, dy = 2;
  // ndc x = p00 slope - p20: adding to ndc takes away from p20 (ndc y points down the image too).
  jittered.projection[2][0] -= 2.0f * float(dx) / float(kWidth);
  jittered.projection[2][1] -= 2.0f * float(dy) / float(kHeight);
  const ImageRgba8 a = scene.render(plain), b = scene.render(jittered);
  const int margin = 12;
  ImageRgba8 a_inner(int(kWidth) - 2 * margin, int(kHeight) - 2 * margin), b_inner = a_inner;
  for (int y = 0; y < a_inner.height; ++y)
    for (int x = 0; x < a_inner.width; ++x) {
      std::copy_n(a.at(x + margin, y + margin), 4, a_inner.at(x, y));
      std::copy_n(b.at(x + margin + dx, y + margin + dy), 4, b_inner.at(x, y));
    }
  const ImageDifference moved = compare_images(a_inner, b_inner, 8);
  const ImageDifference unmoved = compare_images(a, b, 8);
  std::printf("jittered by (%d, %d) px: %.3f %% of the pixels differ from the picture moved (%.2f %% unmoved)\n", dx,
              dy, 100.0 * moved.share_differing, 100.0 * unmoved.share_differing);
  EXPECT_LT(moved.share_differing, 0.005);
  EXPECT_GT(unmoved.share_differing, 0.05);  // the jitter did move it
}

// An orthographic projection `height` metres tall over the frame, forward depth.
glm::mat4 orthographic(float height, float near_plane = 0.05f, float far_plane = 20.0f) {
  glm::mat4 p(1.0f);
  p[0][0] = 2.0f / (height * float(kWidth) / float(kHeight));
  p[1][1] = -2.0f / height;  // Vulkan's y points down
  p[2][2] = -1.0f / (far_plane - near_plane);
  p[3][2] = -near_plane / (far_plane - near_plane);
  return p;
}

// The shelf's bottles and the dam break's particles and colliders seen orthographically: drawn
// (the frame differs from the room alone wherever they stand), and written out to look at.
struct OrthographicScene {
  const char* name;
  int frames;
  float height;  // of the view, metres
  double least;  // share of the frame the effect covers at least
};
class OrthographicSceneTest : public GpuTest, public ::testing::WithParamInterface<OrthographicScene> {};

TEST_P(OrthographicSceneTest, AnOrthographicViewDrawsTheBottlesAndTheParticles) {
  const auto [name, frames, height, least] = GetParam();
  SceneThroughViews scene(ctx(), name, frames);
  gpu::FrameView ortho = scene.view();
  ortho.projection = orthographic(height);
  const ImageRgba8 image = scene.render(ortho);
  (void)write_png(test_output_path(std::string(name) + "_orthographic.png"), image);
  const ImageDifference d = compare_images(scene.render(ortho, false), image, 24);
  std::printf("orthographic %s: the effect in %.1f %% of the frame\n", name, 100.0 * d.share_differing);
  EXPECT_GT(d.share_differing, least) << name;
}

INSTANTIATE_TEST_SUITE_P(Scenes, OrthographicSceneTest,
                         ::testing::Values(OrthographicScene{"shelf", 70, 1.2f, 0.03},
                                           OrthographicScene{"dam_break", 10, 0.6f, 0.08}),
                         scene_name<OrthographicScene>);

}  // namespace
}  // namespace lfx::test

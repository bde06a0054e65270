// Ripples on the GPU: the shared ring math agrees with the CPU, rings are round in pixels and
// independent of resolution, the wave field matches the CPU reference and keeps its speed at
// any resolution and frame rate; golden images of the demo scenes.
#include "liquidfx/shared/ripples.h"

#include <cstring>
#include <filesystem>
#include <glm/geometric.hpp>
#include <random>

#include "liquidfx/core/image.h"
#include "liquidfx/gpu/effects/ripples_renderer.h"
#include "liquidfx/gpu/render/frame_renderer.h"
#include "liquidfx/gpu/transfer.h"
#include "liquidfx/scene/player.h"
#include "support/compute_harness.h"
#include "support/golden.h"
#include "support/gpu_test.h"

namespace lfx::test {
namespace {

class RipplesTest : public GpuTest {
 protected:
  // Renders ring ripples (from the pool) over the default room, width x height.
  ImageRgba8 render_rings(std::uint32_t width, std::uint32_t height, const RipplePool& pool,
                          const RipplesKnobs& knobs) {
    auto frame = gpu::FrameRenderer::create(ctx(), width, height);
    EXPECT_TRUE(frame);
    RipplesSimulation sim(knobs, {});
    sim.pool() = pool;
    auto renderer = gpu::RipplesRenderer::create(ctx(), sim);
    EXPECT_TRUE(renderer);
    auto room = gpu::Room::create(ctx(), {});
    EXPECT_TRUE(room);
    gpu::FramePasses* passes[] = {room->get(), renderer->get()};
    auto image = (*frame)->render({}, passes);
    EXPECT_TRUE(image);
    return *image;
  }
};

TEST_F(RipplesTest, RingMathAgreesBetweenCpuAndGpu) {
  std::mt19937 rng(17);
  std::uniform_real_distribution<float> u(0.0f, 1.0f);
  RipplesKnobs knobs;
  const shared::RippleParams params = RipplePool::gpu_params(knobs);
  float worst = 0.0f;
  for (int trial = 0; trial < 6; ++trial) {
    const shared::RippleGpu ripple{glm::vec4(0.5f + 0.3f * u(rng), 0.5f, 0.1f + 0.3f * u(rng), 0.2f + u(rng))};
    std::vector<glm::vec4> inputs(3 + 2048);
    std::memcpy(inputs.data(), &ripple, sizeof ripple);
    std::memcpy(inputs.data() + 1, &params, sizeof params);
    for (std::size_t i = 3; i < inputs.size(); ++i) inputs[i] = glm::vec4(1.6f * u(rng), u(rng), 10.0f * u(rng), 0.0f);
    auto gpu = run_compute(ctx(), "ripple_math.comp", inputs, 2 * 2048, 2048);
    ASSERT_TRUE(gpu) << gpu.error().message;
    for (std::size_t i = 0; i < 2048; ++i) {
      const glm::vec2 p(inputs[3 + i]);
      const shared::RippleSample s = shared::ripple_at(ripple, params, p);
      const glm::vec4 a = (*gpu)[2 * i], b = (*gpu)[2 * i + 1];
      worst =
          std::max({worst, glm::length(s.push - glm::vec2(a)), glm::length(s.gradient - glm::vec2(a.z, a.w)) / 100.0f,
                    std::abs(s.visibility - b.x), std::abs(shared::ripple_caustics(p, inputs[3 + i].z) - b.y)});
    }
  }
  EXPECT_LT(worst, 1e-4f);
}

// Pixels from the centre to the outermost pixel the ripple changed, along a direction.
float reach(const ImageRgba8& with, const ImageRgba8& without, glm::ivec2 center, glm::ivec2 step, int limit) {
  int at = 0;
  for (int i = 1; i < limit; ++i) {
    const glm::ivec2 p = center + step * i;
    int difference = 0;
    for (int ch = 0; ch < 3; ++ch)
      difference = std::max(difference, std::abs(int(with.at(p.x, p.y)[ch]) - int(without.at(p.x, p.y)[ch])));
    if (difference > 3) at = i;
  }
  return float(at);
}

TEST_F(RipplesTest, RingsAreRoundInPixelsAndIndependentOfResolution) {
  RipplesKnobs knobs;
  knobs.caustics = 0.0f;
  knobs.highlight = 3.0f;
  RipplePool pool(4);
  pool.add({0.5f, 0.5f}, 1.0f, knobs);
  pool.advance(0.15, knobs);
  const ImageRgba8 small = render_rings(320, 180, pool, knobs);
  const ImageRgba8 large = render_rings(640, 360, pool, knobs);
  const ImageRgba8 still = render_rings(640, 360, RipplePool(4), knobs);
  // Round on 16:9: the ring reaches as far across as down, on both sides: its outer edge at
  // radius + width short sides.
  const glm::ivec2 c(320, 180);
  const float right = reach(large, still, c, {1, 0}, 175), left = reach(large, still, c, {-1, 0}, 175);
  const float down = reach(large, still, c, {0, 1}, 175), up = reach(large, still, c, {0, -1}, 175);
  EXPECT_GT(right, 0.15f * knobs.speed * 360.0f);  // past the crest, inside the ring's outer edge
  EXPECT_LE(right, (0.15f * knobs.speed + knobs.width) * 360.0f + 1.0f);
  for (float r : {left, down, up}) EXPECT_NEAR(r, right, 2.0f);
  // The same picture at half the resolution: each 2x2 block of the large one averages to the
  // small one, as closely with the ripple as the room alone does.
  auto resampling_error = [](const ImageRgba8& big, const ImageRgba8& half) {
    double error = 0.0;
    for (int y = 0; y < half.height; ++y)
      for (int x = 0; x < half.width; ++x)
        for (int ch = 0; ch < 3; ++ch) {
          const double block = (big.at(2 * x, 2 * y)[ch] + big.at(2 * x + 1, 2 * y)[ch] + big.at(2 * x, 2 * y + 1)[ch] +
                                big.at(2 * x + 1, 2 * y + 1)[ch]) /
                               4.0;
          error += std::abs(block - half.at(x, y)[ch]);
        }
    return error / (half.width * half.height * 3.0);  // mean difference in 8-bit steps
  };
  const double room_alone = resampling_error(still, render_rings(320, 180, RipplePool(4), knobs));
  EXPECT_LT(resampling_error(large, small), room_alone + 0.5);
}

// Front radius (short sides) of a wave started at the field's centre, from a GPU or CPU field.
float front(const std::vector<float>& h, int width, int height, float cell) {
  const int y = height / 2;
  float peak = 0.0f, radius = 0.0f;
  for (int x = width / 2; x < width; ++x) peak = std::max(peak, std::abs(h[std::size_t(y) * width + x]));
  for (int x = width / 2; x < width; ++x)
    if (std::abs(h[std::size_t(y) * width + x]) > 0.2f * peak) radius = float(x - width / 2) * cell;
  return radius;
}

TEST_F(RipplesTest, WaveFieldMatchesTheCpuAndKeepsItsSpeed) {
  RipplesKnobs knobs;
  knobs.mode = RippleMode::waves;
  knobs.wave_damping = 0.0f;
  knobs.drop_radius = 0.04f;
  knobs.drop_depth = 0.02f;
  const glm::vec2 image(64.0f, 36.0f);
  auto frame = gpu::FrameRenderer::create(ctx(), std::uint32_t(image.x), std::uint32_t(image.y));
  ASSERT_TRUE(frame);
  auto room = gpu::Room::create(ctx(), {});
  ASSERT_TRUE(room);
  std::vector<float> fronts;
  for (int cells : {64, 128}) {
    for (double rate : {30.0, 144.0}) {
      knobs.wave_resolution = cells;
      RipplesSimulation sim(knobs, {});
      auto renderer = gpu::RipplesRenderer::create(ctx(), sim);
      ASSERT_TRUE(renderer);
      WaveField cpu(cells, image.x / image.y);
      const shared::WaveSource drop{glm::vec4(cpu.position(cpu.width() / 2, cpu.height() / 2), 0.04f, 0.02f)};
      cpu.disturb(drop);
      // The same drop through the simulation, in image UV.
      const glm::vec2 uv = glm::vec2(drop.center_radius) / (image / image.y);
      double carried = 0.0;
      // Run the frames on the GPU (as an effect inside the frame) and on the CPU.
      for (int i = 0; i < int(0.3 * rate); ++i) {
        const WaveStepping s = plan_wave_steps(cpu.cell_size(), knobs.wave_speed, 1.0 / rate, &carried);
        for (int k = 0; k < s.steps; ++k) cpu.step(s.dt, knobs, {});
        RipplesInput input;
        if (i == 0) input.touches.push_back({uv, 1.0f});
        sim.advance(1.0 / rate, input);
        gpu::FramePasses* passes[] = {room->get(), renderer->get()};
        ASSERT_TRUE((*frame)->prepare({}, passes));
        ASSERT_TRUE(ctx().submit_and_wait([&](VkCommandBuffer cmd) { (*frame)->record(cmd, passes); }));
      }
      auto bytes = gpu::read_image(ctx(), (*renderer)->wave_field(), 8);
      ASSERT_TRUE(bytes);
      ASSERT_EQ(bytes->size(), std::size_t(cpu.width()) * cpu.height() * 8);
      std::vector<float> gpu_h(std::size_t(cpu.width()) * cpu.height()), cpu_h(gpu_h.size());
      float worst = 0.0f, peak = 0.0f;
      for (int y = 0; y < cpu.height(); ++y)
        for (int x = 0; x < cpu.width(); ++x) {
          const std::size_t i = std::size_t(y) * cpu.width() + x;
          std::memcpy(&gpu_h[i], bytes->data() + i * 8, 4);
          cpu_h[i] = cpu.height_at(x, y);
          worst = std::max(worst, std::abs(gpu_h[i] - cpu_h[i]));
          peak = std::max(peak, std::abs(cpu_h[i]));
        }
      EXPECT_LT(worst, 1e-3f * peak) << cells << " cells at " << rate << " Hz";
      fronts.push_back(front(gpu_h, cpu.width(), cpu.height(), cpu.cell_size()));
    }
  }
  const float expected = 0.04f + 0.3f * knobs.wave_speed;
  for (float f : fronts) EXPECT_NEAR(f, expected, 0.1f * expected);
  EXPECT_NEAR(fronts[0], fronts[2], 2.5f / 64.0f);  // two resolutions
  EXPECT_NEAR(fronts[0], fronts[1], 1.5f / 64.0f);  // two frame rates
  EXPECT_NEAR(fronts[2], fronts[3], 1.5f / 128.0f);
}

// The caustics knob: none, and the default (the dappled light follows the rings).
class RipplesSceneTest : public GpuTest, public ::testing::WithParamInterface<float> {};

// A picture of the user's comes out as it went in where no ring is (tonemap "none"), and a
// touch changes the pixels around it only, caustics or none.
TEST_P(RipplesSceneTest, UserPictureIsShownAsItIsAndRippledAroundATouch) {
  ImageRgba8 photo(160, 90);
  for (int y = 0; y < photo.height; ++y)
    for (int x = 0; x < photo.width; ++x) {
      std::uint8_t* p = photo.at(x, y);
      p[0] = std::uint8_t(x * 255 / (photo.width - 1));
      p[1] = std::uint8_t(((x / 10 + y / 10) % 2) * 200 + 20);
      p[2] = std::uint8_t(y * 255 / (photo.height - 1));
      p[3] = 255;
    }
  const std::string dir = LIQUIDFX_TEST_OUTPUT;
  std::filesystem::create_directories(dir);
  ASSERT_TRUE(write_png(dir + "/user_picture.png", photo));
  const std::string text = R"({"resolution": [160, 90], "camera": {"tonemap": "none"}, "backdrop": {"visible": false},
    "effects": [{"type": "ripples", "source": "image", "image": "user_picture.png", "caustics": )" +
                           std::to_string(GetParam()) + R"(,
                 "touches": [{"time": 0.05, "position": [0.25, 0.5]}]}]})";
  auto scene = scene::parse_scene(text, dir + "/user_picture.json");
  ASSERT_TRUE(scene) << scene.error().message;
  auto player = scene::ScenePlayer::create(ctx(), *scene, 160, 90);
  ASSERT_TRUE(player) << player.error().message;
  for (int i = 0; i < 6; ++i) ASSERT_TRUE((*player)->advance(1.0 / 30.0));
  auto image = (*player)->render();
  ASSERT_TRUE(image);
  // The ring is 0.2 s old: its radius is speed * 0.15 s plus a width; beyond twice that, nothing moved.
  const RipplesKnobs knobs;
  const float reach = 2.0f * (knobs.speed * 0.2f + knobs.width) * 90.0f;
  int far_differ = 0, near_differ = 0, far_pixels = 0;
  for (int y = 0; y < 90; ++y)
    for (int x = 0; x < 160; ++x) {
      int largest = 0;
      for (int c = 0; c < 3; ++c)
        largest = std::max(largest, std::abs(int(image->at(x, y)[c]) - int(photo.at(x, y)[c])));
      const bool near = glm::distance(glm::vec2(float(x), float(y)), glm::vec2(40.0f, 45.0f)) < reach;
      if (near)
        near_differ += largest > 8;
      else {
        ++far_pixels;
        far_differ += largest > 2;  // the dither and a 16-bit float round trip stay within 2 levels
      }
    }
  EXPECT_GT(far_pixels, 5000);
  EXPECT_EQ(far_differ, 0);
  EXPECT_GT(near_differ, 100);
}

INSTANTIATE_TEST_SUITE_P(Caustics, RipplesSceneTest, ::testing::Values(0.0f, RipplesKnobs{}.caustics),
                         [](const ::testing::TestParamInfo<float>& param) {
                           return param.param > 0.0f ? std::string("DefaultCaustics") : std::string("NoCaustics");
                         });

}  // namespace
}  // namespace lfx::test

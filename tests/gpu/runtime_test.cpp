// The Vulkan runtime itself: readback, mip generation, timestamps, resizing a headless target,
// shader interfaces read from SPIR-V.
#include <chrono>
#include <cmath>
#include <cstring>
#include <glm/gtc/packing.hpp>
#include <limits>

#include "liquidfx/gpu/detail/descriptors.h"
#include "liquidfx/gpu/detail/shader_interface.h"
#include "liquidfx/gpu/pipeline.h"
#include "liquidfx/gpu/render/frame_renderer.h"
#include "liquidfx/gpu/shader_library.h"
#include "liquidfx/gpu/timing.h"
#include "liquidfx/gpu/transfer.h"
#include "liquidfx/scene/player.h"
#include "liquidfx/shared/bottle.h"
#include "liquidfx/shared/ripples.h"
#include "support/gpu_test.h"
#include "support/host_command_buffer.h"

namespace lfx::test {
namespace {

class RuntimeTest : public GpuTest {
 protected:
  gpu::Pipeline pattern_pipeline() {
    auto p = gpu::Pipeline::compute_spirv(ctx(), "pattern.comp", test_shader("pattern.comp"), 0);
    EXPECT_TRUE(p) << p.error().message;
    return std::move(p.value());
  }
  void record_pattern(VkCommandBuffer cmd, const gpu::Pipeline& pipeline, gpu::Image& image) {
    image.use(cmd, gpu::access::kComputeWrite);
    pipeline.bind(cmd);
    gpu::DescriptorWrites().storage_image(0, image.view()).push(ctx(), cmd, pipeline);
    gpu::Pipeline::dispatch_2d(cmd, image.width(), image.height());
  }
};

TEST_F(RuntimeTest, UploadThenReadBackIsExact) {
  auto image = gpu::Image::create(ctx(), {37, 23, VK_FORMAT_R8G8B8A8_UNORM, 1,
                                          VK_IMAGE_USAGE_TRANSFER_DST_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT, "upload"});
  ASSERT_TRUE(image) << image.error().message;
  std::vector<std::byte> texels(37 * 23 * 4);
  for (std::size_t i = 0; i < texels.size(); ++i) texels[i] = std::byte((i * 7 + 3) & 255);
  ASSERT_TRUE(gpu::upload_image(ctx(), *image, texels, gpu::access::kTransferSrc));
  auto back = gpu::read_image(ctx(), *image, 4);
  ASSERT_TRUE(back) << back.error().message;
  EXPECT_EQ(std::memcmp(back->data(), texels.data(), texels.size()), 0);
}

TEST_F(RuntimeTest, ABufferReadAsTexelsHasItsFloatsViewAndOneTooLargeForTheDeviceIsRefused) {
  auto small =
      gpu::Buffer::create(ctx(), 1000, VK_BUFFER_USAGE_STORAGE_TEXEL_BUFFER_BIT, gpu::MemoryUsage::device, "texels");
  ASSERT_TRUE(small) << small.error().message;
  EXPECT_NE(small->word_texels(), VkBufferView(VK_NULL_HANDLE));
  auto plain = gpu::Buffer::create(ctx(), 1000, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, gpu::MemoryUsage::device, "plain");
  ASSERT_TRUE(plain) << plain.error().message;
  EXPECT_EQ(plain->word_texels(), VkBufferView(VK_NULL_HANDLE));
  // Refused before any memory is taken: the name, the count and the device's limit in the message.
  const VkDeviceSize most = ctx().properties().limits.maxTexelBufferElements;
  auto large = gpu::Buffer::create(ctx(), (most + 1) * sizeof(std::uint32_t), VK_BUFFER_USAGE_STORAGE_TEXEL_BUFFER_BIT,
                                   gpu::MemoryUsage::device, "field of texels");
  ASSERT_FALSE(large);
  EXPECT_NE(large.error().message.find("field of texels holds " + std::to_string(most + 1)), std::string::npos)
      << large.error().message;
  EXPECT_NE(large.error().message.find(std::to_string(most)), std::string::npos);
}

TEST_F(RuntimeTest, ComputeWrittenPatternReadsBackExactly) {
  auto image = gpu::Image::create(ctx(), {300, 170, VK_FORMAT_R8G8B8A8_UNORM, 1,
                                          VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT, "pattern"});
  ASSERT_TRUE(image);
  gpu::Pipeline pipeline = pattern_pipeline();
  ASSERT_TRUE(ctx().submit_and_wait([&](VkCommandBuffer cmd) { record_pattern(cmd, pipeline, *image); }));
  auto back = gpu::read_image_rgba8(ctx(), *image);
  ASSERT_TRUE(back);
  int mismatches = 0;
  for (int y = 0; y < back->height; ++y)
    for (int x = 0; x < back->width; ++x) {
      const std::uint8_t* p = back->at(x, y);
      mismatches += p[0] != (x & 255) || p[1] != (y & 255) || p[2] != ((x ^ y) & 255) || p[3] != 255;
    }
  EXPECT_EQ(mismatches, 0);
}

TEST_F(RuntimeTest, TimestampsNameEachPassInOrder) {
  auto timer = gpu::GpuTimer::create(ctx());
  ASSERT_TRUE(timer);
  ASSERT_TRUE(timer->enabled()) << "the device has no timestamps";
  auto image = gpu::Image::create(ctx(), {512, 512, VK_FORMAT_R8G8B8A8_UNORM, 1, VK_IMAGE_USAGE_STORAGE_BIT, "timed"});
  ASSERT_TRUE(image);
  gpu::Pipeline pipeline = pattern_pipeline();
  const auto start = std::chrono::steady_clock::now();
  ASSERT_TRUE(ctx().submit_and_wait([&](VkCommandBuffer cmd) {
    timer->reset(cmd);
    for (const char* name : {"first", "second", "third"}) {
      gpu::PassScope pass(&*timer, cmd, name);
      record_pattern(cmd, pipeline, *image);
    }
  }));
  const double wall_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  auto times = timer->results();
  ASSERT_TRUE(times) << times.error().message;
  ASSERT_EQ(times->size(), 3u);
  EXPECT_EQ((*times)[0].name, "first");
  EXPECT_EQ((*times)[1].name, "second");
  EXPECT_EQ((*times)[2].name, "third");
  double total = 0.0;
  for (const auto& t : *times) {
    EXPECT_TRUE(std::isfinite(t.milliseconds));
    EXPECT_GE(t.milliseconds, 0.0);
    total += t.milliseconds;
  }
  EXPECT_LE(total, wall_ms);  // the GPU cannot have spent longer than the whole submission took
}

TEST_F(RuntimeTest, AGpuTimeoutOutsideItsRangeIsRefusedAndTheOldOneKept) {
  const double before = ctx().gpu_timeout();
  for (double bad : {0.0, -1.0, std::nan(""), std::numeric_limits<double>::infinity(), 2e9}) {
    auto refused = ctx().set_gpu_timeout(bad);
    ASSERT_FALSE(refused) << bad;
    EXPECT_EQ(refused.error().kind, ErrorKind::input);
    EXPECT_NE(refused.error().message.find("GPU timeout"), std::string::npos);
    EXPECT_EQ(ctx().gpu_timeout(), before);
  }
  ASSERT_TRUE(ctx().set_gpu_timeout(5.0));
  EXPECT_NEAR(ctx().gpu_timeout(), 5.0, 1e-9);
  ASSERT_TRUE(ctx().set_gpu_timeout(before));
}

// Two frames in flight: while the second is recorded and submitted, the times read are the first
// frame's, without waiting; once the second completes, its own.
TEST_F(RuntimeTest, TimesOfTheNewestCompletedFrameAreReadWithoutWaitingWhileAnotherIsInFlight) {
  auto timer = gpu::GpuTimer::create(ctx());
  ASSERT_TRUE(timer);
  ASSERT_TRUE(timer->enabled()) << "the device has no timestamps";
  auto image = gpu::Image::create(ctx(), {256, 256, VK_FORMAT_R8G8B8A8_UNORM, 1, VK_IMAGE_USAGE_STORAGE_BIT, "timed"});
  ASSERT_TRUE(image);
  gpu::Pipeline pipeline = pattern_pipeline();
  HostCommandBuffer first(ctx()), second(ctx());
  const auto record = [&](HostCommandBuffer& cmd, std::initializer_list<const char*> names) {
    ASSERT_TRUE(cmd.begin());
    timer->reset(cmd.get());
    for (const char* name : names) {
      gpu::PassScope pass(&*timer, cmd.get(), name);
      record_pattern(cmd.get(), pipeline, *image);
    }
    ASSERT_TRUE(cmd.end());
  };
  const auto names = [&] {
    std::vector<std::string> out;
    auto times = timer->results();
    EXPECT_TRUE(times) << times.error().message;
    if (times)
      for (const gpu::PassTime& t : *times) out.push_back(t.name);
    return out;
  };
  EXPECT_TRUE(names().empty()) << "no frame has completed";
  record(first, {"first frame"});
  auto done = ctx().submit(first.get());
  ASSERT_TRUE(done);
  EXPECT_TRUE(ctx().wait_for(*done));
  record(second, {"second frame a", "second frame b"});
  EXPECT_EQ(names(), std::vector<std::string>{"first frame"}) << "the second frame is recorded, not submitted";
  auto in_flight = ctx().submit(second.get());
  ASSERT_TRUE(in_flight);
  const std::vector<std::string> meanwhile = names();  // the first frame's or, if it is done, the second's
  EXPECT_TRUE(meanwhile == std::vector<std::string>{"first frame"} ||
              meanwhile == (std::vector<std::string>{"second frame a", "second frame b"}));
  EXPECT_TRUE(ctx().wait_for(*in_flight));
  EXPECT_EQ(names(), (std::vector<std::string>{"second frame a", "second frame b"}));
}

// Reads mip `level` of an RGBA16F image as floats.
std::vector<glm::vec4> read_mip(gpu::Context& ctx, gpu::Image& image, std::uint32_t level) {
  auto bytes = gpu::read_image(ctx, image, 8, level);
  EXPECT_TRUE(bytes);
  std::vector<glm::vec4> out(bytes->size() / 8);
  const auto* halves = reinterpret_cast<const std::uint16_t*>(bytes->data());
  for (std::size_t i = 0; i < out.size(); ++i)
    for (int c = 0; c < 4; ++c) out[i][c] = glm::unpackHalf1x16(halves[i * 4 + c]);
  return out;
}

TEST_F(RuntimeTest, SceneColorMipChainIsTheTentFilteredLevelAbove) {
  auto scene = scene::load_scene(std::string(LIQUIDFX_SOURCE_DIR) + "/scenes/room.json");
  ASSERT_TRUE(scene) << scene.error().message;
  auto player = scene::ScenePlayer::create(ctx(), *scene, 96, 64);
  ASSERT_TRUE(player) << player.error().message;
  ASSERT_TRUE((*player)->render());
  gpu::Image& chain = (*player)->renderer().targets().scene_color;
  ASSERT_EQ(chain.mip_levels(), 7u);  // 96x64 -> 1x1

  // CPU reference of downsample.comp: four bilinear taps one source texel from the centre.
  for (std::uint32_t level = 1; level < chain.mip_levels(); ++level) {
    const int sw = std::max(1, 96 >> (level - 1)), sh = std::max(1, 64 >> (level - 1));
    const int dw = std::max(1, 96 >> level), dh = std::max(1, 64 >> level);
    const std::vector<glm::vec4> src = read_mip(ctx(), chain, level - 1);
    const std::vector<glm::vec4> dst = read_mip(ctx(), chain, level);
    auto texel = [&](int x, int y) { return src[std::clamp(y, 0, sh - 1) * sw + std::clamp(x, 0, sw - 1)]; };
    auto bilinear = [&](float u, float v) {
      const float x = u * float(sw) - 0.5f, y = v * float(sh) - 0.5f;
      const int x0 = int(std::floor(x)), y0 = int(std::floor(y));
      const float fx = x - float(x0), fy = y - float(y0);
      return glm::mix(glm::mix(texel(x0, y0), texel(x0 + 1, y0), fx),
                      glm::mix(texel(x0, y0 + 1), texel(x0 + 1, y0 + 1), fx), fy);
    };
    float worst = 0.0f;
    for (int y = 0; y < dh; ++y)
      for (int x = 0; x < dw; ++x) {
        const float u = (float(x) + 0.5f) / float(dw), v = (float(y) + 0.5f) / float(dh);
        const float du = 1.0f / float(sw), dv = 1.0f / float(sh);
        const glm::vec4 expected = 0.25f * (bilinear(u - du, v - dv) + bilinear(u + du, v - dv) +
                                            bilinear(u - du, v + dv) + bilinear(u + du, v + dv));
        for (int c = 0; c < 3; ++c)
          worst = std::max(worst, std::abs(expected[c] - dst[y * dw + x][c]) / std::max(0.05f, expected[c]));
      }
    // Half-float storage and the sampler's 8-bit filter weights allow about 1%.
    EXPECT_LT(worst, 0.02f) << "mip " << level;
  }
}

TEST_F(RuntimeTest, HeadlessTargetResizes) {
  auto scene = scene::load_scene(std::string(LIQUIDFX_SOURCE_DIR) + "/scenes/room.json");
  ASSERT_TRUE(scene);
  auto player = scene::ScenePlayer::create(ctx(), *scene, 64, 36);
  ASSERT_TRUE(player);
  auto small = (*player)->render();
  ASSERT_TRUE(small);
  ASSERT_TRUE((*player)->renderer().resize(128, 72));
  auto large = (*player)->render();
  ASSERT_TRUE(large);
  EXPECT_EQ(small->width, 64);
  EXPECT_EQ(large->width, 128);
  EXPECT_EQ(large->height, 72);
  // The same picture at twice the size: each 2x2 block of the large one averages to the small one.
  double error = 0.0;
  for (int y = 0; y < 36; ++y)
    for (int x = 0; x < 64; ++x)
      for (int c = 0; c < 3; ++c) {
        const double block = (large->at(2 * x, 2 * y)[c] + large->at(2 * x + 1, 2 * y)[c] +
                              large->at(2 * x, 2 * y + 1)[c] + large->at(2 * x + 1, 2 * y + 1)[c]) /
                             4.0;
        error += std::abs(block - small->at(x, y)[c]);
      }
  EXPECT_LT(error / (64 * 36 * 3), 6.0);  // mean absolute difference in 8-bit steps (edges alias)
  EXPECT_FALSE((*player)->renderer().resize(0, 10));
}

}  // namespace
}  // namespace lfx::test

namespace lfx::test {
namespace {

// Every embedded shader's interface is read from its SPIR-V; spot checks against the GLSL.
TEST(ShaderInterfaceTest, EveryShaderReflectsAndMatchesItsGlsl) {
  for (const std::string& name : gpu::shader_names()) {
    auto shader = gpu::reflect_shader(name, gpu::shader_code(name));
    EXPECT_TRUE(shader) << name << ": " << shader.error().message;
  }
  auto composite = gpu::reflect_shader("bottle/composite.comp", gpu::shader_code("bottle/composite.comp"));
  ASSERT_TRUE(composite);
  EXPECT_EQ(composite->push_constant_bytes, sizeof(shared::BottleCompositePush));
  EXPECT_EQ(composite->bindings.at(0), VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER);
  EXPECT_EQ(composite->bindings.at(1), VK_DESCRIPTOR_TYPE_STORAGE_BUFFER);
  EXPECT_EQ(composite->bindings.at(3), VK_DESCRIPTOR_TYPE_STORAGE_BUFFER);  // the pixel lists
  EXPECT_EQ(composite->bindings.count(5), 0u);  // the surfaces: by address, not bound (surface_encoding.glsl)
  EXPECT_EQ(composite->bindings.at(9), VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER);
  EXPECT_EQ(composite->bindings.at(11), VK_DESCRIPTOR_TYPE_STORAGE_IMAGE);
  auto bins = gpu::reflect_shader("ripples/rings.comp", gpu::shader_code("ripples/rings.comp"));
  ASSERT_TRUE(bins);
  EXPECT_EQ(bins->push_constant_bytes, sizeof(shared::RipplesBinPush));
  EXPECT_FALSE(gpu::reflect_shader("junk", std::vector<std::uint32_t>{1, 2, 3, 4, 5, 6}));
}

class PipelineInterfaceTest : public GpuTest {};

TEST_F(PipelineInterfaceTest, APushConstantStructOfTheWrongSizeIsAnError) {
  auto wrong = gpu::Pipeline::compute(ctx(), "ripples/wave_step.comp", sizeof(shared::RipplesWaveStepPush) + 4);
  ASSERT_FALSE(wrong);
  EXPECT_NE(wrong.error().message.find("ripples/wave_step.comp: the shader's push constants are 28 bytes, the C++ "
                                       "struct 32"),
            std::string::npos)
      << wrong.error().message;
  EXPECT_TRUE(gpu::Pipeline::compute(ctx(), "ripples/wave_step.comp", sizeof(shared::RipplesWaveStepPush)));
}

}  // namespace
}  // namespace lfx::test

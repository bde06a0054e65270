// The examples under examples/, each built against the installed package (examples/run.sh:
// cmake --install, then find_package(liquidfx)) and run with validation on; their pictures are
// checked here.
#include <gtest/gtest.h>

#include <cstdio>
#include <glm/geometric.hpp>
#include <string>

#include "liquidfx/core/image.h"
#include "liquidfx/gpu/render/frame_renderer.h"
#include "support/cli_run.h"
#include "support/golden.h"
#include "support/gpu_test.h"

namespace lfx::test {
namespace {

// Builds and runs an example; its output and exit status.
CliResult run_example(const std::string& name) {
  const std::string scratch = test_output_path("example-" + name);
  const std::string command = "LIQUIDFX_VALIDATION=1 " +
                              shell_quote(std::string(LIQUIDFX_SOURCE_DIR) + "/examples/run.sh") + " " +
                              shell_quote(LIQUIDFX_BUILD_DIR) + " " + shell_quote(scratch) + " " + name + " 2>&1";
  CliResult result;
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return result;
  char chunk[4096];
  while (std::size_t n = std::fread(chunk, 1, sizeof(chunk), pipe)) result.output.append(chunk, n);
  const int status = pclose(pipe);
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

class ExamplesTest : public GpuTest {};

TEST_F(ExamplesTest, OfflineDrawsARippleOverTheRoom) {
  const CliResult run = run_example("offline");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  auto image = read_png(test_output_path("example-offline/out/offline.png"));
  ASSERT_TRUE(image) << image.error().message;
  ASSERT_EQ(image->width, 640);
  ASSERT_EQ(image->height, 360);
  // The room alone, as the library draws it: the ripple is what differs, a ring about the middle.
  auto room = gpu::Room::create(ctx(), {});
  auto renderer = gpu::FrameRenderer::create(ctx(), 640, 360);
  ASSERT_TRUE(room && renderer);
  gpu::FrameView view;
  view.lighting = (*room)->lighting();
  gpu::FramePasses* passes[] = {room->get()};
  auto plain = (*renderer)->render(view, passes);
  ASSERT_TRUE(plain);
  glm::ivec2 lo(640, 360), hi(-1);
  int changed = 0;
  for (int y = 0; y < 360; ++y)
    for (int x = 0; x < 640; ++x) {
      const std::uint8_t *a = image->at(x, y), *b = plain->at(x, y);
      int largest = 0;
      for (int k = 0; k < 3; ++k) largest = std::max(largest, std::abs(int(a[k]) - int(b[k])));
      if (largest <= 8) continue;
      ++changed;
      lo = glm::min(lo, glm::ivec2(x, y));
      hi = glm::max(hi, glm::ivec2(x, y));
    }
  // A ring: its bounds are centred on the touch (the frame's middle), whatever its crests catch.
  const glm::vec2 centre = glm::vec2(lo + hi + 1) * 0.5f;
  std::printf("offline: the ripple changes %d pixels within (%d, %d)-(%d, %d), centred at (%.1f, %.1f)\n", changed,
              lo.x, lo.y, hi.x, hi.y, centre.x, centre.y);
  EXPECT_GT(changed, 2000);
  EXPECT_LT(glm::length(centre - glm::vec2(320.0f, 180.0f)), 6.0f);
}

// The largest channel difference of two pixels.
int difference(const std::uint8_t* a, const std::uint8_t* b) {
  int largest = 0;
  for (int k = 0; k < 3; ++k) largest = std::max(largest, std::abs(int(a[k]) - int(b[k])));
  return largest;
}

TEST_F(ExamplesTest, HostEngineDrawsTheLiquidIntoItsFrameBehindItsNearBox) {
  const CliResult run = run_example("host_engine");
  ASSERT_EQ(run.exit_code, 0) << run.output;  // it fails itself on any validation message
  auto frame = read_png(test_output_path("example-host_engine/out/frame.png"));
  auto host_only = read_png(test_output_path("example-host_engine/out/host_only.png"));
  auto ui = read_png(test_output_path("example-host_engine/out/ui.png"));
  ASSERT_TRUE(frame && host_only && ui);
  ASSERT_EQ(frame->width, host_only->width);
  // The liquid (the bottle, the engine's particles) is in the engine's frame; the engine's red
  // box in front of the bottle keeps every one of its pixels.
  int liquid = 0, box = 0, box_kept = 0;
  for (int y = 0; y < frame->height; ++y)
    for (int x = 0; x < frame->width; ++x) {
      const std::uint8_t *with = frame->at(x, y), *without = host_only->at(x, y);
      liquid += difference(with, without) > 8;
      if (without[0] > 120 && without[1] < 70 && without[2] < 70) {
        ++box;
        box_kept += difference(with, without) <= 2;
      }
    }
  const double share = double(liquid) / (double(frame->width) * frame->height);
  std::printf("host_engine: liquid in %.1f %% of the frame; %d of %d pixels of the near box kept\n", 100.0 * share,
              box_kept, box);
  EXPECT_GT(share, 0.05);
  EXPECT_GT(box, 1000);
  EXPECT_EQ(box_kept, box);
  // Over the engine's UI canvas: the ripple around the touched pixel (200, 90) on the right,
  // the spread's blob around (50, 90) pushed right a pixel a frame on the left.
  const std::uint8_t background[3] = {124, 129, 149}, bar[3] = {243, 231, 170};  // sRGB of the canvas's colours
  const auto changed_box = [&](int x0, int x1) {
    glm::ivec2 lo(ui->width, ui->height), hi(-1);
    for (int y = 0; y < ui->height; ++y)
      for (int x = x0; x < x1; ++x) {
        if (difference(ui->at(x, y), background) <= 24 || difference(ui->at(x, y), bar) <= 24) continue;
        lo = glm::min(lo, glm::ivec2(x, y));
        hi = glm::max(hi, glm::ivec2(x, y));
      }
    std::printf("host_engine: the UI changed in (%d, %d)-(%d, %d)\n", lo.x, lo.y, hi.x, hi.y);
    return std::pair(lo, hi);
  };
  const auto [ripple_lo, ripple_hi] = changed_box(110, ui->width);
  EXPECT_LT(glm::length(glm::vec2(ripple_lo + ripple_hi + 1) * 0.5f - glm::vec2(200.0f, 90.0f)), 8.0f);
  const auto [spread_lo, spread_hi] = changed_box(0, 110);
  const glm::vec2 spread_centre = glm::vec2(spread_lo + spread_hi + 1) * 0.5f;
  EXPECT_GT(spread_hi.x - spread_lo.x, 20) << "the blob is there";
  EXPECT_GT(spread_centre.x, 50.0f) << "the finger pushed it right";
  EXPECT_LT(glm::length(spread_centre - glm::vec2(60.0f, 90.0f)), 16.0f);
}

}  // namespace
}  // namespace lfx::test

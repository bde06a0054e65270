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
  auto image = read_png(test_output_path("example-offline/offline.png"));
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

}  // namespace
}  // namespace lfx::test

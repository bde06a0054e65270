// The command line against hostile but fair input: paths with quotes, spaces and `;`, long
// names, directories where files belong, options in any order, inputs that cannot be drawn.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "support/cli_run.h"
#include "support/golden.h"

namespace lfx::test {
namespace {

namespace fs = std::filesystem;

const std::string kRoom = std::string(LIQUIDFX_SOURCE_DIR) + "/scenes/room.json";
const char* kTinyScene = R"({"resolution": [32, 18], "fps": 10, "duration": 0.3})";

bool on_path(const std::string& program) {
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path ? path : "");
  for (std::string dir; std::getline(dirs, dir, ':');)
    if (!dir.empty() && fs::exists(fs::path(dir) / program)) return true;
  return false;
}

TEST(CliHardeningTest, NoShellEverSeesAPath) {
  const fs::path dir = test_output_path("hostile a b'c;touch INJECTED;d");
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string scene = (dir / "we'ird %d;scene.json").string();
  std::ofstream(scene) << kTinyScene;
  const fs::path out = dir / "out 'q' ;x";
  const CliResult r = run_cli("render " + shell_quote(scene) + " --out " + shell_quote(out.string()) + " --mp4");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_TRUE(fs::exists(out / "we'ird %d;scene_0002.png"));
  EXPECT_FALSE(fs::exists("INJECTED"));
  EXPECT_FALSE(fs::exists(dir / "INJECTED"));
  if (!on_path("ffmpeg")) GTEST_SKIP() << "ffmpeg is not installed: the MP4 itself is not checked";
  EXPECT_GT(fs::file_size(out / "we'ird %d;scene.mp4"), 100u) << r.output;
}

TEST(CliHardeningTest, ALongSceneNameKeepsEveryFrameAndItsExtension) {
  const std::string name = std::string(180, 'n') + ".json";
  const std::string scene = write_test_file(name, kTinyScene);
  const fs::path out = test_output_path("long_names");
  fs::remove_all(out);
  const CliResult r = run_cli("render " + shell_quote(scene) + " --out " + shell_quote(out.string()));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  for (int frame = 0; frame < 3; ++frame)
    EXPECT_TRUE(fs::exists(out / (std::string(180, 'n') + "_000" + std::to_string(frame) + ".png"))) << frame;
}

// Renders one frame of `scene_json` (written as name.json) with validation on: any message
// fails the render.
void expect_one_clean_frame(const std::string& name, const char* scene_json) {
  const std::string scene = write_test_file(name + ".json", scene_json);
  const fs::path out = test_output_path(name);
  fs::remove_all(out);
  const CliResult r = run_cli("render " + shell_quote(scene) + " --frames 1 --out " + shell_quote(out.string()),
                              "LIQUIDFX_VALIDATION=1");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_TRUE(fs::exists(out / (name + "_0000.png")));
}

TEST(CliHardeningTest, AFrameLargerThanOneStorageRangeOrDispatchDrawsACloseUpBottleCleanly) {
  // At 8K the composite's pixel lists are larger than lavapipe's 128 MiB storage range, and a low
  // sun's shadow towards the eye covers more than 65,535 tiles of the shadow passes: all must stay
  // within the device's limits.
  expect_one_clean_frame("close_up_8k", R"({
    "resolution": [7680, 4320], "fps": 30, "duration": 0.1,
    "camera": {"position": [0.0, 0.25, 0.35], "target": [0.0, 0.05, -0.2], "fov": 70},
    "backdrop": {"sun_elevation": 12, "sun_azimuth": 180},
    "effects": [{"type": "bottle", "name": "bottles", "containers": [{"name": "water", "shape": "bottle"}]}]
  })");
}

TEST(CliHardeningTest, ABottleFillingA4KFrameDrawsCleanly) {
  // The bottle's screen rectangle alone (two thirds of the frame) needs about 170 MB of surfaces,
  // more than lavapipe's 128 MiB storage range: bound as a range that was 6 validation messages;
  // the passes reach the buffer by its address instead.
  expect_one_clean_frame("close_up_4k", R"({
    "resolution": [3840, 2160], "fps": 30, "duration": 0.1,
    "camera": {"position": [0.0, 0.1, 0.09], "target": [0.0, 0.1, 0.0], "fov": 40},
    "effects": [{"type": "bottle", "name": "bottles", "containers": [{"name": "water", "shape": "bottle"}]}]
  })");
}

TEST(CliHardeningTest, OptionsComeInAnyOrder) {
  const fs::path out = test_output_path("any_order");
  fs::remove_all(out);
  const CliResult r =
      run_cli("render --out " + shell_quote(out.string()) + " --frames 1 --size 32x18 " + shell_quote(kRoom));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_TRUE(fs::exists(out / "room_0000.png"));
  const CliResult bench = run_cli("bench --frames 2 --warmup 0 --size 32x18 " + shell_quote(kRoom) + " --json");
  EXPECT_EQ(bench.exit_code, 0) << bench.output;
}

TEST(CliHardeningTest, AFailedRenderLeavesNoEmptyFolderBehind) {
  const fs::path out = test_output_path("never_made");
  fs::remove_all(out);
  const CliResult r = run_cli("render " + shell_quote(kRoom) + " --out " + shell_quote(out.string()) +
                              " --frames 1 --size 32x18 --stats /no/such/folder/stats.csv");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_FALSE(fs::exists(out));
}

TEST(CliHardeningTest, FilesThatAreNotFilesAreNamedForWhatTheyAre) {
  const fs::path dir = test_output_path("a_folder.json");
  fs::create_directories(dir);
  fs::create_directories(dir.string() + ".obj");
  const std::vector<BadInvocation> cases = {
      {"render " + shell_quote(dir.string()) + " --out /tmp/x", "is a directory, not a scene file"},
      {"fill --mesh " + shell_quote(dir.string() + ".obj") + " --fraction 0.5 --up 0,1,0",
       "is a directory, not a mesh file"},
      {"slosh --shape box --fill 0.5 --motion " + shell_quote(dir.string()) + " --out /tmp/t.csv",
       "is a directory, not a motion file"},
      {"render /dev/zero --out /tmp/x", "/dev/zero: the scene file is larger than 64 MiB"},
  };
  expect_bad_input(cases);
}

TEST(CliHardeningTest, HostileJsonGetsAShortClearError) {
  const std::string overflow = write_test_file("overflow.json", R"({"fps": 1e400})");
  const CliResult r = run_cli("render " + shell_quote(overflow) + " --out /tmp/x");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("number overflow"), std::string::npos) << r.output;
  const std::string long_key = write_test_file("long_key.json", "{\"" + std::string(1 << 20, 'k') + "\": 1}");
  const CliResult k = run_cli("render " + shell_quote(long_key) + " --out /tmp/x");
  EXPECT_EQ(k.exit_code, 2);
  EXPECT_NE(k.output.find("(a key of 1048576 bytes): unknown key"), std::string::npos) << k.output.substr(0, 300);
  EXPECT_LT(k.output.size(), 600u);
}

TEST(CliHardeningTest, AWaveFieldTheDeviceCannotHoldIsBadInputBeforeTheFirstFrame) {
  const std::string rain = std::string(LIQUIDFX_SOURCE_DIR) + "/scenes/rain.json";
  const fs::path out = test_output_path("too_tall");
  fs::remove_all(out);
  const CliResult r =
      run_cli("render " + shell_quote(rain) + " --out " + shell_quote(out.string()) + " --size 4x4096 --frames 1");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("lower the knob wave_resolution"), std::string::npos) << r.output;
  EXPECT_FALSE(fs::exists(out));
}

}  // namespace
}  // namespace lfx::test

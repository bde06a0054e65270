// The liquidfx command line: exit codes (0 success, 2 bad input, 3 GPU failure) and messages.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "support/cli_run.h"
#include "support/golden.h"

namespace lfx::test {
namespace {

const std::string kRoom = std::string(LIQUIDFX_SOURCE_DIR) + "/scenes/room.json";

struct BadScene {
  const char* name;
  const char* json;
  const char* message;
};

const BadScene kBadScenes[] = {
    {"not_json", "{\"fps\": 30,", "invalid JSON"},
    {"fov_range", R"({"camera": {"fov": 200}})", "/camera/fov: expected a number in (0, 180), got 200"},
    {"fov_type", R"({"camera": {"fov": "wide"}})", "/camera/fov: expected a number in (0, 180)"},
    {"typo", R"({"camera": {"fvo": 40}})", "/camera/fvo: unknown key (did you mean \"fov\"?)"},
    {"resolution", R"({"resolution": [640]})", "/resolution: expected [width, height]"},
    {"zero_fps", R"({"fps": 0})", "/fps: expected a number in (0, 1000]"},
    {"effect_type", R"({"effects": [{"type": "bottel"}]})", "/effects/0/type: unknown effect type \"bottel\""},
    {"prop_shape", R"({"backdrop": {"props": [{"shape": "cone", "center": [0,0,0]}]}})",
     "/backdrop/props/0/shape: expected one of \"box\", \"sphere\", got \"cone\""},
    {"prop_size", R"({"backdrop": {"props": [{"shape": "box", "center": [0,0,0], "size": [1,0,1]}]}})",
     "/backdrop/props/0/size/1: expected a number in (0, 100]"},
    {"knob_range", R"({"backdrop": {"sun_elevation": 120}})", "/backdrop/sun_elevation: 120 is outside [1, 90]"},
    {"key_order", R"({"camera": {"keys": [{"time": 2}, {"time": 1}]}})",
     "/camera/keys/1/time: keys must be in increasing time order"},
    {"camera_target", R"({"camera": {"position": [1,1,1], "target": [1,1,1]}})",
     "/camera/target: must differ from the camera position"},
    {"not_object", "[1, 2]", "/: expected an object"},
    {"tonemap", R"({"camera": {"tonemap": "aces"}})",
     "/camera/tonemap: expected one of \"filmic\", \"none\", got \"aces\""},
    {"ripple_image", R"({"effects": [{"type": "ripples", "source": "image", "image": "missing.png"}]})",
     "missing.png: cannot read image"},
    {"ripple_image_key", R"({"effects": [{"type": "ripples", "source": "image"}]})",
     "/effects/0/image: missing; expected a string"},
    {"ripple_cell",
     R"({"effects": [{"type": "ripples", "source": "puzzle", "swaps": [{"time": 1, "from": [9, 0], "to": [0, 0]}]}]})",
     "/effects/0/swaps/0/from: expected [column, row] inside the 4 x 3 board"},
    {"ripple_rect", R"({"effects": [{"type": "ripples", "keep_alive_rect": [0.5, 0.5, 0.2, 0.9]}]})",
     "/effects/0/keep_alive_rect: expected [x0, y0, x1, y1]"},
    {"ripple_drag",
     R"({"effects": [{"type": "ripples", "mode": "waves", "drags": [{"start": 2, "end": 1, "path": [[0,0],[1,1]]}]}]})",
     "/effects/0/drags/0/end: must be after start"},
    {"spread_radius", R"({"effects": [{"type": "spread", "blobs": [{"centre": [0.5, 0.5], "radius": -0.1}]}]})",
     "/effects/0/blobs/0/radius: expected a number in (0, 10]"},
    {"spread_one_point", R"({"effects": [{"type": "spread", "strokes": [{"t0": 0, "t1": 1, "path": [[0.5, 0.5]]}]}]})",
     "/effects/0/strokes/0/path: expected at least 2 [x, y] points"},
    {"spread_empty_path", R"({"effects": [{"type": "spread", "strokes": [{"t0": 0, "t1": 1, "path": []}]}]})",
     "/effects/0/strokes/0/path: expected at least 2 [x, y] points"},
    {"spread_still_path",
     R"({"effects": [{"type": "spread", "strokes": [{"t0": 0, "t1": 1, "path": [[0.5, 0.5], [0.5, 0.5]]}]}]})",
     "/effects/0/strokes/0/path: the path has no length"},
    {"spread_colours",
     R"({"effects": [{"type": "spread", "blobs": [{"centre": [0.1, 0.1], "radius": 0.1, "color": [1, 0, 0]},
       {"centre": [0.2, 0.1], "radius": 0.1, "color": [0, 1, 0]}, {"centre": [0.3, 0.1], "radius": 0.1, "color": [0, 0, 1]},
       {"centre": [0.4, 0.1], "radius": 0.1, "color": [1, 1, 0]}, {"centre": [0.5, 0.1], "radius": 0.1, "color": [0, 1, 1]}]}]})",
     "/effects/0/blobs/4/color: at most 4 different colours"},
};

TEST(CliTest, EveryBadSceneGetsItsMessageAndExitCode2) {
  for (const BadScene& bad : kBadScenes) {
    const std::string path = write_test_file(std::string("bad_") + bad.name + ".json", bad.json);
    const CliResult r = run_cli("render '" + path + "' --out '" + test_output_path("bad_out") + "'");
    EXPECT_EQ(r.exit_code, 2) << bad.name << ": " << r.output;
    EXPECT_NE(r.output.find(path + ": "), std::string::npos)
        << bad.name << ": the message names the file: " << r.output;
    EXPECT_NE(r.output.find(bad.message), std::string::npos) << bad.name << ": " << r.output;
  }
}

TEST(CliTest, MissingSceneFileIsBadInput) {
  const CliResult r = run_cli("render /nonexistent/scene.json --out /tmp/x");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.output.find("/nonexistent/scene.json: cannot open the scene file"), std::string::npos) << r.output;
}

TEST(CliTest, BadArgumentsAreBadInput) {
  const std::vector<BadInvocation> cases = {
      {"render '" + kRoom + "' --out /tmp/x --set room.sun_elevaton=30",
       "unknown knob \"sun_elevaton\" of room (did you mean \"sun_elevation\"?)"},
      {"render '" + kRoom + "' --out /tmp/x --set room.sun_elevation=300", "300 is outside [1, 90]"},
      {"render '" + kRoom + "' --out /tmp/x --set room.sun_elevation=high", "\"high\" is not a number"},
      {"render '" + kRoom + "' --out /tmp/x --set ripples.count=8", "no effect \"ripples\""},
      {"render '" + kRoom + "' --out /tmp/x --set justtext", "expected effect.knob=value"},
      {"render '" + kRoom + "' --out /tmp/x --size 0x10", "expected WIDTHxHEIGHT"},
      {"render '" + kRoom + "' --out /tmp/x --frames 2 --seconds 1", "--seconds excludes --frames"},
      {"render --out /tmp/x --frames 0 '" + kRoom + "'", "--frames: expected an integer in [1, 1000000], got \"0\""},
      {"render '" + kRoom + "' --out /tmp/x --frames 2 --frame 5", "past the last frame"},
      {"render '" + kRoom + "' --out /tmp/x --max-seconds soon",
       "--max-seconds: expected a number in [0, 3600], got \"soon\""},
      {"render '" + kRoom + "'", "render: --out is required"},
      {"render '" + kRoom + "' --out ''", "--out needs a folder name"},
      {"render '" + kRoom + "' --out /tmp/x --bogus", "render: The following argument was not expected: --bogus"},
      {"frobnicate", "unknown command \"frobnicate\""},
      {"knobs nothing", "no knob group \"nothing\""},
  };
  expect_bad_input(cases);
}

TEST(CliTest, MissingDeviceIsAGpuFailure) {
  const CliResult r = run_cli("render '" + kRoom + "' --out '" + test_output_path("no_device") + "' --frames 1",
                              "LIQUIDFX_DEVICE=no-such-gpu");
  EXPECT_EQ(r.exit_code, 3) << r.output;
  EXPECT_NE(r.output.find("no Vulkan device matches LIQUIDFX_DEVICE=\"no-such-gpu\""), std::string::npos) << r.output;
}

TEST(CliTest, RenderWritesNumberedPngs) {
  const std::string out = test_output_path("render_room");
  std::filesystem::remove_all(out);
  const CliResult r = run_cli("render '" + kRoom + "' --out '" + out + "' --size 64x36 --frames 3");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  for (const char* file : {"room_0000.png", "room_0001.png", "room_0002.png"}) {
    auto image = read_png(out + "/" + file);
    ASSERT_TRUE(image) << file;
    EXPECT_EQ(image->width, 64);
    EXPECT_EQ(image->height, 36);
  }
  EXPECT_FALSE(std::filesystem::exists(out + "/room_0003.png"));

  const CliResult single = run_cli("render '" + kRoom + "' --out '" + out + "' --size 64x36 --frame 5");
  ASSERT_EQ(single.exit_code, 0) << single.output;
  EXPECT_TRUE(std::filesystem::exists(out + "/room_0005.png"));
}

TEST(CliTest, AGpuTimeoutEndsTheRunWithExitCodeThreeAndItsMessage) {
  // Frame 30 of the dam break is a second of particle steps, submitted in batches: none finishes
  // within a millisecond. The run must end with its message and exit code 3, never a crash
  // (freeing what the GPU still uses would be one).
  const std::string out = test_output_path("gpu_timeout");
  const CliResult r = run_cli("render " + shell_quote(std::string(LIQUIDFX_SOURCE_DIR) + "/scenes/dam_break.json") +
                              " --out '" + out + "' --size 64x36 --frame 30 --gpu-timeout 0.001");
  EXPECT_EQ(r.exit_code, 3) << r.output;
  EXPECT_NE(r.output.find("the GPU did not finish the submitted work within 0.001 s"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("exiting without waiting for it"), std::string::npos) << r.output;
}

TEST(CliTest, MaxSecondsStopsAPreviewEarlyAndNeverLengthensTheTimeline) {
  // room.json: 2 s at 30 frames a second. At most 0.1 s is its first 3 frames; at most 10 s is
  // its own 60 (--max-seconds only shortens).
  const std::string out = test_output_path("render_room_preview");
  std::filesystem::remove_all(out);
  const CliResult r = run_cli("render '" + kRoom + "' --out '" + out + "' --size 32x18 --max-seconds 0.1");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_TRUE(std::filesystem::exists(out + "/room_0002.png"));
  EXPECT_FALSE(std::filesystem::exists(out + "/room_0003.png"));
  const CliResult whole = run_cli("render '" + kRoom + "' --out '" + out + "' --size 32x18 --fps 5 --max-seconds 10");
  ASSERT_EQ(whole.exit_code, 0) << whole.output;
  EXPECT_TRUE(std::filesystem::exists(out + "/room_0009.png"));  // 2 s at 5 frames a second
  EXPECT_FALSE(std::filesystem::exists(out + "/room_0010.png"));
}

TEST(CliTest, RenderWritesEveryEffectsStatisticsPerFrame) {
  const std::string out = test_output_path("render_stats");
  std::filesystem::remove_all(out);
  const std::string scene = write_test_file("stats_scene.json", R"({"fps": 10, "effects": [
      {"type": "ripples", "name": "pond", "touches": [{"time": 0.15, "position": [0.5, 0.5]}]}]})");
  const CliResult r =
      run_cli("render '" + scene + "' --out '" + out + "' --size 32x18 --frames 4 --stats '" + out + "/stats.csv'");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  std::ifstream file(out + "/stats.csv");
  std::vector<std::string> lines;
  for (std::string line; std::getline(file, line);) lines.push_back(line);
  ASSERT_EQ(lines.size(), 5u);
  EXPECT_EQ(lines[0], "frame,t,pond.live_ripples,pond.pool_capacity");
  EXPECT_EQ(lines[1], "0,0,0,8");
  EXPECT_EQ(lines[2], "1,0.1,0,8");
  EXPECT_EQ(lines[3], "2,0.2,1,8");  // the touch at 0.15 s
  const CliResult bad = run_cli("render '" + scene + "' --out '" + out + "' --frames 1 --stats /no/such/dir/s.csv");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.output.find("/no/such/dir/s.csv: cannot write the statistics file"), std::string::npos) << bad.output;
}

TEST(CliTest, BenchKeepsTheFramesWhereNothingMovesUnlessAskedToDrawThem) {
  // The room under a still camera: after the first frame, every frame would draw the same.
  const std::string scene = write_test_file("still_room.json", R"({"camera": {"position": [0, 1.1, 2.6]}})");
  for (const bool draw : {false, true}) {
    const CliResult r = run_cli("bench '" + scene + "' --frames 3 --warmup 1 --size 64x36 --json" +
                                (draw ? " --draw-still-frames" : "") + " 2>/dev/null");
    ASSERT_EQ(r.exit_code, 0) << r.output;
    const nlohmann::json j = nlohmann::json::parse(r.output, nullptr, false);
    ASSERT_FALSE(j.is_discarded()) << r.output;
    EXPECT_EQ(j["kept_frames"], draw ? 0 : 3);
    EXPECT_EQ(j["passes"].size(), draw ? 2u : 0u) << r.output;  // the room and the tonemap, or none
  }
}

TEST(CliTest, BenchJsonHasTheDocumentedShape) {
  const CliResult r = run_cli("bench '" + kRoom + "' --frames 3 --warmup 1 --size 64x36 --json 2>/dev/null");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const nlohmann::json j = nlohmann::json::parse(r.output, nullptr, false);
  ASSERT_FALSE(j.is_discarded()) << r.output;
  EXPECT_TRUE(j["device"].is_string());
  EXPECT_EQ(j["size"], nlohmann::json::array({64, 36}));
  EXPECT_EQ(j["frames"], 3);
  // The room's camera moves: every frame is drawn in full.
  EXPECT_EQ(j["kept_frames"], 0);
  EXPECT_EQ(j["redrawn_tiles_frames"], 0);
  ASSERT_TRUE(j["passes"].is_array());
  std::vector<std::string> names;
  double sum = 0.0;
  for (const auto& p : j["passes"]) {
    names.push_back(p["name"]);
    EXPECT_LE(p["min_ms"].get<double>(), p["median_ms"].get<double>());
    EXPECT_LE(p["median_ms"].get<double>(), p["max_ms"].get<double>());
    sum += p["median_ms"].get<double>();
  }
  // No "scene copy": nothing in the room reads the scene behind it.
  EXPECT_EQ(names, (std::vector<std::string>{"room", "tonemap"}));
  EXPECT_GT(j["total_median_ms"].get<double>(), 0.0);
  // The CPU's share of a frame: recording the room's commands takes some time, never none.
  ASSERT_TRUE(j["cpu"].is_array());
  std::vector<std::string> cpu;
  for (const auto& c : j["cpu"]) {
    cpu.push_back(c["name"]);
    EXPECT_LE(c["min_ms"].get<double>(), c["median_ms"].get<double>());
    EXPECT_LE(c["median_ms"].get<double>(), c["max_ms"].get<double>());
  }
  EXPECT_EQ(cpu, (std::vector<std::string>{"advance (simulation)", "prepare (uploads)", "record (command buffer)",
                                           "frame (submit to finish)"}));
  EXPECT_GT(j["cpu"][2]["min_ms"].get<double>(), 0.0);
  // Every pass ran between the frame's submission and its end.
  EXPECT_GE(j["cpu"][3]["median_ms"].get<double>(), 0.9 * j["total_median_ms"].get<double>());
}

TEST(CliTest, DevicesListsLavapipeOrAGpu) {
  const CliResult r = run_cli("devices");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("usable by liquidfx"), std::string::npos) << r.output;
  // Lavapipe and desktop GPUs have what the bottle effect needs.
  EXPECT_NE(r.output.find("64-bit fragment atomics yes"), std::string::npos) << r.output;
}

TEST(CliTest, KnobsPrintsTheRoomTable) {
  const CliResult r = run_cli("knobs room");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("| `sun_elevation` | number | 50 | [1, 90] | deg |"), std::string::npos) << r.output;
}

}  // namespace
}  // namespace lfx::test

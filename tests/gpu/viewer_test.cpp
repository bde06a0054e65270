// `liquidfx view` in a real window (under Xvfb, lavapipe presenting to X11), driven by scripts:
// each run saves its last frame with the panels, and the pictures must change the way the
// script's events should change them. Validation is on (a message fails the run with exit 3).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "liquidfx/core/image.h"
#include "support/cli_run.h"

namespace lfx::test {
namespace {

constexpr int kWidth = 960, kHeight = 540;
constexpr int kPanelRight = 360;  // the controls panel covers x < this (its text changes run to run)

// The viewer's settings (its recent scenes) go to the test output, not the user's home.
std::string config_environment(const std::string& folder = "viewer_config") {
  return "LIQUIDFX_VALIDATION=1 XDG_CONFIG_HOME=" + shell_quote(std::string(LIQUIDFX_TEST_OUTPUT) + "/" + folder);
}

// A pond of rings over the puzzle picture: nothing moves until something touches it.
std::string pond_scene() {
  return write_test_file("viewer_pond.json", R"({"resolution": [960, 540], "fps": 30, "duration": 4,
    "backdrop": {"visible": false},
    "effects": [{"type": "ripples", "name": "pond", "source": "puzzle", "count": 8, "caustics": 0}]})");
}

// Runs the viewer for `frames` frames with the script (events JSON, may be empty) and returns
// its last frame.
ImageRgba8 view(const std::string& scene, const std::string& name, const std::string& events, int frames = 12,
                const std::string& extra = "") {
  std::string args = shell_quote(scene) + " --size 960x540 --frames " + std::to_string(frames);
  if (!events.empty()) args += " --script " + shell_quote(write_test_file(name + ".script.json", events));
  const std::string shot = std::string(LIQUIDFX_TEST_OUTPUT) + "/viewer_" + name + ".png";
  args += " --screenshot " + shell_quote(shot) + " " + extra;
  const CliResult r = run_cli("view " + args, config_environment());
  EXPECT_EQ(r.exit_code, 0) << r.output;
  auto image = read_png(shot);
  EXPECT_TRUE(image) << shot;
  return image ? *image : ImageRgba8();
}

// Mean absolute channel difference over a rectangle of frame fractions.
double difference(const ImageRgba8& a, const ImageRgba8& b, double x0, double y0, double x1, double y1) {
  if (a.width != kWidth || b.width != kWidth || a.height != kHeight || b.height != kHeight) return -1.0;
  double sum = 0.0;
  int count = 0;
  for (int y = int(y0 * kHeight); y < int(y1 * kHeight); ++y)
    for (int x = std::max(int(x0 * kWidth), kPanelRight); x < int(x1 * kWidth); ++x, ++count)
      for (int c = 0; c < 3; ++c) sum += std::abs(int(a.at(x, y)[c]) - int(b.at(x, y)[c]));
  return count ? sum / (3.0 * count) : -1.0;
}

TEST(ViewerTest, AClickDropsARingWhereItIs) {
  const std::string pond = pond_scene();
  const ImageRgba8 still = view(pond, "pond_still", "");
  const ImageRgba8 clicked = view(pond, "pond_clicked", R"({"events": [
      {"time": 0.1, "kind": "press", "at": [0.7, 0.5]}, {"time": 0.15, "kind": "release", "at": [0.7, 0.5]}]})");
  const double near = difference(still, clicked, 0.55, 0.3, 0.85, 0.7);
  const double far = difference(still, clicked, 0.9, 0.0, 1.0, 0.12);
  std::printf("a click's ring: mean difference %.2f around it, %.2f far from it\n", near, far);
  EXPECT_GT(near, 1.0);
  EXPECT_LT(far, 0.05);
}

TEST(ViewerTest, AKnobChangedByTheScriptChangesThePicture) {
  // The caustics dapple the light under the rings: a click's ring, without and with them.
  const std::string pond = pond_scene();
  const std::string click = R"({"time": 0.05, "kind": "press", "at": [0.7, 0.5]},
      {"time": 0.08, "kind": "release", "at": [0.7, 0.5]})";
  const ImageRgba8 plain = view(pond, "pond_ring", R"({"events": [)" + click + "]}");
  const ImageRgba8 bright = view(pond, "pond_caustics", R"({"events": [)" + click + R"(,
      {"time": 0.1, "kind": "set", "setting": "pond.caustics=1.5"}]})");
  const double changed = difference(plain, bright, 0.4, 0.0, 1.0, 1.0);
  std::printf("caustics from 0 to 1.5 under a ring: mean difference %.2f\n", changed);
  EXPECT_GT(changed, 0.5);
}

TEST(ViewerTest, DraggingTheRoomOrbitsTheCameraAndHomeBringsItBack) {
  const std::string room = std::string(LIQUIDFX_SOURCE_DIR) + "/scenes/room.json";
  const ImageRgba8 home = view(room, "room_home", "", 6);
  const std::string drag = R"({"events": [
      {"time": 0.0, "kind": "press", "at": [0.6, 0.5]}, {"time": 0.03, "kind": "drag", "at": [0.7, 0.45]},
      {"time": 0.07, "kind": "drag", "at": [0.8, 0.4]}, {"time": 0.1, "kind": "release", "at": [0.8, 0.4]})";
  const ImageRgba8 orbited = view(room, "room_orbited", drag + "]}", 6);
  const ImageRgba8 back = view(room, "room_back", drag + R"(, {"time": 0.12, "kind": "key", "key": "h"}]})", 6);
  const double moved = difference(home, orbited, 0.0, 0.0, 1.0, 1.0);
  const double returned = difference(home, back, 0.0, 0.0, 1.0, 1.0);
  std::printf("orbit: mean difference %.2f; after home %.2f\n", moved, returned);
  EXPECT_GT(moved, 3.0);
  EXPECT_LT(returned, 0.05);
}

TEST(ViewerTest, DraggingTheSpreadPushesTheLiquid) {
  const std::string paint = write_test_file("viewer_paint.json", R"({"resolution": [960, 540], "fps": 30,
    "duration": 4, "effects": [{"type": "spread", "name": "paint", "cells": 48, "thickness_cells": 96,
    "blobs": [{"centre": [1.1, 0.5], "radius": 0.25, "amount": 0.03}]}]})");
  const ImageRgba8 still = view(paint, "paint_still", "");
  const ImageRgba8 pushed = view(paint, "paint_pushed", R"({"events": [
      {"time": 0.0, "kind": "press", "at": [0.5, 0.5]}, {"time": 0.1, "kind": "drag", "at": [0.6, 0.5]},
      {"time": 0.2, "kind": "drag", "at": [0.7, 0.5]}, {"time": 0.3, "kind": "release", "at": [0.7, 0.5]}]})");
  const double changed = difference(still, pushed, 0.5, 0.3, 0.8, 0.7);
  std::printf("a drag through the paint: mean difference %.2f along it\n", changed);
  EXPECT_GT(changed, 2.0);
}

TEST(ViewerTest, AGrabbedBottleMovesWithThePointer) {
  // The bottle under the pointer is picked up and carried up and to the right: where it stood
  // is empty floor now, and it stands out from the floor where the pointer went.
  const std::string shelf = write_test_file("viewer_shelf.json", R"({"resolution": [960, 540], "fps": 30,
    "duration": 4, "camera": {"position": [0, 0.25, 0.9], "target": [0, 0.1, 0], "fov": 40},
    "effects": [{"type": "bottle", "name": "b", "shape": "bottle", "fill": 0.5, "color": [0.2, 0.5, 0.9]}]})");
  const ImageRgba8 still = view(shelf, "shelf_still", "", 8);
  const ImageRgba8 carried = view(shelf, "shelf_carried", R"({"events": [
      {"time": 0.0, "kind": "press", "at": [0.5, 0.55]}, {"time": 0.1, "kind": "drag", "at": [0.58, 0.5]},
      {"time": 0.2, "kind": "drag", "at": [0.66, 0.45]}]})",
                                  8);
  const double left_behind = difference(still, carried, 0.45, 0.35, 0.55, 0.75);
  const double arrived = difference(still, carried, 0.62, 0.2, 0.72, 0.6);
  std::printf("a carried bottle: mean difference %.2f where it stood, %.2f where it went\n", left_behind, arrived);
  EXPECT_GT(left_behind, 3.0);
  EXPECT_GT(arrived, 3.0);
}

TEST(ViewerTest, ABrokenSceneDroppedOnTheWindowShowsTheCliMessageAndKeepsTheLastScene) {
  const std::string pond = pond_scene();
  const std::string broken =
      write_test_file("viewer_broken.json", R"({"effects": [{"type": "ripples", "count": -3}]})");
  const CliResult cli = run_cli("render " + shell_quote(broken) + " --out " +
                                shell_quote(std::string(LIQUIDFX_TEST_OUTPUT) + "/viewer_broken"));
  ASSERT_EQ(cli.exit_code, 2);
  const std::string message = cli.output.substr(0, cli.output.find('\n'));
  const std::string shot = std::string(LIQUIDFX_TEST_OUTPUT) + "/viewer_dropped.png";
  const std::string script = write_test_file(
      "viewer_drop.script.json", R"({"events": [{"time": 0.1, "kind": "drop", "path": ")" + broken + R"("}]})");
  const CliResult r = run_cli("view " + shell_quote(pond) + " --size 960x540 --frames 8 --script " +
                                  shell_quote(script) + " --screenshot " + shell_quote(shot),
                              config_environment());
  EXPECT_EQ(r.exit_code, 2) << r.output;  // a scripted run reports the error it showed
  EXPECT_NE(r.output.find(message), std::string::npos) << "CLI: " << message << "\nviewer: " << r.output;
  auto image = read_png(shot);
  ASSERT_TRUE(image);
  const ImageRgba8 still = view(pond, "pond_still", "", 8);
  // The pond is still drawn above the error box at the bottom.
  EXPECT_LT(difference(still, *image, 0.4, 0.0, 1.0, 0.5), 0.05);
}

TEST(ViewerTest, SavingWritesTheChangedKnobsIntoACopyOfTheScene) {
  const std::string pond = pond_scene();
  view(pond, "pond_saved", R"({"events": [
      {"time": 0.0, "kind": "set", "setting": "pond.caustics=1.5"},
      {"time": 0.0, "kind": "set", "setting": "pond.mode=waves"},
      {"time": 0.1, "kind": "key", "key": "s"}]})",
       4);
  const std::string copy = std::string(LIQUIDFX_TEST_OUTPUT) + "/viewer_pond.saved.json";
  std::ifstream in(copy);
  ASSERT_TRUE(in) << copy;
  std::stringstream text;
  text << in.rdbuf();
  const std::string saved = text.str();
  std::printf("%s", saved.c_str());
  // The changed knobs, the rest as it was and in its order, short arrays on one line.
  EXPECT_NE(saved.find("\"caustics\": 1.5"), std::string::npos);
  EXPECT_NE(saved.find("\"mode\": \"waves\""), std::string::npos);
  EXPECT_EQ(saved.find("\"count\""), saved.find("\"count\": 8"));        // untouched
  EXPECT_EQ(saved.find("\"resolution\": [960, 540]"), saved.find('"'));  // still the first key
  EXPECT_LT(saved.find("\"source\""), saved.find("\"caustics\""));
  const CliResult check = run_cli("render " + shell_quote(copy) + " --frame 0 --size 64x36 --out " +
                                  shell_quote(std::string(LIQUIDFX_TEST_OUTPUT) + "/viewer_saved_render"));
  EXPECT_EQ(check.exit_code, 0) << check.output;
}

TEST(ViewerTest, OpenedScenesGoToTheRecentListNewestFirst) {
  const std::string pond = pond_scene(), room = std::string(LIQUIDFX_SOURCE_DIR) + "/scenes/room.json";
  const std::string folder = std::string(LIQUIDFX_TEST_OUTPUT) + "/viewer_recent";
  std::filesystem::remove_all(folder);
  for (const std::string& scene : {pond, room, pond}) {
    const CliResult r =
        run_cli("view " + shell_quote(scene) + " --size 320x180 --frames 1", config_environment("viewer_recent"));
    ASSERT_EQ(r.exit_code, 0) << r.output;
  }
  std::ifstream in(folder + "/liquidfx/recent_scenes");
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0], std::filesystem::path(pond).lexically_normal().string());
  EXPECT_EQ(lines[1], std::filesystem::path(room).lexically_normal().string());
}

TEST(ViewerTest, BadScriptsAndOptionsAreBadInput) {
  const std::string pond = pond_scene();
  expect_bad_input({
      {"view " + shell_quote(pond) + " --frames 2 --script " +
           shell_quote(write_test_file("viewer_bad.script.json", R"({"events": [{"time": 0, "kind": "poke"}]})")),
       "/events/0/kind"},
      {"view " + shell_quote(pond) + " --frames 2 --script " +
           shell_quote(write_test_file("viewer_bad2.script.json",
                                       R"({"events": [{"time": 0, "kind": "press", "at": [2, 0]}]})")),
       "/events/0/at"},
      {"view " + shell_quote(pond) + " --screenshot x.png", "--screenshot needs --frames"},
      {"view /nonexistent/scene.json --frames 1", "/nonexistent/scene.json"},
  });
}

}  // namespace
}  // namespace lfx::test

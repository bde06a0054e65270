// Scene files: parsing, the camera track, --set. (CPU only; in this binary because the scene
// layer links the GPU layer.)
#include "liquidfx/scene/scene.h"

#include <gtest/gtest.h>

#include <glm/geometric.hpp>

namespace lfx::scene {
namespace {

TEST(SceneTest, ReadsEverySection) {
  auto s = parse_scene(R"({
    "resolution": [320, 200], "fps": 24, "duration": 3,
    "camera": {"position": [1, 2, 3], "target": [0, 0.5, 0], "fov": 50, "exposure": -1,
               "keys": [{"time": 1, "position": [2, 2, 3]}, {"time": 3, "fov": 30}]},
    "backdrop": {"checker_size": 0.5, "floor_color_a": [1, 0, 0],
                 "props": [{"shape": "sphere", "center": [0, 0.2, 0], "radius": 0.2}]}
  })",
                       "inline.json");
  ASSERT_TRUE(s) << s.error().message;
  EXPECT_EQ(s->width, 320u);
  EXPECT_EQ(s->height, 200u);
  EXPECT_EQ(s->frame_count(), 72u);
  EXPECT_FLOAT_EQ(s->camera.exposure_stops, -1.0f);
  ASSERT_EQ(s->camera.keys.size(), 3u);
  EXPECT_EQ(s->camera.keys[2].position, glm::vec3(2, 2, 3));  // keys inherit what they do not set
  EXPECT_FLOAT_EQ(s->backdrop.knobs.checker_size, 0.5f);
  EXPECT_EQ(s->backdrop.knobs.floor_color_a, glm::vec3(1, 0, 0));
  ASSERT_EQ(s->backdrop.props.size(), 1u);
  EXPECT_FLOAT_EQ(s->backdrop.props[0].size.x, 0.4f);
}

TEST(SceneTest, CameraTrackPassesThroughEveryKeyAndIsContinuous) {
  auto s = parse_scene(R"({"camera": {"position": [0, 1, 3], "keys": [
      {"time": 1, "position": [1, 1, 3]}, {"time": 1.5, "position": [1, 2, 2]}, {"time": 4, "position": [-1, 1, 3]}]}})",
                       "track.json");
  ASSERT_TRUE(s) << s.error().message;
  for (const CameraKey& k : s->camera.keys) EXPECT_LT(glm::length(s->camera.at(k.time).position - k.position), 1e-5f);
  EXPECT_EQ(s->camera.at(-1.0).position, s->camera.keys.front().position);
  EXPECT_EQ(s->camera.at(10.0).position, s->camera.keys.back().position);
  float largest_step = 0.0f;
  for (double t = 0.0; t < 4.0; t += 0.001)
    largest_step = std::max(largest_step, glm::length(s->camera.at(t + 0.001).position - s->camera.at(t).position));
  EXPECT_LT(largest_step, 0.01f);
}

TEST(SceneTest, SettingsApplyToTheRoom) {
  auto s = parse_scene("{}", "empty.json");
  ASSERT_TRUE(s);
  ASSERT_TRUE(apply_setting(*s, "room.sun_elevation=20"));
  EXPECT_FLOAT_EQ(s->backdrop.knobs.sun_elevation, 20.0f);
  ASSERT_TRUE(apply_setting(*s, "room.floor_color_b=0.1,0.2,0.3"));
  EXPECT_EQ(s->backdrop.knobs.floor_color_b, glm::vec3(0.1f, 0.2f, 0.3f));
  auto bad = apply_setting(*s, "room.floor_color_b=0.1,0.2");
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().message.find("3 comma-separated numbers"), std::string::npos);
}

}  // namespace
}  // namespace lfx::scene

#include <filesystem>

#include "liquidfx/scene/scripted_input.h"

namespace lfx::scene {
namespace {

Result<ScriptedInput> script_of(const std::string& text) {
  static std::vector<nlohmann::json> keep;  // JsonObject refers to its JSON
  keep.push_back(nlohmann::json::parse(text));
  auto block = JsonObject::from(keep.back(), "/effects/0");
  if (!block) return block.error();
  auto script = ScriptedInput::read(*block);
  if (!script) return script.error();
  if (auto r = block->finish(); !r) return r.error();
  return script;
}

TEST(ScriptedInputTest, TheSameTouchesAndRainAtAnyFrameRate) {
  for (double hz : {24.0, 30.0, 144.0}) {
    auto script = script_of(R"({"touches": [{"time": 0.5, "position": [0.1, 0.2]}, {"time": 1.5, "position": [0.3, 0.4],
                                 "intensity": 0.5}], "rain": {"rate": 12, "seed": 3}})");
    ASSERT_TRUE(script) << script.error().message;
    int touches = 0, drops = 0;
    double t = 0.0;
    for (int i = 0; i < int(2.0 * hz); ++i, t += 1.0 / hz) {
      std::vector<Touch> out;
      std::vector<glm::vec2> held;
      script->step(t, 1.0 / hz, out, held);
      for (const Touch& touch : out)
        (touch.uv == glm::vec2(0.1f, 0.2f) || touch.uv == glm::vec2(0.3f, 0.4f)) ? ++touches : ++drops;
      EXPECT_TRUE(held.empty());
    }
    EXPECT_EQ(touches, 2) << hz;
    EXPECT_NEAR(drops, 24, 1) << hz;  // 12 a second for 2 s
  }
}

TEST(ScriptedInputTest, ADragHoldsAPointThatFollowsItsPath) {
  auto script = script_of(R"({"drags": [{"start": 1, "end": 3, "path": [[0, 0.5], [1, 0.5]]}]})");
  ASSERT_TRUE(script) << script.error().message;
  std::vector<Touch> touches;
  std::vector<glm::vec2> held;
  script->step(0.0, 0.5, touches, held);
  EXPECT_TRUE(held.empty());
  script->step(1.5, 0.5, touches, held);  // at t = 2: half way
  ASSERT_EQ(held.size(), 1u);
  EXPECT_NEAR(held[0].x, 0.5f, 1e-6f);
}

TEST(ScriptedInputTest, BadScriptsAreRefusedWithTheirPath) {
  struct Case {
    const char* json;
    const char* message;
  } cases[] = {
      {R"({"drags": [{"start": 0, "end": 1, "path": [[5, -3], [1e30, 0]]}]})",
       "/effects/0/drags/0/path/0: expected at least 2 [u, v] points, each in [0, 1]"},
      {R"({"drags": [{"start": 2, "end": 1, "path": [[0, 0], [1, 1]]}]})",
       "/effects/0/drags/0/end: must be after start"},
      {R"({"touches": [{"time": 1, "position": [0.5]}]})", "/effects/0/touches/0/position: expected [u, v]"},
      {R"({"touches": [{"time": 1, "position": [0.5, 0.5], "pressure": 2}]})",
       "/effects/0/touches/0/pressure: unknown key"},
      {R"({"rain": {"rate": -1}})", "/effects/0/rain/rate: expected a number in [0, 10000]"},
  };
  for (const Case& c : cases) {
    auto script = script_of(c.json);
    ASSERT_FALSE(script) << c.json;
    EXPECT_NE(script.error().message.find(c.message), std::string::npos) << script.error().message;
  }
}

TEST(CheckSceneTest, EveryDemoSceneChecksAndABadBlockIsNamedWithoutAGpu) {
  for (const auto& entry : std::filesystem::directory_iterator(std::string(LIQUIDFX_SOURCE_DIR) + "/scenes")) {
    auto s = load_scene(entry.path().string());
    ASSERT_TRUE(s) << s.error().message;
    auto checked = check_scene(*s);
    EXPECT_TRUE(checked) << entry.path() << ": " << checked.error().message;
  }
  auto s = parse_scene(R"({"effects": [{"type": "bottle", "containers": [{"shape": "bottle", "fil": 0.5}]},
                                       {"type": "ripples", "drags": [{"start": 0, "end": 1, "path": [[0, 0], [2, 0]]}]}]})",
                       "bad.json");
  ASSERT_TRUE(s) << s.error().message;
  auto checked = check_scene(*s);
  ASSERT_FALSE(checked);
  EXPECT_NE(checked.error().message.find("bad.json: /effects/0/containers/0/fil: unknown key (did you mean \"fill\"?)"),
            std::string::npos)
      << checked.error().message;
}

TEST(JsonObjectTest, RectanglesAndCellsAreChecked) {
  const nlohmann::json j =
      nlohmann::json::parse(R"({"a": [0.1, 0.2, 0.9, 0.8], "b": [0.5, 0, 0.4, 1], "p": [0.5, 0.5, 0.5, 0.5],
                                                     "c": [2, 1], "d": [4, 0], "e": [1.5, 0]})");
  auto o = JsonObject::from(j, "/x");
  ASSERT_TRUE(o);
  auto a = o->rect("a", glm::vec4(0.0f));
  ASSERT_TRUE(a);
  EXPECT_EQ(*a, glm::vec4(0.1f, 0.2f, 0.9f, 0.8f));
  EXPECT_FALSE(o->rect("b", glm::vec4(0.0f)));
  EXPECT_TRUE(o->rect("p", glm::vec4(0.0f)));  // a point
  EXPECT_EQ(*o->rect("absent", glm::vec4(1.0f)), glm::vec4(1.0f));
  EXPECT_EQ(*o->cell("c", 4, 3), glm::ivec2(2, 1));
  auto d = o->cell("d", 4, 3);
  ASSERT_FALSE(d);
  EXPECT_NE(d.error().message.find("/x/d: expected [column, row] inside the 4 x 3 board"), std::string::npos);
  EXPECT_FALSE(o->cell("e", 4, 3));
}

}  // namespace
}  // namespace lfx::scene

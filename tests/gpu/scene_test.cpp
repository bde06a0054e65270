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

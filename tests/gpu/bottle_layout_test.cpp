// How the bottle renderer groups containers on screen and lists tiles (CPU only): containers in
// one group never overlap, and of two that overlap the farther is drawn in an earlier group.
#include "liquidfx/gpu/effects/bottle_layout.h"

#include <gtest/gtest.h>

#include <random>

#include "liquidfx/core/camera.h"
#include "shared/bottle.h"

namespace lfx::test {
namespace {

VkRect2D rect(int x, int y, int w, int h) {
  return {{x, y}, {std::uint32_t(w), std::uint32_t(h)}};
}

TEST(BottleLayoutTest, OverlappingContainersGoToLaterGroupsAndDisjointOnesShare) {
  // Back to front: a and b apart, c over both, d over c only, e off screen.
  const VkRect2D rects[] = {rect(0, 0, 10, 10), rect(20, 0, 10, 10), rect(5, 5, 20, 10), rect(15, 12, 4, 4),
                            rect(0, 0, 0, 0)};
  EXPECT_EQ(gpu::overlap_groups(rects), (std::vector<int>{0, 0, 1, 2, -1}));
}

TEST(BottleLayoutTest, RandomLayoutsKeepOrderWhereTheyOverlap) {
  std::mt19937 random(7);
  std::uniform_int_distribution<int> position(0, 600), size(1, 120);
  std::vector<VkRect2D> rects;
  for (int i = 0; i < 300; ++i) rects.push_back(rect(position(random), position(random), size(random), size(random)));
  const std::vector<int> groups = gpu::overlap_groups(rects);
  int largest = 0;
  for (std::size_t k = 0; k < rects.size(); ++k) {
    largest = std::max(largest, groups[k]);
    for (std::size_t j = 0; j < k; ++j) {
      if (!gpu::rects_overlap(rects[j], rects[k])) continue;
      ASSERT_LT(groups[j], groups[k]) << "rect " << j << " overlaps the nearer " << k << " and is not drawn first";
    }
  }
  EXPECT_LT(largest, 150) << "groups should share containers that do not overlap";
}

TEST(BottleLayoutTest, ARectangleContainsWhatLiesWithinItsEdges) {
  const VkRect2D outer = rect(10, 20, 30, 40);
  EXPECT_TRUE(gpu::rect_contains(outer, outer));
  EXPECT_TRUE(gpu::rect_contains(outer, rect(15, 25, 5, 5)));
  EXPECT_FALSE(gpu::rect_contains(outer, rect(9, 25, 5, 5)));    // one column left of it
  EXPECT_FALSE(gpu::rect_contains(outer, rect(15, 25, 26, 5)));  // one column past its right edge
  EXPECT_FALSE(gpu::rect_contains(outer, rect(15, 55, 5, 6)));   // one row past its bottom
  EXPECT_FALSE(gpu::rect_contains(rect(15, 25, 5, 5), outer));
}

TEST(BottleLayoutTest, TileListsNameExactlyTheRectanglesCoveringEachTile) {
  const VkRect2D rects[] = {rect(3, 3, 20, 5), rect(10, 0, 30, 30), rect(60, 60, 4, 4)};
  std::vector<gpu::TileEntry> tiles;
  std::vector<std::uint32_t> items;
  gpu::tiles_with_lists(rects, {64, 64}, tiles, items);
  const int tile = int(shared::kBottleTile);
  int listed = 0;
  for (const gpu::TileEntry& t : tiles) {
    const glm::ivec2 origin = shared::bottle_tile_origin(t.tile);
    const VkRect2D area = rect(origin.x, origin.y, tile, tile);
    std::vector<std::uint32_t> expected;
    for (std::uint32_t k = 0; k < 3; ++k)
      if (gpu::rects_overlap(rects[k], area)) expected.push_back(k);
    EXPECT_EQ(std::vector<std::uint32_t>(items.begin() + t.first, items.begin() + t.first + t.count), expected);
    listed += int(t.count);
  }
  // 3 x 1 tiles for the first, 4 x 4 for the second, 1 for the third.
  EXPECT_EQ(listed, 3 + 16 + 1);
}

TEST(BottleLayoutTest, AShadowReachesAwayFromTheSunDownToTheFloor) {
  Camera camera;
  camera.position = glm::vec3(0.0f, 1.0f, 2.0f);
  camera.target = glm::vec3(0.0f);
  const glm::mat4 view_proj = camera.projection(1.0f) * camera.view();
  const Bounds box{glm::vec3(-0.05f, 0.0f, -0.05f), glm::vec3(0.05f, 0.3f, 0.05f)};
  const VkExtent2D extent{400, 400};
  const VkRect2D body = gpu::screen_rect(view_proj, glm::mat4(1.0f), box, extent);
  // A low sun on the right: the shadow lies to the left of the container.
  const glm::vec3 sun = glm::normalize(glm::vec3(1.0f, 0.5f, 0.0f));
  const VkRect2D shadow = gpu::shadow_rect(view_proj, glm::mat4(1.0f), box, sun, 0.0f, 3.0f, extent);
  EXPECT_LT(shadow.offset.x + 40, body.offset.x);
  EXPECT_EQ(shadow.offset.x + int(shadow.extent.width), body.offset.x + int(body.extent.width));
}

}  // namespace
}  // namespace lfx::test

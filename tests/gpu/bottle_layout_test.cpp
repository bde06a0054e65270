// How the bottle renderer groups containers on screen and lists tiles (CPU only): containers in
// one group never overlap, and of two that overlap the farther is drawn in an earlier group.
#include "liquidfx/gpu/effects/bottle_layout.h"

#include <gtest/gtest.h>

#include <glm/gtc/matrix_transform.hpp>
#include <random>

#include "liquidfx/core/camera.h"
#include "liquidfx/core/container/shapes.h"
#include "liquidfx/shared/bottle.h"
#include "liquidfx/shared/workgroup_order.h"

namespace lfx::test {
namespace {

VkRect2D rect(int x, int y, int w, int h) {
  return {{x, y}, {std::uint32_t(w), std::uint32_t(h)}};
}

// Areas known by their rectangles only.
std::vector<gpu::ScreenArea> areas_of(std::span<const VkRect2D> rects) {
  std::vector<gpu::ScreenArea> areas;
  for (const VkRect2D& r : rects) areas.push_back({r, {}});
  return areas;
}

// A diamond outline (counter-clockwise) around centre c, `r` pixels to each tip, with its rectangle.
gpu::ScreenArea diamond(glm::vec2 c, float r) {
  const VkRect2D bounds = rect(int(c.x - r) - 2, int(c.y - r) - 2, int(2 * r) + 4, int(2 * r) + 4);
  return {bounds, {c + glm::vec2(0, -r), c + glm::vec2(r, 0), c + glm::vec2(0, r), c + glm::vec2(-r, 0)}};
}

TEST(BottleLayoutTest, OverlappingContainersGoToLaterGroupsAndDisjointOnesShare) {
  // Back to front: a and b apart, c over both, d over c only, e off screen.
  const VkRect2D rects[] = {rect(0, 0, 10, 10), rect(20, 0, 10, 10), rect(5, 5, 20, 10), rect(15, 12, 4, 4),
                            rect(0, 0, 0, 0)};
  EXPECT_EQ(gpu::overlap_groups(areas_of(rects), 2.0f), (std::vector<int>{0, 0, 1, 2, -1}));
  // Diamonds whose rectangles overlap: apart by more than the margin they share a group, within
  // it (or with one known by its rectangle only) they do not.
  const gpu::ScreenArea apart[] = {diamond({20, 20}, 10), diamond({36, 36}, 10)};  // sides 8.5 apart
  EXPECT_EQ(gpu::overlap_groups(apart, 2.0f), (std::vector<int>{0, 0}));
  EXPECT_EQ(gpu::overlap_groups(apart, 9.0f), (std::vector<int>{0, 1}));
  const gpu::ScreenArea unknown[] = {apart[0], {apart[1].rect, {}}};
  EXPECT_EQ(gpu::overlap_groups(unknown, 2.0f), (std::vector<int>{0, 1}));
}

TEST(BottleLayoutTest, AreasMeetWhereTheirOutlinesComeWithinTheMargin) {
  const gpu::ScreenArea a = diamond({20, 20}, 10);
  EXPECT_TRUE(gpu::areas_meet(a, a, 0.0f));
  EXPECT_TRUE(gpu::areas_meet(a, diamond({25, 25}, 3), 0.0f));  // inside it
  // Corner to corner: the diamonds' facing sides are 11 / sqrt(2) = 7.78 pixels apart.
  const gpu::ScreenArea b = diamond({34, 34}, 7);
  EXPECT_FALSE(gpu::areas_meet(a, b, 7.7f));
  EXPECT_TRUE(gpu::areas_meet(a, b, 7.9f));
  EXPECT_FALSE(gpu::areas_meet(b, a, 7.7f));  // either way round
  // An unknown outline meets what its rectangle overlaps; rectangles apart never meet.
  EXPECT_TRUE(gpu::areas_meet(a, {rect(28, 28, 20, 20), {}}, 0.0f));
  EXPECT_FALSE(gpu::areas_meet(a, {rect(40, 40, 20, 20), {}}, 100.0f));
}

// The largest of `points` along `direction`.
float support(std::span<const glm::vec3> points, glm::vec3 direction) {
  float most = -1e30f;
  for (const glm::vec3& p : points) most = std::max(most, glm::dot(p, direction));
  return most;
}

TEST(BottleLayoutTest, AHullHoldsEveryVertexOfItsMeshesAndHugsARoundShape) {
  // Named shapes (glass and liquid), and a tetrahedron with slabs holding no vertex.
  std::vector<std::pair<std::string, std::vector<Mesh>>> cases;
  for (const char* name : {"bottle", "wine_glass", "square_bottle", "mug"}) {
    auto parts = make_shape_parts(name);
    ASSERT_TRUE(parts) << name;
    std::vector<Mesh> meshes{parts->glass, parts->container};
    if (parts->liquid) meshes.push_back(*parts->liquid);
    cases.emplace_back(name, std::move(meshes));
  }
  Mesh tetrahedron;
  tetrahedron.positions = {{0.0f, 0.0f, 0.0f}, {0.3f, 0.02f, 0.0f}, {0.0f, 0.01f, 0.2f}, {0.1f, 0.5f, -0.1f}};
  tetrahedron.triangles = {{0, 2, 1}, {0, 1, 3}, {1, 2, 3}, {2, 0, 3}};
  cases.emplace_back("tetrahedron", std::vector<Mesh>{tetrahedron});
  std::mt19937 random(11);
  std::normal_distribution<float> normal;
  for (const auto& [name, meshes] : cases) {
    std::vector<const Mesh*> pointers;
    std::vector<glm::vec3> vertices;
    for (const Mesh& m : meshes) {
      pointers.push_back(&m);
      vertices.insert(vertices.end(), m.positions.begin(), m.positions.end());
    }
    const std::vector<glm::vec3> hull = gpu::hull_points(pointers, 8, 16);
    EXPECT_LE(hull.size(), 9u * 16u) << name;
    // A convex hull holds another exactly where it reaches at least as far in every direction.
    for (int i = 0; i < 4000; ++i) {
      const glm::vec3 d = glm::normalize(glm::vec3(normal(random), normal(random), normal(random)));
      ASSERT_GE(support(hull, d), support(vertices, d)) << name << " along " << d.x << " " << d.y << " " << d.z;
    }
  }
  // Around a cylinder the hull is a 16-sided prism: in any direction at most 1 / cos(pi / 16)
  // (2 %) of the radius farther than the cylinder's own outline.
  const Mesh cylinder = make_cylinder(0.04f, 0.2f, 64);
  const Mesh* one[] = {&cylinder};
  const std::vector<glm::vec3> hull = gpu::hull_points(one, 8, 16);
  for (int i = 0; i < 4000; ++i) {
    const glm::vec3 d = glm::normalize(glm::vec3(normal(random), normal(random), normal(random)));
    EXPECT_LE(support(hull, d), support(cylinder.positions, d) + 0.021f * 0.04f);
  }
}

TEST(BottleLayoutTest, BottlesSideBySideShareAGroupWhereOnlyTheirBoxesOverlap) {
  // Rows of bottles 1.3 diameters apart, seen from above as in scenes/bottles_stress.json: their
  // boxes' corners overlap on the screen, their outlines do not; a second row behind the first
  // shows through it and is drawn first.
  auto parts = make_shape_parts("bottle");
  ASSERT_TRUE(parts);
  const Mesh* meshes[] = {&parts->glass};
  const std::vector<glm::vec3> hull = gpu::hull_points(meshes, 8, 16);
  const Bounds box = bounds_of(parts->glass);
  const float spacing = 1.3f * (box.max.x - box.min.x);
  Camera camera;
  camera.position = glm::vec3(0.1f, 0.9f, 0.9f);
  camera.target = glm::vec3(0.0f, 0.05f, -0.45f);
  const glm::mat4 view_proj = camera.projection(16.0f / 9.0f) * camera.view();
  const VkExtent2D extent{640, 360};
  std::vector<gpu::ScreenArea> areas, boxes;
  for (int row = 1; row >= 0; --row)  // back to front
    for (int i = -2; i <= 2; ++i) {
      const glm::mat4 model =
          glm::translate(glm::mat4(1.0f), glm::vec3(float(i) * spacing, 0.0f, -float(row) * spacing));
      std::vector<glm::vec3> points;
      for (const glm::vec3& p : hull) points.push_back(glm::vec3(model * glm::vec4(p, 1.0f)));
      areas.push_back(gpu::screen_area(view_proj, points, extent));
      boxes.push_back({gpu::screen_rect(view_proj, model, box, extent), {}});
      // Every vertex of the glass lies in its outline and rectangle.
      for (const glm::vec3& v : parts->glass.positions) {
        const glm::vec4 clip = view_proj * model * glm::vec4(v, 1.0f);
        const glm::vec2 pixel = (glm::vec2(clip) / clip.w * 0.5f + 0.5f) * glm::vec2(extent.width, extent.height);
        ASSERT_TRUE(gpu::outline_meets_box(areas.back().outline, pixel, pixel, 0.001f));
        const VkRect2D& r = areas.back().rect;
        ASSERT_TRUE(pixel.x >= float(r.offset.x) && pixel.x <= float(r.offset.x + int(r.extent.width)) &&
                    pixel.y >= float(r.offset.y) && pixel.y <= float(r.offset.y + int(r.extent.height)));
      }
    }
  EXPECT_EQ(gpu::overlap_groups(areas, 2.0f), (std::vector<int>{0, 0, 0, 0, 0, 1, 1, 1, 1, 1}));
  // By their boxes' rectangles, neighbours overlap and alternate groups.
  const std::vector<int> by_boxes = gpu::overlap_groups(boxes, 2.0f);
  EXPECT_GT(*std::max_element(by_boxes.begin(), by_boxes.end()), 1);
}

TEST(BottleLayoutTest, RandomLayoutsKeepOrderWhereTheyOverlap) {
  std::mt19937 random(7);
  std::uniform_int_distribution<int> position(0, 600), size(1, 120);
  std::vector<VkRect2D> rects;
  for (int i = 0; i < 300; ++i) rects.push_back(rect(position(random), position(random), size(random), size(random)));
  const std::vector<int> groups = gpu::overlap_groups(areas_of(rects), 2.0f);
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

TEST(BottleLayoutTest, RunsOfGroupsHoldWholeGroupsUpToTheCapacity) {
  // Groups 0 (100 + 100 pixels), 1 (400), 2 (50), 3 (300).
  const VkRect2D rects[] = {rect(0, 0, 10, 10), rect(20, 0, 10, 10), rect(0, 0, 20, 20), rect(0, 0, 5, 10),
                            rect(0, 0, 30, 10)};
  const int groups[] = {0, 0, 1, 2, 3};
  const auto runs = gpu::runs_of_groups(groups, rects, 450);
  ASSERT_EQ(runs.size(), 3u);
  // 200 + 400 would exceed 450; 400 + 50 fits; 300 alone.
  EXPECT_EQ(runs[0].begin, 0u);
  EXPECT_EQ(runs[0].end, 2u);
  EXPECT_EQ(runs[0].pixels, 200u);
  EXPECT_EQ(runs[1].begin, 2u);
  EXPECT_EQ(runs[1].end, 4u);
  EXPECT_EQ(runs[1].pixels, 450u);
  EXPECT_EQ(runs[2].begin, 4u);
  EXPECT_EQ(runs[2].end, 5u);
  // A group larger than the capacity is a run of its own, never split.
  const auto small = gpu::runs_of_groups(groups, rects, 150);
  ASSERT_EQ(small.size(), 4u);
  EXPECT_EQ(small[0].end, 2u);
  EXPECT_EQ(small[0].pixels, 200u);
  EXPECT_EQ(small[2].begin, 3u);
  EXPECT_EQ(small[2].end, 4u);
  // Everything fits: one run.
  EXPECT_EQ(gpu::runs_of_groups(groups, rects, 10000).size(), 1u);
}

TEST(BottleLayoutTest, AGroupLargerThanTheCapacityIsSplitInOrder) {
  // Groups 0 (100 + 100 + 100 pixels, overlapping rectangles of containers apart), 1 (400), 2 (50 + 50).
  const VkRect2D rects[] = {rect(0, 0, 10, 10), rect(5, 0, 10, 10), rect(10, 0, 10, 10),
                            rect(0, 0, 20, 20), rect(0, 0, 5, 10),  rect(5, 0, 5, 10)};
  std::vector<int> groups = {0, 0, 0, 1, 2, 2};
  gpu::split_large_groups(groups, rects, 250);
  // 300 > 250: the third rectangle starts a group; 400 alone stays whole (one rectangle).
  EXPECT_EQ(groups, (std::vector<int>{0, 0, 1, 2, 3, 3}));
  groups = {0, 0, 0, 1, 2, 2};
  gpu::split_large_groups(groups, rects, 1000);
  EXPECT_EQ(groups, (std::vector<int>{0, 0, 0, 1, 2, 2}));
  gpu::split_large_groups(groups, rects, 1);
  EXPECT_EQ(groups, (std::vector<int>{0, 1, 2, 3, 4, 5}));
}

TEST(BottleLayoutTest, ASpreadOrderTakesEveryItemOnceAndGivesEachHalfOfTheDispatchBothEnds) {
  // A CPU driver runs a dispatch's first and second half of workgroups on different threads:
  // where the work grows along the items (say item k costs k), each half should get half of it.
  for (std::uint32_t count : {1u, 2u, 3u, 7u, 8u, 10u, 64u, 100u, 257u, 1000u, 4096u, 65535u}) {
    const std::uint32_t stride = shared::spreading_stride(count);
    EXPECT_EQ(shared::greatest_common_divisor(stride, count), 1u) << count;
    EXPECT_LE(stride, count + 1) << count;  // so that i * stride fits 32 bits
    std::vector<bool> taken(count, false);
    double first_half = 0.0, total = 0.0;
    for (std::uint32_t i = 0; i < count; ++i) {
      const std::uint32_t item = shared::spread_item(i, count, stride);
      ASSERT_LT(item, count);
      EXPECT_FALSE(taken[item]) << count << ": item " << item << " taken twice";
      taken[item] = true;
      total += item;
      if (i < count / 2) first_half += item;
    }
    if (count >= 64) {
      EXPECT_NEAR(first_half / total, 0.5, 0.03) << count;
    }
  }
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

TEST(BottleLayoutTest, AContainersTilesAreThoseWhosePixelsItsOutlineMayHold) {
  const gpu::ScreenArea area = diamond({40, 40}, 30);  // rectangle 8..72: 8 x 8 tiles
  std::vector<gpu::TileEntry> all, kept;
  gpu::append_tiles(area.rect, 3, all);
  gpu::append_tiles(area.rect, 3, kept, area.outline);
  EXPECT_EQ(all.size(), 64u);
  // The diamond leaves its rectangle's corners out: in each, the 6 tiles i + j <= 4 (counted from
  // the corner, from 1), whose pixel centres nearest the middle are 65 - 8 (i + j) >= 33 pixels
  // from it along the axes, where the diamond reaches 30.
  EXPECT_EQ(kept.size(), 64u - 4u * 6u);
  const int tile = int(shared::kBottleTile);
  for (int y = 0; y < 80; ++y)
    for (int x = 0; x < 80; ++x) {
      const glm::vec2 centre = glm::vec2(x, y) + 0.5f;
      if (!gpu::outline_meets_box(area.outline, centre, centre, 0.0f)) continue;
      const std::uint32_t packed = shared::bottle_tile_pack(std::uint32_t(x / tile), std::uint32_t(y / tile));
      ASSERT_TRUE(std::any_of(kept.begin(), kept.end(),
                              [&](const gpu::TileEntry& t) { return t.tile == packed && t.item == 3u; }))
          << "pixel " << x << ", " << y << " is in the outline and in no tile";
    }
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
  const VkRect2D shadow = gpu::shadow_area(view_proj, glm::mat4(1.0f), box, sun, 0.0f, 3.0f, {}, extent).rect;
  EXPECT_LT(shadow.offset.x + 40, body.offset.x);
  EXPECT_EQ(shadow.offset.x + int(shadow.extent.width), body.offset.x + int(body.extent.width));
}

TEST(BottleLayoutTest, NoSegmentInABoxIsLongerOnTheScreenThanTheBoundAndTheBoundIsNotFarOff) {
  Camera camera;
  camera.position = glm::vec3(0.5f, 0.6f, 0.9f);
  camera.target = glm::vec3(0.0f, 0.1f, 0.0f);
  const glm::mat4 view_proj = camera.projection(1.5f) * camera.view();
  const VkExtent2D extent{600, 400};
  const Bounds box{glm::vec3(-0.04f, 0.0f, -0.03f), glm::vec3(0.04f, 0.25f, 0.03f)};
  const float length = 0.05f;
  std::mt19937 random(5);
  std::uniform_real_distribution<float> unit(0.0f, 1.0f);
  const auto pixel = [&](const glm::mat4& model, glm::vec3 local) {
    const glm::vec4 clip = view_proj * model * glm::vec4(local, 1.0f);
    return (glm::vec2(clip) / clip.w * 0.5f + 0.5f) * glm::vec2(extent.width, extent.height);
  };
  for (int pose = 0; pose < 20; ++pose) {
    // Turned, tipped, scaled by up to 2 and moved about the view, some reaching off the screen.
    glm::mat4 model =
        glm::translate(glm::mat4(1.0f), glm::vec3(unit(random) - 0.5f, unit(random) * 0.3f, unit(random) - 0.5f));
    model = glm::rotate(model, 6.3f * unit(random), glm::normalize(glm::vec3(unit(random), 1.0f, unit(random))));
    model = glm::scale(model, glm::vec3(0.5f + 1.5f * unit(random)));
    const float bound = gpu::longest_on_screen(view_proj, model, box, length, extent);
    ASSERT_TRUE(std::isfinite(bound));
    float longest = 0.0f;
    for (int k = 0; k < 2000; ++k) {
      const glm::vec3 a = glm::mix(box.min, box.max, glm::vec3(unit(random), unit(random), unit(random)));
      const glm::vec3 direction = glm::normalize(glm::vec3(unit(random), unit(random), unit(random)) - 0.5f) * length;
      const glm::vec3 b = a + direction;
      if (glm::any(glm::lessThan(b, box.min)) || glm::any(glm::greaterThan(b, box.max))) continue;
      const glm::vec2 d = glm::abs(pixel(model, b) - pixel(model, a));
      longest = std::max(longest, std::max(d.x, d.y));
    }
    EXPECT_LE(longest, bound) << "pose " << pose;
    EXPECT_GT(longest, bound / 4.0f) << "pose " << pose << ": the bound is too loose to choose by";
  }
  // A box the eye is in, beyond the far plane, or a thousand frames beside the view has no bound.
  const glm::mat4 at_eye = glm::translate(glm::mat4(1.0f), camera.position - box.center());
  EXPECT_TRUE(std::isinf(gpu::longest_on_screen(view_proj, at_eye, box, length, extent)));
  Camera short_sighted = camera;
  short_sighted.far_plane = 0.5f;
  const glm::mat4 short_view_proj = short_sighted.projection(1.5f) * short_sighted.view();
  EXPECT_TRUE(std::isinf(gpu::longest_on_screen(short_view_proj, glm::mat4(1.0f), box, length, extent)));
  const glm::vec3 forward = glm::normalize(camera.target - camera.position);
  const glm::vec3 right = glm::normalize(glm::cross(forward, glm::vec3(0.0f, 1.0f, 0.0f)));
  const glm::mat4 beside = glm::translate(glm::mat4(1.0f), camera.position + forward + right * 2000.0f);
  EXPECT_TRUE(std::isinf(gpu::longest_on_screen(view_proj, beside, box, length, extent)));
}

TEST(BottleLayoutTest, AnOutlineMeetsTheBoxesThatReachIntoItGrownByItsMargin) {
  const std::vector<glm::vec2> diamond = {{10, 0}, {20, 10}, {10, 20}, {0, 10}};  // counter-clockwise
  EXPECT_TRUE(gpu::outline_meets_box(diamond, {8, 8}, {12, 12}, 0.0f));           // inside
  EXPECT_TRUE(gpu::outline_meets_box(diamond, {-5, -5}, {25, 25}, 0.0f));         // around it
  EXPECT_FALSE(gpu::outline_meets_box(diamond, {0, 0}, {4, 4}, 0.0f));            // in its bounds' corner
  EXPECT_TRUE(gpu::outline_meets_box(diamond, {0, 0}, {4, 4}, 2.0f));             // within the margin
  EXPECT_FALSE(gpu::outline_meets_box(diamond, {21, 9}, {30, 11}, 0.5f));         // beside its tip
  EXPECT_TRUE(gpu::outline_meets_box({}, {100, 100}, {101, 101}, 0.0f));          // unknown: everywhere
}

TEST(BottleLayoutTest, AShadowsOutlineHoldsEveryPointOfItsSweepAndLessThanItsRectangle) {
  Camera camera;
  camera.position = glm::vec3(0.6f, 0.9f, 1.2f);
  camera.target = glm::vec3(0.0f);
  const glm::mat4 view_proj = camera.projection(1.5f) * camera.view();
  const VkExtent2D extent{600, 400};
  const Bounds box{glm::vec3(-0.04f, 0.0f, -0.04f), glm::vec3(0.04f, 0.3f, 0.04f)};
  const glm::mat4 model = glm::translate(glm::mat4(1.0f), glm::vec3(0.1f, 0.0f, -0.1f));
  // A low sun from the front left: a long shadow across the screen.
  const glm::vec3 sun = glm::normalize(glm::vec3(-1.0f, 0.6f, 0.8f));
  const gpu::ShadowSpread spread{0.01f, 0.02f};
  const gpu::ScreenArea area = gpu::shadow_area(view_proj, model, box, sun, 0.0f, 3.0f, spread, extent);
  ASSERT_GE(area.outline.size(), 4u);
  std::mt19937 random(3);
  std::uniform_real_distribution<float> unit(0.0f, 1.0f);
  for (int i = 0; i < 2000; ++i) {
    // A point of the grown box, moved away from the sun at most down to the floor, and off by
    // the penumbra at that distance.
    const glm::vec3 local =
        glm::mix(box.min - spread.margin, box.max + spread.margin, glm::vec3(unit(random), unit(random), unit(random)));
    const glm::vec3 start = glm::vec3(model * glm::vec4(local, 1.0f));
    const float along = unit(random) * std::max(start.y, 0.0f) / sun.y;
    const glm::vec3 off =
        (glm::vec3(unit(random), unit(random), unit(random)) * 2.0f - 1.0f) * (along * spread.widening);
    const glm::vec4 clip = view_proj * glm::vec4(start - sun * along + off, 1.0f);
    const glm::vec2 pixel = (glm::vec2(clip) / clip.w * 0.5f + 0.5f) * glm::vec2(extent.width, extent.height);
    ASSERT_TRUE(gpu::outline_meets_box(area.outline, pixel, pixel, 0.01f)) << "point " << i << " outside";
  }
  int inside = 0;
  for (int y = area.rect.offset.y; y < area.rect.offset.y + int(area.rect.extent.height); ++y)
    for (int x = area.rect.offset.x; x < area.rect.offset.x + int(area.rect.extent.width); ++x)
      inside += gpu::outline_meets_box(area.outline, glm::vec2(x, y) + 0.5f, glm::vec2(x, y) + 0.5f, 0.0f);
  EXPECT_LT(inside, int(0.8f * float(area.rect.extent.width * area.rect.extent.height)))
      << "a diagonal shadow's outline should leave its rectangle's corners out";
}

}  // namespace
}  // namespace lfx::test

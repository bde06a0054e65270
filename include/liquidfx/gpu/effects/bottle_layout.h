// How the bottle renderer lays a frame's containers out on the screen: the outline and rectangle
// each can touch, the groups drawn together (no two containers of a group overlap on screen, and
// a container is drawn after every farther one it overlaps), and the 8 x 8 pixel tiles a compute
// pass runs over. CPU only, so that it is tested without a device.
#pragma once

#include <vulkan/vulkan.h>

#include <cstdint>
#include <functional>
#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>
#include <glm/vec4.hpp>
#include <span>
#include <vector>

#include "liquidfx/core/container/mesh.h"

namespace lfx::gpu {

/// The pixels a box (its own coordinates, placed by `model`) can touch: its corners projected,
/// two pixels of margin, clamped to the frame (empty when it is outside the view; the whole
/// frame when it reaches behind the eye).
VkRect2D screen_rect(const glm::mat4& view_proj, const glm::mat4& model, const Bounds& box, VkExtent2D extent);
/// The same for world points.
VkRect2D screen_rect(const glm::mat4& view_proj, std::span<const glm::vec3> points, VkExtent2D extent);
/// The longest a segment `length` long (the box's own units) inside a box placed by `model` can
/// be on the screen, in pixels; infinity where part of the box lies outside the projection's
/// depth range (nearer than its near plane or beyond its far plane: any depth direction), or a
/// thousand frames beside the view.
float longest_on_screen(const glm::mat4& view_proj, const glm::mat4& model, const Bounds& box, float length,
                        VkExtent2D extent);
/// How far beyond its box a container's soft shadow reaches: `margin` metres all round and
/// `widening` metres more per metre along the sun (the penumbra).
struct ShadowSpread {
  float margin = 0.0f;
  float widening = 0.0f;
};
/// Where something can show on the screen: the rectangle of pixels it can touch (as screen_rect)
/// and its convex outline (pixels, counter-clockwise), which is empty where it reaches behind the
/// eye (only the rectangle, the whole frame, is known).
struct ScreenArea {
  VkRect2D rect{};
  std::vector<glm::vec2> outline;
};
/// The area of world points' convex hull.
ScreenArea screen_area(const glm::mat4& view_proj, std::span<const glm::vec3> points, VkExtent2D extent);
/// Points (the meshes' own coordinates) whose convex hull holds every vertex of `meshes`, so every
/// triangle, fewer than their vertices and close around them: `slabs` + 1 rings of `sides` points
/// at heights splitting the meshes into equal slabs, each ring a polygon around the vertices of
/// the slabs next to it (a ring beside slabs with no vertex is left out).
std::vector<glm::vec3> hull_points(std::span<const Mesh* const> meshes, int slabs, int sides);
/// Where a container's shadow can fall: its box (placed by `model`, grown by the spread) swept
/// away from the sun down to the floor height (at most `longest` metres), on the screen.
ScreenArea shadow_area(const glm::mat4& view_proj, const glm::mat4& model, const Bounds& box, const glm::vec3& sun,
                       float floor_height, float longest, ShadowSpread spread, VkExtent2D extent);
/// Whether a convex outline (pixels), grown by `margin` pixels, meets the box from `lo` to `hi`;
/// an empty outline meets everything.
bool outline_meets_box(std::span<const glm::vec2> outline, glm::vec2 lo, glm::vec2 hi, float margin);
/// Whether two areas come within `margin` pixels of each other: their rectangles overlap and no
/// edge of either outline separates them by more (an empty outline, unknown, meets what its
/// rectangle overlaps).
bool areas_meet(const ScreenArea& a, const ScreenArea& b, float margin);
bool rects_overlap(const VkRect2D& a, const VkRect2D& b);
/// Whether every pixel of `inner` is in `outer`.
bool rect_contains(const VkRect2D& outer, const VkRect2D& inner);
/// The smallest rectangle holding both (an empty one holds nothing).
VkRect2D rect_union(const VkRect2D& a, const VkRect2D& b);
/// What both hold (empty when they do not overlap).
VkRect2D rect_intersection(const VkRect2D& a, const VkRect2D& b);
/// How many pixels a rectangle holds.
std::size_t rect_pixels(const VkRect2D& r);
/// `r` grown by `margin` pixels on every side, clamped to the frame.
VkRect2D rect_grown(const VkRect2D& r, int margin, VkExtent2D extent);

/// Groups for areas given back to front: area k goes one group after the latest group of any
/// earlier area it meets within `margin` pixels (group 0 if none). Areas with empty rectangles get
/// group -1 (not drawn).
std::vector<int> overlap_groups(std::span<const ScreenArea> back_to_front, float margin);

/// Splits each group (ascending, as overlap_groups numbers them, with its areas' rectangles) whose
/// rectangles hold more than `capacity` pixels together into consecutive groups that hold at most
/// that (or one rectangle), renumbering the later groups. A group's containers do not overlap,
/// so they may be drawn in any order; their rectangles may, so a group can outgrow a frame.
void split_large_groups(std::span<int> groups, std::span<const VkRect2D> rects, std::size_t capacity);

/// Runs of consecutive groups, for rectangles in drawing order with their groups (ascending, as
/// overlap_groups numbers them): each run as many whole groups as hold at most `capacity` pixels
/// together, and at least one group.
struct GroupRun {
  std::size_t begin = 0;  ///< the first rectangle
  std::size_t end = 0;    ///< one past the last
  std::size_t pixels = 0;
};
std::vector<GroupRun> runs_of_groups(std::span<const int> groups, std::span<const VkRect2D> rects,
                                     std::size_t capacity);

/// One 8 x 8 tile of a compute pass (shared::bottle_tile_pack) and what it is for.
struct TileEntry {
  std::uint32_t tile;
  std::uint32_t item;
  std::uint32_t first = 0;
  std::uint32_t count = 0;
};
/// Appends the tiles covering `rect` for `item`; given a convex outline (pixels), only those
/// holding a pixel centre it may hold.
void append_tiles(const VkRect2D& rect, std::uint32_t item, std::vector<TileEntry>& out,
                  std::span<const glm::vec2> outline = {});
/// Which of rect k's tiles (given as its pixels) a tile list keeps.
using TileFilter = std::function<bool(std::size_t k, const VkRect2D& tile)>;
/// Tiles covered by any of `rects`, in row order (ascending `tile`), each with the list of the
/// rects' indices that cover it (`first`, `count` into `items`); with `keep`, only the tiles of
/// rect k that it keeps for k.
void tiles_with_lists(std::span<const VkRect2D> rects, VkExtent2D extent, std::vector<TileEntry>& tiles,
                      std::vector<std::uint32_t>& items, const TileFilter& keep = {});

}  // namespace lfx::gpu

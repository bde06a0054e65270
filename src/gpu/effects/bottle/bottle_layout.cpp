#include "liquidfx/gpu/effects/bottle_layout.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "liquidfx/shared/bottle.h"

namespace lfx::gpu {

VkRect2D screen_rect(const glm::mat4& view_proj, std::span<const glm::vec3> points, VkExtent2D extent) {
  glm::vec2 lo(1e9f), hi(-1e9f);
  for (const glm::vec3& p : points) {
    const glm::vec4 clip = view_proj * glm::vec4(p, 1.0f);
    if (clip.w <= 1e-4f) return {{0, 0}, extent};  // reaches behind the eye: take the whole frame
    const glm::vec2 ndc = glm::vec2(clip) / clip.w;
    const glm::vec2 pixel = (ndc * 0.5f + 0.5f) * glm::vec2(extent.width, extent.height);
    lo = glm::min(lo, pixel);
    hi = glm::max(hi, pixel);
  }
  const int x0 = std::clamp(int(std::floor(lo.x)) - 2, 0, int(extent.width));
  const int y0 = std::clamp(int(std::floor(lo.y)) - 2, 0, int(extent.height));
  const int x1 = std::clamp(int(std::ceil(hi.x)) + 2, 0, int(extent.width));
  const int y1 = std::clamp(int(std::ceil(hi.y)) + 2, 0, int(extent.height));
  if (x1 <= x0 || y1 <= y0) return {{0, 0}, {0, 0}};
  return {{x0, y0}, {std::uint32_t(x1 - x0), std::uint32_t(y1 - y0)}};
}

namespace {

std::array<glm::vec3, 8> world_corners(const glm::mat4& model, const Bounds& b) {
  std::array<glm::vec3, 8> corners;
  for (int i = 0; i < 8; ++i)
    corners[i] = glm::vec3(
        model * glm::vec4((i & 1) ? b.max.x : b.min.x, (i & 2) ? b.max.y : b.min.y, (i & 4) ? b.max.z : b.min.z, 1.0f));
  return corners;
}

}  // namespace

VkRect2D screen_rect(const glm::mat4& view_proj, const glm::mat4& model, const Bounds& box, VkExtent2D extent) {
  const std::array<glm::vec3, 8> corners = world_corners(model, box);
  return screen_rect(view_proj, corners, extent);
}

namespace {
// Beyond this many frames beside the view a box's projection is left to the fixed-function
// rasteriser, which clips (its pixel positions would outgrow the compute rasteriser's integers).
constexpr float kFarBeside = 1000.0f;
}  // namespace

float longest_on_screen(const glm::mat4& view_proj, const glm::mat4& model, const Bounds& box, float length,
                        VkExtent2D extent) {
  const glm::mat4 m = view_proj * model;
  // How fast each clip coordinate can change along a unit of the box's own length.
  const auto rate = [&](int row) { return glm::length(glm::vec3(m[0][row], m[1][row], m[2][row])); };
  float nearest = std::numeric_limits<float>::infinity();
  glm::vec2 widest_ndc(0.0f);
  for (int i = 0; i < 8; ++i) {
    const glm::vec4 clip = m * glm::vec4((i & 1) ? box.max.x : box.min.x, (i & 2) ? box.max.y : box.min.y,
                                         (i & 4) ? box.max.z : box.min.z, 1.0f);
    // Inside the depth range: 0 <= z / w <= 1 with w > 0 (forward or reversed, finite or not).
    if (!(clip.w > 0.0f && clip.z >= 0.0f && clip.z <= clip.w)) return std::numeric_limits<float>::infinity();
    nearest = std::min(nearest, clip.w);
    widest_ndc = glm::max(widest_ndc, glm::abs(glm::vec2(clip) / clip.w));
  }
  if (std::max(widest_ndc.x, widest_ndc.y) > kFarBeside) return std::numeric_limits<float>::infinity();
  // ndc = xy / w, so d(ndc) = (d(xy) - ndc dw) / w; inside the box w is at least the nearest
  // corner's and |ndc| at most the widest corner's (a box is convex, ndc a projective map of it).
  const glm::vec2 ndc_rate = (glm::vec2(rate(0), rate(1)) + widest_ndc * rate(3)) / nearest;
  const glm::vec2 pixels = 0.5f * length * ndc_rate * glm::vec2(extent.width, extent.height);
  return std::max(pixels.x, pixels.y);
}

namespace {

// The outline of points on the screen: their convex hull (monotone chain), counter-clockwise.
std::vector<glm::vec2> convex_hull(std::vector<glm::vec2> points) {
  std::sort(points.begin(), points.end(),
            [](glm::vec2 a, glm::vec2 b) { return a.x < b.x || (a.x == b.x && a.y < b.y); });
  if (points.size() < 3) return points;
  const auto turn = [](glm::vec2 o, glm::vec2 a, glm::vec2 b) {
    return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
  };
  std::vector<glm::vec2> hull(2 * points.size());
  std::size_t k = 0;
  for (std::size_t i = 0; i < points.size(); ++i) {  // lower chain
    while (k >= 2 && turn(hull[k - 2], hull[k - 1], points[i]) <= 0.0f) --k;
    hull[k++] = points[i];
  }
  for (std::size_t i = points.size() - 1, lower = k + 1; i-- > 0;) {  // upper chain
    while (k >= lower && turn(hull[k - 2], hull[k - 1], points[i]) <= 0.0f) --k;
    hull[k++] = points[i];
  }
  hull.resize(k - 1);  // the last point is the first
  return hull;
}

}  // namespace

ScreenArea screen_area(const glm::mat4& view_proj, std::span<const glm::vec3> points, VkExtent2D extent) {
  ScreenArea area{screen_rect(view_proj, points, extent), {}};
  std::vector<glm::vec2> pixels;
  for (const glm::vec3& p : points) {
    const glm::vec4 clip = view_proj * glm::vec4(p, 1.0f);
    if (clip.w <= 1e-4f) return area;  // behind the eye: the rectangle is the whole frame
    pixels.push_back((glm::vec2(clip) / clip.w * 0.5f + 0.5f) * glm::vec2(extent.width, extent.height));
  }
  area.outline = convex_hull(std::move(pixels));
  return area;
}

std::vector<glm::vec3> hull_points(std::span<const Mesh* const> meshes, int slabs, int sides) {
  constexpr float kNone = -std::numeric_limits<float>::infinity();
  float bottom = std::numeric_limits<float>::infinity(), top = -bottom;
  for (const Mesh* mesh : meshes)
    for (const glm::vec3& p : mesh->positions) {
      bottom = std::min(bottom, p.y);
      top = std::max(top, p.y);
    }
  if (!(bottom <= top)) return {};
  const float height = (top - bottom) / float(slabs);
  // The sides' outward directions across the height (x, z), and how far each slab's vertices
  // reach along them. The hull holds every vertex, so every triangle too.
  std::vector<glm::vec2> outward;
  for (int i = 0; i < sides; ++i) {
    const float angle = 6.2831853f * float(i) / float(sides);
    outward.emplace_back(std::cos(angle), std::sin(angle));
  }
  std::vector<float> reach(std::size_t(slabs * sides), kNone);
  for (const Mesh* mesh : meshes)
    for (const glm::vec3& p : mesh->positions) {
      const int slab = height > 0.0f ? std::clamp(int((p.y - bottom) / height), 0, slabs - 1) : 0;
      for (int i = 0; i < sides; ++i) {
        float& r = reach[std::size_t(slab * sides + i)];
        r = std::max(r, glm::dot(outward[std::size_t(i)], glm::vec2(p.x, p.z)));
      }
    }
  // Each ring around both slabs it bounds (so the two rings of a slab hold its vertices between
  // them), its corners where neighbouring sides' lines cross; a hair wider against rounding.
  const float hair = 1e-5f * (top - bottom + 1.0f);
  const float turn = std::sin(6.2831853f / float(sides));
  std::vector<glm::vec3> points;
  for (int ring = 0; ring <= slabs; ++ring) {
    std::vector<float> h(std::size_t(sides), kNone);
    for (int slab : {ring - 1, ring})
      if (slab >= 0 && slab < slabs)
        for (int i = 0; i < sides; ++i)
          h[std::size_t(i)] = std::max(h[std::size_t(i)], reach[std::size_t(slab * sides + i)]);
    if (h[0] == kNone) continue;  // no vertex in either slab (a slab with one has every side's reach)
    const float y = ring == slabs ? top : bottom + height * float(ring);
    for (int i = 0; i < sides; ++i) {
      const std::size_t j = std::size_t((i + 1) % sides);
      const glm::vec2 n = outward[std::size_t(i)], m = outward[j];
      const float hn = h[std::size_t(i)] + hair, hm = h[j] + hair;
      points.emplace_back((hn * m.y - hm * n.y) / turn, y, (hm * n.x - hn * m.x) / turn);
    }
  }
  return points;
}

ScreenArea shadow_area(const glm::mat4& view_proj, const glm::mat4& model, const Bounds& box, const glm::vec3& sun,
                       float floor_height, float longest, ShadowSpread spread, VkExtent2D extent) {
  const Bounds grown{box.min - glm::vec3(spread.margin), box.max + glm::vec3(spread.margin)};
  std::vector<glm::vec3> points;
  for (const glm::vec3& c : world_corners(model, grown)) {
    const float drop = std::max(c.y - floor_height, 0.0f);
    const float along = sun.y > 1e-3f ? std::min(drop / sun.y, longest) : longest;
    const glm::vec3 far = c - sun * along;
    const float penumbra = along * spread.widening;
    points.push_back(c);
    for (int corner = 0; corner < 8; ++corner)  // a cube around the far point, as wide as the penumbra
      points.push_back(far + glm::vec3(corner & 1 ? penumbra : -penumbra, corner & 2 ? penumbra : -penumbra,
                                       corner & 4 ? penumbra : -penumbra));
  }
  return screen_area(view_proj, points, extent);
}

bool outline_meets_box(std::span<const glm::vec2> outline, glm::vec2 lo, glm::vec2 hi, float margin) {
  if (outline.empty()) return true;
  // Separating axes: the box's (the outline's bounds) and each edge's outward normal.
  glm::vec2 outline_lo(1e30f), outline_hi(-1e30f);
  for (glm::vec2 p : outline) {
    outline_lo = glm::min(outline_lo, p);
    outline_hi = glm::max(outline_hi, p);
  }
  if (outline_lo.x - margin > hi.x || outline_hi.x + margin < lo.x || outline_lo.y - margin > hi.y ||
      outline_hi.y + margin < lo.y)
    return false;
  for (std::size_t i = 0; i < outline.size(); ++i) {
    const glm::vec2 a = outline[i], b = outline[(i + 1) % outline.size()];
    const glm::vec2 edge = b - a;
    const float length = std::sqrt(edge.x * edge.x + edge.y * edge.y);
    if (length <= 0.0f) continue;
    const glm::vec2 out = glm::vec2(edge.y, -edge.x) / length;  // counter-clockwise: outward
    // The box corner farthest inside along the normal.
    const glm::vec2 nearest(out.x > 0.0f ? lo.x : hi.x, out.y > 0.0f ? lo.y : hi.y);
    if (out.x * (nearest.x - a.x) + out.y * (nearest.y - a.y) > margin) return false;
  }
  return true;
}

namespace {

// Whether an edge of convex outline `p` has every point of `q` more than `margin` beyond it.
bool an_edge_separates(std::span<const glm::vec2> p, std::span<const glm::vec2> q, float margin) {
  for (std::size_t i = 0; i < p.size(); ++i) {
    const glm::vec2 a = p[i], edge = p[(i + 1) % p.size()] - a;
    const float length = std::sqrt(edge.x * edge.x + edge.y * edge.y);
    if (length <= 0.0f) continue;
    const glm::vec2 out = glm::vec2(edge.y, -edge.x) / length;  // counter-clockwise: outward
    float nearest = std::numeric_limits<float>::infinity();
    for (glm::vec2 point : q) nearest = std::min(nearest, glm::dot(out, point - a));
    if (nearest > margin) return true;
  }
  return false;
}

}  // namespace

bool areas_meet(const ScreenArea& a, const ScreenArea& b, float margin) {
  if (!rects_overlap(a.rect, b.rect)) return false;
  if (a.outline.empty() || b.outline.empty()) return true;
  // Separating axes: two convex outlines are apart exactly where an edge of one separates them.
  return !an_edge_separates(a.outline, b.outline, margin) && !an_edge_separates(b.outline, a.outline, margin);
}

bool rect_contains(const VkRect2D& outer, const VkRect2D& inner) {
  return inner.offset.x >= outer.offset.x && inner.offset.y >= outer.offset.y &&
         inner.offset.x + int(inner.extent.width) <= outer.offset.x + int(outer.extent.width) &&
         inner.offset.y + int(inner.extent.height) <= outer.offset.y + int(outer.extent.height);
}

bool rects_overlap(const VkRect2D& a, const VkRect2D& b) {
  return a.extent.width > 0 && b.extent.width > 0 && a.extent.height > 0 && b.extent.height > 0 &&
         a.offset.x < b.offset.x + int(b.extent.width) && b.offset.x < a.offset.x + int(a.extent.width) &&
         a.offset.y < b.offset.y + int(b.extent.height) && b.offset.y < a.offset.y + int(a.extent.height);
}

VkRect2D rect_union(const VkRect2D& a, const VkRect2D& b) {
  if (a.extent.width == 0 || a.extent.height == 0) return b;
  if (b.extent.width == 0 || b.extent.height == 0) return a;
  const int x0 = std::min(a.offset.x, b.offset.x), y0 = std::min(a.offset.y, b.offset.y);
  const int x1 = std::max(a.offset.x + int(a.extent.width), b.offset.x + int(b.extent.width));
  const int y1 = std::max(a.offset.y + int(a.extent.height), b.offset.y + int(b.extent.height));
  return {{x0, y0}, {std::uint32_t(x1 - x0), std::uint32_t(y1 - y0)}};
}

VkRect2D rect_intersection(const VkRect2D& a, const VkRect2D& b) {
  const int x0 = std::max(a.offset.x, b.offset.x), y0 = std::max(a.offset.y, b.offset.y);
  const int x1 = std::min(a.offset.x + int(a.extent.width), b.offset.x + int(b.extent.width));
  const int y1 = std::min(a.offset.y + int(a.extent.height), b.offset.y + int(b.extent.height));
  if (x1 <= x0 || y1 <= y0) return {{0, 0}, {0, 0}};
  return {{x0, y0}, {std::uint32_t(x1 - x0), std::uint32_t(y1 - y0)}};
}

std::size_t rect_pixels(const VkRect2D& r) {
  return std::size_t(r.extent.width) * r.extent.height;
}

VkRect2D rect_grown(const VkRect2D& r, int margin, VkExtent2D extent) {
  const VkRect2D grown{{r.offset.x - margin, r.offset.y - margin},
                       {r.extent.width + 2 * std::uint32_t(margin), r.extent.height + 2 * std::uint32_t(margin)}};
  return rect_intersection(grown, {{0, 0}, extent});
}

std::vector<int> overlap_groups(std::span<const ScreenArea> back_to_front, float margin) {
  std::vector<int> group(back_to_front.size(), -1);
  for (std::size_t k = 0; k < back_to_front.size(); ++k) {
    const ScreenArea& area = back_to_front[k];
    if (area.rect.extent.width == 0 || area.rect.extent.height == 0) continue;
    int after = -1;
    for (std::size_t j = 0; j < k; ++j)
      if (group[j] > after && areas_meet(back_to_front[j], area, margin)) after = group[j];
    group[k] = after + 1;
  }
  return group;
}

void split_large_groups(std::span<int> groups, std::span<const VkRect2D> rects, std::size_t capacity) {
  int added = 0, last = 0;
  std::size_t pixels = 0;
  for (std::size_t k = 0; k < groups.size(); ++k) {
    const std::size_t more = rect_pixels(rects[k]);
    if (k > 0 && groups[k] == last && pixels > 0 && pixels + more > capacity) {
      ++added;  // the rest of the group in a group of its own
      pixels = 0;
    } else if (k > 0 && groups[k] != last) {
      pixels = 0;
    }
    pixels += more;
    last = groups[k];
    groups[k] += added;
  }
}

std::vector<GroupRun> runs_of_groups(std::span<const int> groups, std::span<const VkRect2D> rects,
                                     std::size_t capacity) {
  std::vector<GroupRun> runs;
  for (std::size_t begin = 0; begin < groups.size();) {
    std::size_t end = begin, pixels = 0;
    while (end < groups.size() && groups[end] == groups[begin]) {
      pixels += rect_pixels(rects[end]);
      ++end;
    }
    if (!runs.empty() && runs.back().end == begin && runs.back().pixels + pixels <= capacity) {
      runs.back().end = end;
      runs.back().pixels += pixels;
    } else {
      runs.push_back({begin, end, pixels});
    }
    begin = end;
  }
  return runs;
}

void append_tiles(const VkRect2D& rect, std::uint32_t item, std::vector<TileEntry>& out,
                  std::span<const glm::vec2> outline) {
  const int tile = int(shared::kBottleTile);
  const int x0 = rect.offset.x / tile, y0 = rect.offset.y / tile;
  const int x1 = (rect.offset.x + int(rect.extent.width) + tile - 1) / tile;
  const int y1 = (rect.offset.y + int(rect.extent.height) + tile - 1) / tile;
  for (int y = y0; y < y1; ++y)
    for (int x = x0; x < x1; ++x) {
      // The tile's first and last pixel centres, and half a pixel for rounding.
      const glm::vec2 first = glm::vec2(x, y) * float(tile) + 0.5f;
      if (!outline.empty() && !outline_meets_box(outline, first, first + float(tile - 1), 0.5f)) continue;
      out.push_back({shared::bottle_tile_pack(std::uint32_t(x), std::uint32_t(y)), item});
    }
}

void tiles_with_lists(std::span<const VkRect2D> rects, VkExtent2D extent, std::vector<TileEntry>& tiles,
                      std::vector<std::uint32_t>& items, const TileFilter& keep) {
  const std::uint32_t tile = shared::kBottleTile;
  const std::uint32_t columns = (extent.width + tile - 1) / tile, rows = (extent.height + tile - 1) / tile;
  std::vector<std::vector<std::uint32_t>> lists(std::size_t(columns) * rows);
  std::vector<TileEntry> covered;
  for (std::size_t k = 0; k < rects.size(); ++k) {
    covered.clear();
    append_tiles(rects[k], std::uint32_t(k), covered);
    for (const TileEntry& e : covered) {
      const glm::ivec2 pixel = shared::bottle_tile_origin(e.tile);
      if (keep && !keep(k, {{pixel.x, pixel.y}, {tile, tile}})) continue;
      const glm::ivec2 origin = pixel / int(tile);
      lists[std::size_t(origin.x) + std::size_t(origin.y) * columns].push_back(std::uint32_t(k));
    }
  }
  tiles.clear();
  items.clear();
  for (std::uint32_t i = 0; i < lists.size(); ++i) {
    if (lists[i].empty()) continue;
    tiles.push_back({shared::bottle_tile_pack(i % columns, i / columns), 0, std::uint32_t(items.size()),
                     std::uint32_t(lists[i].size())});
    items.insert(items.end(), lists[i].begin(), lists[i].end());
  }
}

}  // namespace lfx::gpu

#include "liquidfx/core/container/fill_table.h"

#include <algorithm>
#include <atomic>
#include <cassert>
#include <cmath>
#include <glm/common.hpp>
#include <glm/geometric.hpp>
#include <numbers>
#include <thread>
#include <unordered_map>

#include "liquidfx/core/container/volume.h"
#include "liquidfx/core/detail/volume_profile.h"
#include "liquidfx/core/progress.h"

namespace lfx {
namespace {

// Fill levels are spaced as Chebyshev nodes, f = (1 - cos(pi u)) / 2 for u uniform: densest near
// empty and full, where the offset moves fastest with the fraction (d ~ f^(1/2) in a round
// bottom, f^(1/3) in a corner).
double fraction_of_level(int level, int levels) {
  return 0.5 - 0.5 * std::cos(std::numbers::pi * double(level) / double(levels - 1));
}

float level_of_fraction(float fraction, int levels) {
  const float u = std::acos(std::clamp(1.0f - 2.0f * fraction, -1.0f, 1.0f)) / std::numbers::pi_v<float>;
  return u * float(levels - 1);
}

}  // namespace

glm::vec2 FillTable::encode(const glm::vec3& n) {
  const glm::vec3 p = n / (std::abs(n.x) + std::abs(n.y) + std::abs(n.z));
  if (p.y >= 0.0f) return {p.x, p.z};
  // Fold the lower hemisphere over the diamond's edges.
  return {(1.0f - std::abs(p.z)) * (p.x >= 0.0f ? 1.0f : -1.0f), (1.0f - std::abs(p.x)) * (p.z >= 0.0f ? 1.0f : -1.0f)};
}

glm::vec3 FillTable::decode(const glm::vec2& uv) {
  glm::vec3 p(uv.x, 1.0f - std::abs(uv.x) - std::abs(uv.y), uv.y);
  if (p.y < 0.0f) {
    const float x = p.x, z = p.z;
    p.x = (1.0f - std::abs(z)) * (x >= 0.0f ? 1.0f : -1.0f);
    p.z = (1.0f - std::abs(x)) * (z >= 0.0f ? 1.0f : -1.0f);
  }
  return glm::normalize(p);
}

Mesh FillTable::bake_proxy(const Mesh& mesh, std::size_t triangles) {
  const Bounds bounds = bounds_of(mesh);
  const glm::dvec3 size = glm::max(glm::dvec3(bounds.size()), glm::dvec3(1e-30));
  // A closed surface crosses about (area / cell^2) cells and makes two triangles in each: start
  // from the mesh's own density and correct the cell size from what the first try gives.
  double cells = std::sqrt(double(triangles) / 2.0);
  Mesh proxy;
  for (int attempt = 0; attempt < 4; ++attempt) {
    const double cell = std::max({size.x, size.y, size.z}) / std::max(2.0, cells);
    std::unordered_map<std::uint64_t, std::uint32_t> cluster_of;
    std::vector<glm::dvec3> sums;
    std::vector<std::uint32_t> counts, remap(mesh.positions.size());
    for (std::size_t i = 0; i < mesh.positions.size(); ++i) {
      const glm::dvec3 g = glm::floor((glm::dvec3(mesh.positions[i]) - glm::dvec3(bounds.min)) / cell);
      const std::uint64_t key = (std::uint64_t(g.x) << 42) ^ (std::uint64_t(g.y) << 21) ^ std::uint64_t(g.z);
      auto [it, added] = cluster_of.try_emplace(key, std::uint32_t(sums.size()));
      if (added) {
        sums.emplace_back(0.0);
        counts.push_back(0);
      }
      sums[it->second] += glm::dvec3(mesh.positions[i]);
      ++counts[it->second];
      remap[i] = it->second;
    }
    proxy = Mesh{};
    // The mean of each cluster's vertices: on the surface, where the cell's centre is not.
    for (std::size_t c = 0; c < sums.size(); ++c) proxy.positions.push_back(glm::vec3(sums[c] / double(counts[c])));
    for (const auto& t : mesh.triangles) {
      const std::array<std::uint32_t, 3> w = {remap[t[0]], remap[t[1]], remap[t[2]]};
      if (w[0] != w[1] && w[1] != w[2] && w[0] != w[2]) proxy.triangles.push_back(w);
    }
    const double ratio = double(proxy.triangles.size()) / double(triangles);
    if (ratio > 0.7 && ratio < 1.4) break;
    cells *= std::sqrt(1.0 / std::max(ratio, 1e-3));
  }
  return proxy;
}

Result<FillTable> FillTable::bake(const Mesh& exact, int directions, int levels, const std::string& task) {
  assert(directions >= 3 && levels >= 2);
  if (exact.triangles.size() > kMaxTriangles)
    return input_error(task + ": " + std::to_string(exact.triangles.size()) + " triangles is more than the " +
                       std::to_string(kMaxTriangles) + " liquidfx bakes a fill table for; simplify the mesh");
  // Collapsing a mesh's vertices onto a grid keeps every edge paired, so the proxy still bounds
  // a volume (the divergence theorem behind VolumeProfile needs nothing more).
  const Mesh proxy = exact.triangles.size() > kExactBakeTriangles ? bake_proxy(exact, kExactBakeTriangles) : Mesh{};
  const Mesh& mesh = proxy.triangles.empty() ? exact : proxy;
  FillTable t;
  t.directions_ = directions;
  t.levels_ = levels;
  t.total_volume_ = volume_of(mesh).volume;
  t.entries_.resize(std::size_t(directions) * directions * levels);
  const Bounds bounds = bounds_of(mesh);
  t.bounds_min_ = bounds.min;
  t.bounds_step_ = glm::max(bounds.size(), glm::vec3(1e-9f)) / 65535.0f;
  // No cross-section of a closed mesh is larger than half its surface.
  double surface = 0.0;
  for (const auto& tri : mesh.triangles)
    surface += 0.5 * glm::length(glm::cross(glm::dvec3(mesh.positions[tri[1]] - mesh.positions[tri[0]]),
                                            glm::dvec3(mesh.positions[tri[2]] - mesh.positions[tri[0]])));
  t.area_step_ = float(std::max(0.5 * surface, 1e-12) / 65535.0);
  auto quantise = [&](glm::vec3 p, double area) {
    Entry e;
    for (int a = 0; a < 3; ++a)
      e.centroid[a] =
          std::uint16_t(std::lround(std::clamp((p[a] - t.bounds_min_[a]) / t.bounds_step_[a], 0.0f, 65535.0f)));
    e.area = std::uint16_t(std::lround(std::clamp(float(area) / t.area_step_, 0.0f, 65535.0f)));
    return e;
  };
  t.lowest_.resize(std::size_t(directions) * directions);
  // Rows of directions are independent: bake them on every core.
  auto bake_row = [&](int j) {
    for (int i = 0; i < directions; ++i) {
      // Grid vertices span [-1, 1] including the edges, so look-ups never wrap.
      const glm::vec2 uv(-1.0f + 2.0f * float(i) / float(directions - 1),
                         -1.0f + 2.0f * float(j) / float(directions - 1));
      const glm::dvec3 n = decode(uv);
      const VolumeProfile profile = VolumeProfile::build(mesh, n);
      t.lowest_[std::size_t(j) * directions + i] = float(profile.min_offset());

      // Empty and full: the plane touches the lowest / highest vertex, which then stays the
      // best point to tilt the plane about for neighbouring directions.
      std::size_t lowest = 0, highest = 0;
      for (std::size_t v = 1; v < mesh.positions.size(); ++v) {
        if (glm::dot(n, glm::dvec3(mesh.positions[v])) < glm::dot(n, glm::dvec3(mesh.positions[lowest]))) lowest = v;
        if (glm::dot(n, glm::dvec3(mesh.positions[v])) > glm::dot(n, glm::dvec3(mesh.positions[highest]))) highest = v;
      }
      for (int level = 0; level < levels; ++level) {
        const double d = profile.solve(fraction_of_level(level, levels) * profile.total_volume());
        glm::vec3 point(profile.centroid(d));
        if (level == 0) point = mesh.positions[lowest];
        if (level == levels - 1) point = mesh.positions[highest];
        t.entries_[(std::size_t(j) * directions + i) * levels + level] = quantise(point, profile.area(d));
      }
    }
  };
  const int workers = std::max(1, std::min<int>(int(std::thread::hardware_concurrency()), directions));
  std::atomic<int> next_row{0}, rows_done{0};
  std::vector<std::thread> threads;
  for (int w = 0; w < workers; ++w)
    threads.emplace_back([&] {
      for (int j = next_row++; j < directions; j = next_row++) {
        bake_row(j);
        report_progress(task, double(++rows_done) / double(directions));
      }
    });
  for (std::thread& thread : threads) thread.join();
  t.total_volume_ = volume_of(exact).volume;
  return t;
}

FillTable::Level FillTable::level_of(float fraction) const {
  const float g = level_of_fraction(fraction, levels_);
  const int index = std::min(int(g), levels_ - 2);
  return {index, g - float(index)};
}

FillLookup FillTable::lookup(const glm::vec3& n, Level level) const {
  const glm::vec2 uv = encode(n);
  const float scale = 0.5f * float(directions_ - 1);
  const float gx = (uv.x + 1.0f) * scale, gy = (uv.y + 1.0f) * scale;
  const int i = std::clamp(int(gx), 0, directions_ - 2), j = std::clamp(int(gy), 0, directions_ - 2);
  const float fx = std::clamp(gx - float(i), 0.0f, 1.0f), fy = std::clamp(gy - float(j), 0.0f, 1.0f);
  // Corners (i, j), (i+1, j), (i, j+1), (i+1, j+1); each holds its two levels side by side.
  const std::size_t direction = std::size_t(j) * directions_ + i;
  const std::size_t corner_direction[4] = {direction, direction + 1, direction + directions_,
                                           direction + directions_ + 1};
  const float corner[4] = {(1 - fx) * (1 - fy), fx * (1 - fy), (1 - fx) * fy, fx * fy};
  // Blend the quantised values, then scale once.
  float cx = 0.0f, cy = 0.0f, cz = 0.0f, area = 0.0f, lowest = 0.0f;
  for (int c = 0; c < 4; ++c) {
    const Entry* e = &entries_[corner_direction[c] * levels_ + std::size_t(level.index)];
    const float wb = corner[c] * level.blend, wa = corner[c] - wb;
    cx += wa * float(e[0].centroid[0]) + wb * float(e[1].centroid[0]);
    cy += wa * float(e[0].centroid[1]) + wb * float(e[1].centroid[1]);
    cz += wa * float(e[0].centroid[2]) + wb * float(e[1].centroid[2]);
    area += wa * float(e[0].area) + wb * float(e[1].area);
    lowest += corner[c] * lowest_[corner_direction[c]];
  }
  FillLookup out;
  out.centroid = bounds_min_ + bounds_step_ * glm::vec3(cx, cy, cz);
  out.offset = glm::dot(n, out.centroid);
  out.area = area * area_step_;
  out.lowest = lowest;
  return out;
}

FillLookup FillTable::refine(const Mesh& mesh, const glm::vec3& n, float fraction) const {
  FillLookup guess = lookup(n, fraction);
  if (fraction <= 0.0f || fraction >= 1.0f) return guess;
  const PlaneSlice slice = slice_below(mesh, glm::dvec3(n), guess.offset);
  if (!(slice.area > 0.0)) return guess;
  // One Newton step, trusted no further than one fill level's worth of height: near a kink of
  // the area a full step could overshoot.
  const double step = -(slice.volume - double(fraction) * total_volume_) / slice.area;
  const double trust = total_volume_ / double(levels_ - 1) / std::max(slice.area, double(guess.area));
  const float moved = float(std::clamp(step, -trust, trust));
  guess.offset += moved;
  guess.centroid += moved * n;
  guess.area = float(slice.area);
  return guess;
}

}  // namespace lfx

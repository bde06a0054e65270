// A baked fill table: for directions on an octahedral map x fill fractions, where the plane is
// and the cross-section area, so that a frame's fill is an O(1) look-up (bilinear in direction,
// linear in fraction) instead of a solve. Baked exactly with VolumeProfile.
//
// The table stores the centroid of the cross-section, not the plane offset: tilting a plane about
// the centroid of its cross-section leaves the volume below it unchanged to first order (the
// waterplane's centre of flotation), so the offset d = dot(n, centroid) interpolated between
// neighbouring directions stays accurate even where d(n) has kinks (a bottle's shoulder).
#pragma once

#include <cstdint>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <string>
#include <vector>

#include "liquidfx/core/container/mesh.h"
#include "liquidfx/core/result.h"

namespace lfx {

struct FillLookup {
  float offset = 0.0f;       ///< d of the plane dot(n, p) = d.
  float area = 0.0f;         ///< Cross-section area at d (m^2).
  float lowest = 0.0f;       ///< Smallest dot(n, vertex); offset - lowest is the depth.
  glm::vec3 centroid{0.0f};  ///< Centre of the cross-section (mesh coordinates), on the plane.
};

class FillTable {
 public:
  static constexpr int kDirections = 65;
  static constexpr int kLevels = 129;
  /// Meshes with more triangles are baked from a proxy of about this many (the mesh's vertices
  /// clustered on a grid: still a closed surface, within a cell of the original), so that the
  /// bake's time stays bounded (seconds) whatever the mesh.
  static constexpr std::size_t kExactBakeTriangles = 10000;
  /// The largest mesh liquidfx bakes: beyond, an error asks for a simplified mesh.
  static constexpr std::size_t kMaxTriangles = 4000000;

  /// directions: vertices per side of the octahedral map (>= 3); levels: fill fractions from 0
  /// to 1, spaced densest near both ends (>= 2). The defaults keep the volume error under 0.5%
  /// for the bundled shapes, in 4.4 MB. Bakes on every core, reporting progress as `task`
  /// (core/progress.h). Errors: more than kMaxTriangles triangles.
  static Result<FillTable> bake(const Mesh& closed_mesh, int directions = kDirections, int levels = kLevels,
                                const std::string& task = "fill table");

  /// The proxy a big mesh is baked from: vertices merged per cell of a grid sized for about
  /// `triangles` triangles, degenerate triangles dropped. Closed when the mesh is.
  static Mesh bake_proxy(const Mesh& closed_mesh, std::size_t triangles);

  /// Where a fill fraction falls between the table's levels.
  struct Level {
    int index = 0;       ///< Lower level.
    float blend = 0.0f;  ///< Weight of the level above.
  };
  Level level_of(float fraction) const;

  /// n: unit direction in mesh coordinates; fraction in [0, 1].
  FillLookup lookup(const glm::vec3& n, float fraction) const { return lookup(n, level_of(fraction)); }
  /// The same with the fraction's level worked out once (a fill that stays put between frames).
  FillLookup lookup(const glm::vec3& n, Level level) const;

  /// One Newton step of the exact solve from the looked-up offset (O(triangles)).
  FillLookup refine(const Mesh& closed_mesh, const glm::vec3& n, float fraction) const;

  double total_volume() const { return total_volume_; }
  std::size_t bytes() const { return entries_.size() * sizeof(Entry) + lowest_.size() * sizeof(float); }

  /// Octahedral map: unit vector <-> [-1, 1]^2 (upper hemisphere, y > 0, in the diamond).
  static glm::vec2 encode(const glm::vec3& n);
  static glm::vec3 decode(const glm::vec2& uv);

 private:
  // Centroid of the cross-section quantised over the mesh's bounds (16 bits an axis: microns
  // for a bottle), area over the largest area: 8 bytes an entry.
  struct Entry {
    std::uint16_t centroid[3];
    std::uint16_t area;
  };

  int directions_ = 0;
  int levels_ = 0;
  double total_volume_ = 0.0;
  glm::vec3 bounds_min_{0.0f};
  glm::vec3 bounds_step_{1.0f};  // metres per quantisation step
  float area_step_ = 1.0f;       // square metres per quantisation step
  std::vector<Entry> entries_;   // [direction j][direction i][level]
  std::vector<float> lowest_;    // [direction j][direction i]
};

}  // namespace lfx

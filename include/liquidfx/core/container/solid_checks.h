// Checks that a closed, consistently wound mesh bounds the volume it seems to: shells that
// overlap (their volumes counted twice) and a surface that passes through itself both give a
// volume, and so a fill, that is not the liquid's. Neither can be repaired automatically; the
// caller warns.
#pragma once

#include <string>
#include <vector>

#include "liquidfx/core/container/mesh.h"

namespace lfx {

/// Warnings (empty when the solid is sound), each naming `name`, the problem and its count:
///   "cup.obj: 2 of its 3 shells lie inside another one wound the same way: their volume is counted twice".
/// Self-intersection is looked for on meshes up to kMaxSelfIntersectionTriangles triangles.
std::vector<std::string> solid_warnings(const Mesh& closed_mesh, const std::string& name);

inline constexpr std::size_t kMaxSelfIntersectionTriangles = 500000;

}  // namespace lfx

// Loading container meshes from files: Wavefront OBJ and glTF 2.0 (.gltf / .glb). Only positions
// and triangles are read; polygons are fanned into triangles; glTF node transforms are applied.
// Errors name the file (and the line or the glTF object) and the problem.
#pragma once

#include <string>

#include "liquidfx/core/container/mesh.h"
#include "liquidfx/core/result.h"

namespace lfx {

/// The largest mesh file read (OBJ or glTF).
inline constexpr std::size_t kMaxMeshFileBytes = std::size_t(1) << 30;

Result<Mesh> load_obj(const std::string& path);
/// Parses OBJ text; `source` names it in messages.
Result<Mesh> parse_obj(const std::string& text, const std::string& source);
Result<Mesh> load_gltf(const std::string& path);
/// Parses a .gltf (JSON) or .glb (binary) already in memory; `source` names it in messages.
/// Buffers it names by file are read from base_dir when read_external_files (regular files
/// only), else refused.
Result<Mesh> parse_gltf(const std::string& bytes, const std::string& source, const std::string& base_dir,
                        bool read_external_files);
/// By extension: .obj, .gltf or .glb.
Result<Mesh> load_mesh(const std::string& path);

/// Writes an OBJ (for tests and for inspecting procedural shapes).
Result<void> write_obj(const std::string& path, const Mesh& mesh);

}  // namespace lfx

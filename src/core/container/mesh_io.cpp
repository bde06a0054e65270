#include "liquidfx/core/container/mesh_io.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <sstream>
#include <string_view>

#include "liquidfx/core/text_file.h"

namespace lfx {
namespace {

std::string lowercase_extension(const std::string& path) {
  const std::size_t dot = path.find_last_of('.');
  if (dot == std::string::npos) return "";
  std::string ext = path.substr(dot + 1);
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return ext;
}

std::string_view next_token(std::string_view& line) {
  const std::size_t start = line.find_first_not_of(" \t\r");
  if (start == std::string_view::npos) {
    line = {};
    return {};
  }
  line.remove_prefix(start);
  const std::size_t end = std::min(line.find_first_of(" \t\r"), line.size());
  std::string_view token = line.substr(0, end);
  line.remove_prefix(end);
  return token;
}

}  // namespace

Result<Mesh> parse_obj(const std::string& text, const std::string& source) {
  Mesh mesh;
  std::istringstream in(text);
  std::string line_text;
  int line_number = 0;
  auto fail = [&](const std::string& problem) {
    return input_error(source + ":" + std::to_string(line_number) + ": " + problem);
  };
  while (std::getline(in, line_text)) {
    ++line_number;
    std::string_view line = line_text;
    const std::string_view keyword = next_token(line);
    if (keyword == "v") {
      glm::vec3 p;
      for (int i = 0; i < 3; ++i) {
        const std::string_view token = next_token(line);
        double value = 0.0;
        auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), value);
        if (token.empty() || ec != std::errc() || end != token.data() + token.size())
          return fail("vertex needs 3 numbers, got \"" + std::string(token.substr(0, 40)) + "\"");
        p[i] = float(value);
        if (!std::isfinite(p[i]))
          return fail("vertex coordinate " + std::string(token.substr(0, 40)) + " is not a finite float");
      }
      mesh.positions.push_back(p);
    } else if (keyword == "f") {
      std::vector<std::uint32_t> face;
      for (std::string_view token = next_token(line); !token.empty(); token = next_token(line)) {
        const std::string_view index_text = token.substr(0, token.find('/'));
        long index = 0;
        auto [end, ec] = std::from_chars(index_text.data(), index_text.data() + index_text.size(), index);
        if (ec != std::errc() || end != index_text.data() + index_text.size() || index == 0)
          return fail("bad face index \"" + std::string(token.substr(0, 40)) + "\"");
        const long count = long(mesh.positions.size());
        const long resolved = index > 0 ? index - 1 : count + index;  // negative: relative to the end
        if (resolved < 0 || resolved >= count)
          return fail("face index " + std::to_string(index) + " out of range (" + std::to_string(count) +
                      " vertices so far)");
        face.push_back(std::uint32_t(resolved));
      }
      if (face.size() < 3) return fail("face with fewer than 3 vertices");
      for (std::size_t i = 1; i + 1 < face.size(); ++i) mesh.triangles.push_back({face[0], face[i], face[i + 1]});
    }
    // vt, vn, o, g, s, usemtl, mtllib, comments: not needed for a container's shape.
  }
  if (mesh.triangles.empty()) return input_error(source + ": no faces");
  return mesh;
}

Result<Mesh> load_obj(const std::string& path) {
  auto text = read_text_file(path, "mesh file", kMaxMeshFileBytes);
  if (!text) return text.error();
  return parse_obj(*text, path);
}

Result<Mesh> load_mesh(const std::string& path) {
  const std::string ext = lowercase_extension(path);
  if (ext == "obj") return load_obj(path);
  if (ext == "gltf" || ext == "glb") return load_gltf(path);
  return input_error(path + ": unknown mesh format \"." + ext + "\" (expected .obj, .gltf or .glb)");
}

Result<void> write_obj(const std::string& path, const Mesh& mesh) {
  std::ofstream out(path);
  if (!out) return input_error(path + ": cannot write");
  for (const glm::vec3& p : mesh.positions) out << "v " << p.x << ' ' << p.y << ' ' << p.z << '\n';
  for (const auto& t : mesh.triangles) out << "f " << t[0] + 1 << ' ' << t[1] + 1 << ' ' << t[2] + 1 << '\n';
  return success();
}

}  // namespace lfx

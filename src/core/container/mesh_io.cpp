#include "liquidfx/core/container/mesh_io.h"

#include <tiny_gltf.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <fstream>
#include <functional>
#include <glm/ext/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/gtc/type_ptr.hpp>
#include <sstream>
#include <string_view>

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
          return fail("vertex needs 3 numbers, got \"" + std::string(token) + "\"");
        p[i] = float(value);
      }
      mesh.positions.push_back(p);
    } else if (keyword == "f") {
      std::vector<std::uint32_t> face;
      for (std::string_view token = next_token(line); !token.empty(); token = next_token(line)) {
        const std::string_view index_text = token.substr(0, token.find('/'));
        long index = 0;
        auto [end, ec] = std::from_chars(index_text.data(), index_text.data() + index_text.size(), index);
        if (ec != std::errc() || end != index_text.data() + index_text.size() || index == 0)
          return fail("bad face index \"" + std::string(token) + "\"");
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
  std::ifstream file(path, std::ios::binary);
  if (!file) return input_error(path + ": cannot open the mesh file");
  std::stringstream text;
  text << file.rdbuf();
  return parse_obj(text.str(), path);
}

Result<Mesh> load_gltf(const std::string& path) {
  tinygltf::Model model;
  tinygltf::TinyGLTF loader;
  std::string error, warning;
  const bool binary = lowercase_extension(path) == "glb";
  const bool loaded = binary ? loader.LoadBinaryFromFile(&model, &error, &warning, path)
                             : loader.LoadASCIIFromFile(&model, &error, &warning, path);
  if (!loaded) return input_error(path + ": cannot read glTF: " + (error.empty() ? "unknown error" : error));

  Mesh mesh;
  std::string problem;
  std::function<void(int, const glm::mat4&)> visit = [&](int node_index, const glm::mat4& parent) {
    const tinygltf::Node& node = model.nodes[node_index];
    glm::mat4 local(1.0f);
    if (node.matrix.size() == 16) {
      local = glm::mat4(glm::make_mat4(node.matrix.data()));
    } else {
      if (node.translation.size() == 3)
        local = glm::translate(local, glm::vec3(node.translation[0], node.translation[1], node.translation[2]));
      if (node.rotation.size() == 4)
        local *= glm::mat4_cast(glm::quat(float(node.rotation[3]), float(node.rotation[0]), float(node.rotation[1]),
                                          float(node.rotation[2])));
      if (node.scale.size() == 3) local = glm::scale(local, glm::vec3(node.scale[0], node.scale[1], node.scale[2]));
    }
    const glm::mat4 world = parent * local;
    if (node.mesh >= 0) {
      const tinygltf::Mesh& m = model.meshes[node.mesh];
      for (std::size_t pi = 0; pi < m.primitives.size() && problem.empty(); ++pi) {
        const tinygltf::Primitive& prim = m.primitives[pi];
        const std::string where = "mesh \"" + m.name + "\" primitive " + std::to_string(pi);
        if (prim.mode != -1 && prim.mode != TINYGLTF_MODE_TRIANGLES) {
          problem = where + ": only triangle primitives are supported";
          return;
        }
        auto position = prim.attributes.find("POSITION");
        if (position == prim.attributes.end()) {
          problem = where + ": no POSITION attribute";
          return;
        }
        const tinygltf::Accessor& pa = model.accessors[position->second];
        if (pa.componentType != TINYGLTF_COMPONENT_TYPE_FLOAT || pa.type != TINYGLTF_TYPE_VEC3 || pa.bufferView < 0) {
          problem = where + ": POSITION must be float VEC3";
          return;
        }
        const tinygltf::BufferView& pv = model.bufferViews[pa.bufferView];
        const std::size_t stride = pa.ByteStride(pv) > 0 ? std::size_t(pa.ByteStride(pv)) : 12;
        const unsigned char* base = model.buffers[pv.buffer].data.data() + pv.byteOffset + pa.byteOffset;
        if (pv.byteOffset + pa.byteOffset + stride * (pa.count ? pa.count - 1 : 0) + 12 >
            model.buffers[pv.buffer].data.size()) {
          problem = where + ": POSITION accessor runs past its buffer";
          return;
        }
        const std::uint32_t first = std::uint32_t(mesh.positions.size());
        for (std::size_t i = 0; i < pa.count; ++i) {
          glm::vec3 p;
          std::memcpy(&p, base + i * stride, sizeof p);
          mesh.positions.push_back(glm::vec3(world * glm::vec4(p, 1.0f)));
        }
        std::vector<std::uint32_t> indices;
        if (prim.indices >= 0) {
          const tinygltf::Accessor& ia = model.accessors[prim.indices];
          const tinygltf::BufferView& iv = model.bufferViews[ia.bufferView];
          const unsigned char* ib = model.buffers[iv.buffer].data.data() + iv.byteOffset + ia.byteOffset;
          const int size = tinygltf::GetComponentSizeInBytes(ia.componentType);
          if (size != 1 && size != 2 && size != 4) {
            problem = where + ": unsupported index type";
            return;
          }
          for (std::size_t i = 0; i < ia.count; ++i) {
            std::uint32_t index = 0;
            std::memcpy(&index, ib + i * std::size_t(size), std::size_t(size));
            if (index >= pa.count) {
              problem = where + ": index " + std::to_string(index) + " out of range";
              return;
            }
            indices.push_back(first + index);
          }
        } else {
          for (std::size_t i = 0; i < pa.count; ++i) indices.push_back(first + std::uint32_t(i));
        }
        for (std::size_t i = 0; i + 2 < indices.size(); i += 3)
          mesh.triangles.push_back({indices[i], indices[i + 1], indices[i + 2]});
      }
    }
    for (int child : node.children) visit(child, world);
  };
  const int scene = model.defaultScene >= 0 ? model.defaultScene : 0;
  if (!model.scenes.empty()) {
    for (int root : model.scenes[scene].nodes) visit(root, glm::mat4(1.0f));
  } else {
    for (std::size_t i = 0; i < model.nodes.size(); ++i) visit(int(i), glm::mat4(1.0f));
  }
  if (!problem.empty()) return input_error(path + ": " + problem);
  if (mesh.triangles.empty()) return input_error(path + ": no triangles in the glTF scene");
  return mesh;
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

// Loading a container's triangles from glTF 2.0. tinygltf parses the file; every index it gives
// (scene, node, mesh, accessor, buffer view, buffer) and every byte range is checked here before
// it is followed, nodes are walked without recursion and with cycle detection, and errors name
// the glTF path: "nodes/1/children: cycle back to node 0".
//
// TinyGLTF's code is compiled here, into liquidfx's own archive, under a namespace of ours: a
// host links liquidfx without TinyGLTF, and a host that uses TinyGLTF itself (any version) gets
// no clash. Images are never decoded (a container is triangles), so stb stays out of it.
#define TINYGLTF_IMPLEMENTATION
#define TINYGLTF_NO_STB_IMAGE
#define TINYGLTF_NO_STB_IMAGE_WRITE
#define TINYGLTF_NO_EXTERNAL_IMAGE
#define tinygltf liquidfx_private_tinygltf
#include <tiny_gltf.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <glm/ext/matrix_transform.hpp>
#include <glm/gtc/quaternion.hpp>
#include <glm/gtc/type_ptr.hpp>
#include <limits>
#include <vector>

#include "liquidfx/core/container/mesh_io.h"
#include "liquidfx/core/text_file.h"

namespace lfx {
namespace {

// A checked view of an accessor's elements in its buffer.
struct AccessorView {
  const unsigned char* data = nullptr;
  std::size_t count = 0;
  std::size_t stride = 0;
  int component_type = 0;
  int components = 0;
};

std::string at(const char* array, std::size_t index) {
  return std::string(array) + "/" + std::to_string(index);
}

std::string count_of(std::size_t n, const char* what) {
  return std::to_string(n) + " " + what;
}

Result<AccessorView> view_of(const tinygltf::Model& model, int index, const std::string& used_by) {
  if (index < 0 || std::size_t(index) >= model.accessors.size())
    return input_error(used_by + ": accessor " + std::to_string(index) + " does not exist (" +
                       count_of(model.accessors.size(), "accessors") + ")");
  const tinygltf::Accessor& a = model.accessors[std::size_t(index)];
  const std::string where = at("accessors", std::size_t(index));
  if (a.sparse.isSparse) return input_error(where + ": sparse accessors are not supported");
  if (a.bufferView < 0 || std::size_t(a.bufferView) >= model.bufferViews.size())
    return input_error(where + ": bufferView " + std::to_string(a.bufferView) + " does not exist (" +
                       count_of(model.bufferViews.size(), "buffer views") + ")");
  const tinygltf::BufferView& view = model.bufferViews[std::size_t(a.bufferView)];
  const std::string view_where = at("bufferViews", std::size_t(a.bufferView));
  if (view.buffer < 0 || std::size_t(view.buffer) >= model.buffers.size())
    return input_error(view_where + ": buffer " + std::to_string(view.buffer) + " does not exist (" +
                       count_of(model.buffers.size(), "buffers") + ")");
  const tinygltf::Buffer& buffer = model.buffers[std::size_t(view.buffer)];
  if (view.byteOffset > buffer.data.size() || view.byteLength > buffer.data.size() - view.byteOffset)
    return input_error(view_where + ": " + std::to_string(view.byteLength) + " bytes at offset " +
                       std::to_string(view.byteOffset) + " run past buffer " + std::to_string(view.buffer) + " (" +
                       std::to_string(buffer.data.size()) + " bytes)");
  const int component = tinygltf::GetComponentSizeInBytes(std::uint32_t(a.componentType));
  const int components = tinygltf::GetNumComponentsInType(std::uint32_t(a.type));
  if (component <= 0 || components <= 0) return input_error(where + ": unknown component type or type");
  const std::size_t element = std::size_t(component) * std::size_t(components);
  const std::size_t stride = view.byteStride ? view.byteStride : element;
  if (stride < element)
    return input_error(where + ": byteStride " + std::to_string(stride) + " is smaller than an element");
  // Every element must lie inside the view; written so that no product or sum can overflow.
  if (a.count > 0) {
    const std::size_t length = view.byteLength;
    const bool fits = a.byteOffset <= length && element <= length - a.byteOffset &&
                      (a.count - 1) <= (length - a.byteOffset - element) / stride;
    if (!fits)
      return input_error(where + ": " + std::to_string(a.count) + " x " + std::to_string(element) +
                         (element == 1 ? " byte" : " bytes") + " runs past bufferView " + std::to_string(a.bufferView) +
                         " (" + std::to_string(length) + " bytes)");
  }
  return AccessorView{buffer.data.data() + view.byteOffset + a.byteOffset, a.count, stride, a.componentType,
                      components};
}

Result<glm::mat4> local_transform(const tinygltf::Node& node, const std::string& where) {
  glm::mat4 local(1.0f);
  auto finite = [](const std::vector<double>& v) {
    for (double x : v)
      if (!std::isfinite(x)) return false;
    return true;
  };
  if (!finite(node.matrix) || !finite(node.translation) || !finite(node.rotation) || !finite(node.scale))
    return input_error(where + ": the transform is not finite");
  if (node.matrix.size() == 16) return glm::mat4(glm::make_mat4(node.matrix.data()));
  if (node.translation.size() == 3)
    local = glm::translate(local, glm::vec3(node.translation[0], node.translation[1], node.translation[2]));
  if (node.rotation.size() == 4)
    local *= glm::mat4_cast(
        glm::quat(float(node.rotation[3]), float(node.rotation[0]), float(node.rotation[1]), float(node.rotation[2])));
  if (node.scale.size() == 3) local = glm::scale(local, glm::vec3(node.scale[0], node.scale[1], node.scale[2]));
  return local;
}

// Appends one triangle primitive's positions (in the world) and triangles.
Result<void> add_primitive(const tinygltf::Model& model, const tinygltf::Primitive& prim, const std::string& where,
                           const glm::mat4& world, Mesh& mesh) {
  if (prim.mode != -1 && prim.mode != TINYGLTF_MODE_TRIANGLES)
    return input_error(where + ": only triangle primitives are supported");
  auto position = prim.attributes.find("POSITION");
  if (position == prim.attributes.end()) return input_error(where + ": no POSITION attribute");
  LFX_TRY_ASSIGN(const AccessorView p, view_of(model, position->second, where + "/attributes/POSITION"));
  const std::string p_where = at("accessors", std::size_t(position->second));
  if (p.component_type != TINYGLTF_COMPONENT_TYPE_FLOAT || p.components != 3)
    return input_error(p_where + ": POSITION must be float VEC3");
  if (mesh.positions.size() + p.count > std::size_t(UINT32_MAX)) return input_error(where + ": too many vertices");
  const std::uint32_t first = std::uint32_t(mesh.positions.size());
  for (std::size_t i = 0; i < p.count; ++i) {
    glm::vec3 v;
    std::memcpy(&v, p.data + i * p.stride, sizeof v);
    const glm::vec3 w = glm::vec3(world * glm::vec4(v, 1.0f));
    if (!std::isfinite(w.x) || !std::isfinite(w.y) || !std::isfinite(w.z))
      return input_error(p_where + ": vertex " + std::to_string(i) + " is not finite (" + std::to_string(v.x) + ", " +
                         std::to_string(v.y) + ", " + std::to_string(v.z) + ")");
    mesh.positions.push_back(w);
  }
  std::vector<std::uint32_t> indices;
  if (prim.indices >= 0) {
    LFX_TRY_ASSIGN(const AccessorView ix, view_of(model, prim.indices, where + "/indices"));
    const std::string i_where = at("accessors", std::size_t(prim.indices));
    const int size = tinygltf::GetComponentSizeInBytes(std::uint32_t(ix.component_type));
    const bool unsigned_type = ix.component_type == TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE ||
                               ix.component_type == TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT ||
                               ix.component_type == TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT;
    if (!unsigned_type || ix.components != 1)
      return input_error(i_where + ": indices must be unsigned byte, short or int SCALAR");
    for (std::size_t i = 0; i < ix.count; ++i) {
      std::uint32_t index = 0;
      std::memcpy(&index, ix.data + i * ix.stride, std::size_t(size));
      if (index >= p.count)
        return input_error(i_where + ": index " + std::to_string(index) + " (element " + std::to_string(i) +
                           ") is past the " + count_of(p.count, "vertices") + " of POSITION");
      indices.push_back(first + index);
    }
  } else {
    for (std::size_t i = 0; i < p.count; ++i) indices.push_back(first + std::uint32_t(i));
  }
  if (indices.size() % 3 != 0)
    return input_error(where + ": " + count_of(indices.size(), "indices") + " do not make whole triangles");
  for (std::size_t i = 0; i + 2 < indices.size(); i += 3)
    mesh.triangles.push_back({indices[i], indices[i + 1], indices[i + 2]});
  return success();
}

Result<Mesh> mesh_of(const tinygltf::Model& model) {
  // The nodes to start from: the default scene's roots, or every node when there is no scene.
  std::vector<int> roots;
  if (!model.scenes.empty()) {
    const int scene = model.defaultScene >= 0 ? model.defaultScene : 0;
    if (std::size_t(scene) >= model.scenes.size())
      return input_error("scene: default scene " + std::to_string(scene) + " does not exist (" +
                         count_of(model.scenes.size(), "scenes") + ")");
    roots = model.scenes[std::size_t(scene)].nodes;
    for (std::size_t i = 0; i < roots.size(); ++i)
      if (roots[i] < 0 || std::size_t(roots[i]) >= model.nodes.size())
        return input_error(at(("scenes/" + std::to_string(scene) + "/nodes").c_str(), i) + ": node " +
                           std::to_string(roots[i]) + " does not exist (" + count_of(model.nodes.size(), "nodes") +
                           ")");
  } else {
    for (std::size_t i = 0; i < model.nodes.size(); ++i) roots.push_back(int(i));
  }

  Mesh mesh;
  // Depth-first without recursion: a stack of (node, its world transform, next child to visit).
  struct Frame {
    int node;
    glm::mat4 world;
    std::size_t next_child;
  };
  std::vector<char> on_path(model.nodes.size(), 0);
  // A node may have several parents; a hierarchy that shares nodes level after level would be
  // visited an exponential number of times, so the visits are counted.
  constexpr std::size_t kMaxVisits = 100000;
  std::size_t visits = 0;
  for (int root : roots) {
    std::vector<Frame> stack;
    auto enter = [&](int node, const glm::mat4& parent) -> Result<void> {
      if (++visits > kMaxVisits)
        return input_error("nodes: the hierarchy is visited more than " + std::to_string(kMaxVisits) +
                           " times (nodes shared by many parents)");
      const tinygltf::Node& n = model.nodes[std::size_t(node)];
      const std::string where = at("nodes", std::size_t(node));
      LFX_TRY_ASSIGN(const glm::mat4 local, local_transform(n, where));
      const glm::mat4 world = parent * local;
      if (n.mesh >= 0) {
        if (std::size_t(n.mesh) >= model.meshes.size())
          return input_error(where + "/mesh: mesh " + std::to_string(n.mesh) + " does not exist (" +
                             count_of(model.meshes.size(), "meshes") + ")");
        const tinygltf::Mesh& m = model.meshes[std::size_t(n.mesh)];
        for (std::size_t pi = 0; pi < m.primitives.size(); ++pi)
          LFX_TRY(add_primitive(model, m.primitives[pi],
                                at("meshes", std::size_t(n.mesh)) + "/primitives/" + std::to_string(pi), world, mesh));
      }
      on_path[std::size_t(node)] = 1;
      stack.push_back({node, world, 0});
      return success();
    };
    LFX_TRY(enter(root, glm::mat4(1.0f)));
    while (!stack.empty()) {
      Frame& top = stack.back();
      const tinygltf::Node& n = model.nodes[std::size_t(top.node)];
      if (top.next_child == n.children.size()) {
        on_path[std::size_t(top.node)] = 0;
        stack.pop_back();
        continue;
      }
      const std::size_t c = top.next_child++;
      const int child = n.children[c];
      const std::string where = at("nodes", std::size_t(top.node)) + "/children";
      if (child < 0 || std::size_t(child) >= model.nodes.size())
        return input_error(where + ": node " + std::to_string(child) + " does not exist (" +
                           count_of(model.nodes.size(), "nodes") + ")");
      if (on_path[std::size_t(child)]) return input_error(where + ": cycle back to node " + std::to_string(child));
      const glm::mat4 world = top.world;  // `top` may move when the stack grows
      LFX_TRY(enter(child, world));
    }
  }
  if (mesh.triangles.empty()) return input_error("no triangles in the glTF scene");
  return mesh;
}

// The buffers a .gltf names are read through this: regular files only, at most
// kMaxMeshFileBytes, so that a uri of "/dev/zero" or a folder is an error, not a hang.
bool read_referenced_file(std::vector<unsigned char>* out, std::string* error, const std::string& path, void* allowed) {
  if (!allowed) {
    *error = path + ": external files are not read here";
    return false;
  }
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) {
    *error = path + ": not a regular file";
    return false;
  }
  auto bytes = read_text_file(path, "glTF buffer", kMaxMeshFileBytes);
  if (!bytes) {
    *error = bytes.error().message;
    return false;
  }
  out->assign(bytes->begin(), bytes->end());
  return true;
}

}  // namespace

Result<Mesh> parse_gltf(const std::string& bytes, const std::string& source, const std::string& base_dir,
                        bool read_external_files) {
  tinygltf::Model model;
  tinygltf::TinyGLTF loader;
  // Only the geometry is read: textures are neither decoded nor opened.
  loader.SetImageLoader([](tinygltf::Image*, const int, std::string*, std::string*, int, int, const unsigned char*, int,
                           void*) { return true; },
                        nullptr);
  static int allowed = 1;
  loader.SetFsCallbacks({&tinygltf::FileExists, &tinygltf::ExpandFilePath, &read_referenced_file, nullptr,
                         read_external_files ? &allowed : nullptr});
  std::string error, warning;
  const bool binary = bytes.size() >= 4 && bytes.compare(0, 4, "glTF") == 0;
  if (bytes.size() > std::size_t(std::numeric_limits<unsigned int>::max()))
    return input_error(source + ": the glTF is larger than 4 GiB");
  bool loaded = false;
  try {
    loaded = binary
                 ? loader.LoadBinaryFromMemory(&model, &error, &warning,
                                               reinterpret_cast<const unsigned char*>(bytes.data()),
                                               unsigned(bytes.size()), base_dir)
                 : loader.LoadASCIIFromString(&model, &error, &warning, bytes.data(), unsigned(bytes.size()), base_dir);
  } catch (const std::exception& e) {
    // tinygltf parses JSON with exceptions enabled (a number beyond a double's range).
    error = e.what();
  }
  if (!loaded) return input_error(source + ": cannot read glTF: " + (error.empty() ? "unknown error" : error));
  auto mesh = mesh_of(model);
  if (!mesh) return mesh.error().within(source);
  return mesh;
}

Result<Mesh> load_gltf(const std::string& path) {
  auto bytes = read_text_file(path, "mesh file", kMaxMeshFileBytes);
  if (!bytes) return bytes.error();
  const std::string base_dir = std::filesystem::path(path).parent_path().string();
  return parse_gltf(*bytes, path, base_dir.empty() ? "." : base_dir, true);
}

}  // namespace lfx

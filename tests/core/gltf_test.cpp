// glTF loading of hostile files: every reference the loader follows is checked and named.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>

#include "liquidfx/core/container/closed_mesh.h"
#include "liquidfx/core/container/mesh_io.h"
#include "liquidfx/core/container/shapes.h"
#include "liquidfx/core/container/volume.h"

namespace lfx {
namespace {

using nlohmann::json;

// A unit box as glTF: buffer 0 in a .bin next to the .gltf (positions, then uint16 indices).
struct BoxGltf {
  json doc;
  std::vector<unsigned char> bin;
};

BoxGltf box_gltf() {
  const Mesh box = make_box({1, 1, 1});
  BoxGltf g;
  g.bin.resize(box.positions.size() * 12 + box.triangles.size() * 6);
  std::memcpy(g.bin.data(), box.positions.data(), box.positions.size() * 12);
  std::vector<std::uint16_t> indices;
  for (const auto& t : box.triangles)
    for (auto i : t) indices.push_back(std::uint16_t(i));
  std::memcpy(g.bin.data() + box.positions.size() * 12, indices.data(), indices.size() * 2);
  g.doc = json::parse(R"({"asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": [0]}],
    "nodes": [{"mesh": 0}],
    "meshes": [{"primitives": [{"attributes": {"POSITION": 0}, "indices": 1}]}],
    "buffers": [{"byteLength": 168, "uri": "box.bin"}],
    "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": 96},
                    {"buffer": 0, "byteOffset": 96, "byteLength": 72}],
    "accessors": [{"bufferView": 0, "componentType": 5126, "count": 8, "type": "VEC3"},
                  {"bufferView": 1, "componentType": 5123, "count": 36, "type": "SCALAR"}]})");
  return g;
}

Result<Mesh> load(const BoxGltf& g, const std::string& name = "box") {
  const std::string dir = testing::TempDir();
  std::ofstream(dir + "box.bin", std::ios::binary)
      .write(reinterpret_cast<const char*>(g.bin.data()), std::streamsize(g.bin.size()));
  std::ofstream(dir + name + ".gltf") << g.doc.dump();
  return load_mesh(dir + name + ".gltf");
}

std::string error_of(const BoxGltf& g) {
  auto mesh = load(g);
  return mesh ? std::string("(loaded)") : mesh.error().message;
}

TEST(GltfTest, TheBoxLoads) {
  auto mesh = load(box_gltf());
  ASSERT_TRUE(mesh) << mesh.error().message;
  EXPECT_EQ(mesh->triangles.size(), 12u);
  EXPECT_NEAR(volume_of(*close_and_orient(*mesh, "box")).volume, 1.0, 1e-6);
}

TEST(GltfTest, EveryBrokenReferenceIsNamed) {
  struct Case {
    const char* what;
    void (*edit)(BoxGltf&);
    const char* message;
  } cases[] = {
      {"missing buffer", [](BoxGltf& g) { g.doc["buffers"][0]["uri"] = "nothere.bin"; }, "cannot read glTF"},
      {"device buffer", [](BoxGltf& g) { g.doc["buffers"][0]["uri"] = "/dev/zero"; }, "cannot read glTF"},
      {"node mesh", [](BoxGltf& g) { g.doc["nodes"][0]["mesh"] = 5; },
       "nodes/0/mesh: mesh 5 does not exist (1 meshes)"},
      {"accessor", [](BoxGltf& g) { g.doc["meshes"][0]["primitives"][0]["indices"] = 7; },
       "primitive indices accessor out of bounds"},  // tinygltf's own check
      {"buffer view", [](BoxGltf& g) { g.doc["accessors"][1]["bufferView"] = 9; },
       "accessor[1] invalid bufferView"},  // tinygltf's own check
      {"default scene", [](BoxGltf& g) { g.doc["scene"] = 3; }, "scene: default scene 3 does not exist (1 scenes)"},
      {"scene root", [](BoxGltf& g) { g.doc["scenes"][0]["nodes"] = json::array({4}); },
       "scenes/0/nodes/0: node 4 does not exist (1 nodes)"},
      {"cycle",
       [](BoxGltf& g) { g.doc["nodes"] = json::parse(R"([{"mesh": 0, "children": [1]}, {"children": [0]}])"); },
       "nodes/1/children: cycle back to node 0"},
      {"self cycle", [](BoxGltf& g) { g.doc["nodes"][0]["children"] = json::array({0}); },
       "nodes/0/children: cycle back to node 0"},
      {"count past view",
       [](BoxGltf& g) {
         g.doc["accessors"][1]["componentType"] = 5121;
         g.doc["accessors"][1]["count"] = 100000;
         g.doc["bufferViews"][1]["byteLength"] = 36;
       },
       "accessors/1: 100000 x 1 byte runs past bufferView 1 (36 bytes)"},
      {"huge count", [](BoxGltf& g) { g.doc["accessors"][0]["count"] = std::numeric_limits<std::uint64_t>::max() / 2; },
       "runs past bufferView 0"},
      {"view past buffer", [](BoxGltf& g) { g.doc["bufferViews"][1]["byteOffset"] = 160; },
       "bufferViews/1: 72 bytes at offset 160 run past buffer 0 (168 bytes)"},
      {"index past vertices", [](BoxGltf& g) { g.bin[96] = 200; },
       "accessors/1: index 200 (element 0) is past the 8 vertices of POSITION"},
      {"not finite",
       [](BoxGltf& g) {
         const float nan = std::numeric_limits<float>::quiet_NaN();
         std::memcpy(g.bin.data() + 12 * 2, &nan, 4);
       },
       "accessors/0: vertex 2 is not finite"},
      {"positions type", [](BoxGltf& g) { g.doc["accessors"][0]["type"] = "VEC2"; }, "POSITION must be float VEC3"},
      {"index type",
       [](BoxGltf& g) {
         g.doc["accessors"][1]["componentType"] = 5126;
         g.doc["accessors"][1]["count"] = 18;
       },
       "indices must be unsigned byte, short or int SCALAR"},
      {"partial triangle", [](BoxGltf& g) { g.doc["accessors"][1]["count"] = 35; },
       "35 indices do not make whole triangles"},
      {"transform",
       [](BoxGltf& g) {
         g.doc["nodes"][0]["scale"] = json::array({1e39, 1, 1});
       },
       "vertex 0 is not finite"},
      {"no triangles", [](BoxGltf& g) { g.doc["nodes"][0].erase("mesh"); }, "no triangles in the glTF scene"},
  };
  for (const Case& c : cases) {
    BoxGltf g = box_gltf();
    c.edit(g);
    const std::string message = error_of(g);
    EXPECT_NE(message.find(c.message), std::string::npos) << c.what << ": " << message;
  }
}

TEST(GltfTest, ANumberBeyondADoubleIsAnErrorNotACrash) {
  const std::string path = testing::TempDir() + "overflow.gltf";
  std::ofstream(path) << R"({"asset": {"version": "2.0"}, "nodes": [{"scale": [1e400, 1, 1]}]})";
  auto mesh = load_mesh(path);
  ASSERT_FALSE(mesh);
  EXPECT_NE(mesh.error().message.find("overflow.gltf"), std::string::npos) << mesh.error().message;
}

TEST(GltfTest, SharedNodesAreVisitedBoundedly) {
  // Forty levels of two parents each: 2^40 paths; the loader stops with a clear error.
  BoxGltf g = box_gltf();
  json nodes = json::array();
  for (int i = 0; i < 40; ++i) nodes.push_back({{"children", json::array({i + 1, i + 1})}});
  nodes.push_back({{"mesh", 0}});
  g.doc["nodes"] = nodes;
  const std::string message = error_of(g);
  EXPECT_NE(message.find("visited more than"), std::string::npos) << message;
}

}  // namespace
}  // namespace lfx

namespace lfx {
namespace {

TEST(GltfTest, BinaryGlbLoads) {
  auto mesh = load_mesh(std::string(LIQUIDFX_SOURCE_DIR) + "/tests/fuzz/corpus/gltf/tetrahedron.glb");
  ASSERT_TRUE(mesh) << mesh.error().message;
  EXPECT_EQ(mesh->triangles.size(), 4u);
  EXPECT_NEAR(volume_of(*close_and_orient(*mesh, "tetrahedron")).volume, 1.0 / 6.0, 1e-4);  // a 4-digit rotation
}

}  // namespace
}  // namespace lfx

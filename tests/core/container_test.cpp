// Container meshes: volumes, validation messages, loading.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <fstream>
#include <numbers>

#include "liquidfx/core/container/closed_mesh.h"
#include "liquidfx/core/container/mesh_io.h"
#include "liquidfx/core/container/shapes.h"
#include "liquidfx/core/container/volume.h"
#include "test_meshes.h"

namespace lfx {
namespace {

constexpr double kPi = std::numbers::pi;

TEST(ContainerTest, AnalyticVolumes) {
  EXPECT_NEAR(volume_of(make_box({0.1f, 0.2f, 0.3f})).volume, 0.006, 1e-9);
  // A cylinder of N segments is a prism over a regular N-gon: (N/2) r^2 sin(2 pi / N) h.
  const int n = 64;
  EXPECT_NEAR(volume_of(make_cylinder(0.05f, 0.2f, n)).volume, 0.5 * n * 0.0025 * std::sin(2 * kPi / n) * 0.2, 1e-9);
  const double sphere = volume_of(make_sphere(0.1f, 128, 64)).volume;
  EXPECT_NEAR(sphere / (4.0 / 3.0 * kPi * 0.001), 1.0, 2e-3);  // polyhedral approximation
  const MeshVolume box = volume_of(transformed(make_box({1, 1, 1}), glm::mat4(1.0f)));
  EXPECT_NEAR(box.centroid.x, 0.0, 1e-9);
}

TEST(ContainerTest, EveryNamedShapeIsClosedAndOutward) {
  for (std::string_view name : shape_names()) {
    auto mesh = make_shape(name);
    ASSERT_TRUE(mesh) << name;
    std::vector<std::string> notes;
    auto closed = close_and_orient(*mesh, std::string(name), &notes);
    ASSERT_TRUE(closed) << closed.error().message;
    EXPECT_TRUE(notes.empty()) << name << " " << (notes.empty() ? "" : notes[0]);
    EXPECT_GT(volume_of(*closed).volume, 0.0) << name;
  }
}

Mesh drop_triangle(Mesh m) {
  m.triangles.pop_back();
  return m;
}

TEST(ContainerTest, BadMeshesNameTheirProblemAndCount) {
  const Mesh box = make_box({1, 1, 1});
  struct Case {
    Mesh mesh;
    std::string message;
  };
  Mesh nan_vertex = box;
  nan_vertex.positions[2].y = std::nanf("");
  Mesh degenerate = box;
  degenerate.triangles.push_back({0, 0, 1});
  Mesh duplicated = box;
  duplicated.triangles.push_back(box.triangles[0]);
  Mesh flipped_one = box;
  std::swap(flipped_one.triangles[3][1], flipped_one.triangles[3][2]);
  Mesh flat;
  flat.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
  flat.triangles = {{0, 1, 2}, {0, 2, 1}};
  const Case cases[] = {
      {drop_triangle(box), "box.obj: mesh is not closed: 3 boundary edges"},
      {nan_vertex, "box.obj: 1 vertex is NaN or infinite"},
      {degenerate, "box.obj: 1 degenerate triangle (zero area)"},
      {duplicated, "box.obj: 3 non-manifold edges (shared by more than two triangles)"},
      {flipped_one, "box.obj: inconsistent winding: 3 edges are used twice in the same direction"},
      {flat, "box.obj: mesh has zero volume"},
      {Mesh{}, "box.obj: mesh has no triangles"},
  };
  for (const Case& c : cases) {
    auto r = close_and_orient(c.mesh, "box.obj");
    ASSERT_FALSE(r) << c.message;
    EXPECT_EQ(r.error().message, c.message);
  }
}

TEST(ContainerTest, InwardWindingIsFlippedAndSaidSo) {
  Mesh inward = make_box({1, 2, 3});
  for (auto& t : inward.triangles) std::swap(t[1], t[2]);
  std::vector<std::string> notes;
  auto fixed = close_and_orient(inward, "inward.obj", &notes);
  ASSERT_TRUE(fixed);
  EXPECT_NEAR(volume_of(*fixed).volume, 6.0, 1e-9);
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_EQ(notes[0], "inward.obj: triangles were wound inward; flipped");
}

TEST(ContainerTest, SeamsAreWelded) {
  // The same box with every face's vertices duplicated, as exporters do at normal seams.
  const Mesh box = make_box({1, 1, 1});
  Mesh split;
  for (const auto& t : box.triangles) {
    const std::uint32_t base = std::uint32_t(split.positions.size());
    for (int i = 0; i < 3; ++i) split.positions.push_back(box.positions[t[i]]);
    split.triangles.push_back({base, base + 1, base + 2});
  }
  auto closed = close_and_orient(split, "split");
  ASSERT_TRUE(closed) << closed.error().message;
  EXPECT_EQ(closed->positions.size(), 8u);
}

TEST(ContainerTest, ObjParsesPolygonsAndNegativeIndices) {
  auto mesh = parse_obj(
      "# a unit cube\nv 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nv 0 0 1\nv 1 0 1\nv 1 1 1\nv 0 1 1\n"
      "f 1 4 3 2\nf 5 6 7 8\nf 1 2 6 5\nf 2/1 3/1 7/1 6/1\nf 3//2 4//2 8//2 7//2\nf -8 -4 -1 -5\n",
      "cube.obj");
  ASSERT_TRUE(mesh) << mesh.error().message;
  EXPECT_EQ(mesh->triangles.size(), 12u);
  auto closed = close_and_orient(*mesh, "cube.obj");
  ASSERT_TRUE(closed) << closed.error().message;
  EXPECT_NEAR(volume_of(*closed).volume, 1.0, 1e-9);
}

TEST(ContainerTest, ObjErrorsNameTheLine) {
  auto bad_index = parse_obj("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 9\n", "x.obj");
  ASSERT_FALSE(bad_index);
  EXPECT_EQ(bad_index.error().message, "x.obj:4: face index 9 out of range (3 vertices so far)");
  auto bad_vertex = parse_obj("v 0 zero 0\n", "x.obj");
  ASSERT_FALSE(bad_vertex);
  EXPECT_EQ(bad_vertex.error().message, "x.obj:1: vertex needs 3 numbers, got \"zero\"");
  auto empty = parse_obj("v 0 0 0\n", "x.obj");
  ASSERT_FALSE(empty);
  EXPECT_EQ(empty.error().message, "x.obj: no faces");
  EXPECT_FALSE(load_mesh("/nonexistent/x.obj"));
  auto unknown = load_mesh("mesh.stl");
  ASSERT_FALSE(unknown);
  EXPECT_NE(unknown.error().message.find("unknown mesh format"), std::string::npos);
}

std::string base64(const std::vector<unsigned char>& bytes) {
  static const char* kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    const std::uint32_t v = (std::uint32_t(bytes[i]) << 16) |
                            (i + 1 < bytes.size() ? std::uint32_t(bytes[i + 1]) << 8 : 0u) |
                            (i + 2 < bytes.size() ? bytes[i + 2] : 0u);
    out += kAlphabet[(v >> 18) & 63];
    out += kAlphabet[(v >> 12) & 63];
    out += i + 1 < bytes.size() ? kAlphabet[(v >> 6) & 63] : '=';
    out += i + 2 < bytes.size() ? kAlphabet[v & 63] : '=';
  }
  return out;
}

TEST(ContainerTest, GltfLoadsWithNodeTransforms) {
  const Mesh box = make_box({1, 1, 1});
  std::vector<unsigned char> data(box.positions.size() * 12 + box.triangles.size() * 6);
  std::memcpy(data.data(), box.positions.data(), box.positions.size() * 12);
  std::vector<std::uint16_t> indices;
  for (const auto& t : box.triangles)
    for (auto i : t) indices.push_back(std::uint16_t(i));
  std::memcpy(data.data() + box.positions.size() * 12, indices.data(), indices.size() * 2);
  const std::string gltf = R"({"asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": [0]}],
    "nodes": [{"mesh": 0, "scale": [2, 3, 4]}],
    "meshes": [{"name": "box", "primitives": [{"attributes": {"POSITION": 0}, "indices": 1}]}],
    "buffers": [{"byteLength": )" +
                           std::to_string(data.size()) + R"(, "uri": "data:application/octet-stream;base64,)" +
                           base64(data) + R"("}],
    "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": 96},
                    {"buffer": 0, "byteOffset": 96, "byteLength": 72}],
    "accessors": [{"bufferView": 0, "componentType": 5126, "count": 8, "type": "VEC3",
                   "min": [-0.5, -0.5, -0.5], "max": [0.5, 0.5, 0.5]},
                  {"bufferView": 1, "componentType": 5123, "count": 36, "type": "SCALAR"}]})";
  const std::string path = testing::TempDir() + "box.gltf";
  std::ofstream(path) << gltf;
  auto mesh = load_mesh(path);
  ASSERT_TRUE(mesh) << mesh.error().message;
  auto closed = close_and_orient(*mesh, path);
  ASSERT_TRUE(closed) << closed.error().message;
  EXPECT_NEAR(volume_of(*closed).volume, 24.0, 1e-5);
}

}  // namespace
}  // namespace lfx

#include "liquidfx/core/container/solid_checks.h"

namespace lfx {
namespace {

Mesh joined(const Mesh& a, const Mesh& b, glm::vec3 offset, bool flip_b) {
  Mesh out = a;
  const std::uint32_t base = std::uint32_t(out.positions.size());
  for (glm::vec3 p : b.positions) out.positions.push_back(p + offset);
  for (auto t : b.triangles) {
    if (flip_b) std::swap(t[1], t[2]);
    out.triangles.push_back({t[0] + base, t[1] + base, t[2] + base});
  }
  return out;
}

TEST(SolidChecksTest, SoundSolidsGetNoWarning) {
  for (const char* name :
       {"box", "cylinder", "sphere", "bottle", "wine_bottle", "flask", "wine_glass", "mug", "jar", "square_bottle"}) {
    auto parts = make_shape_parts(name);
    ASSERT_TRUE(parts) << name;
    EXPECT_TRUE(solid_warnings(parts->container, name).empty())
        << name << ": " << solid_warnings(parts->container, name)[0];
  }
  // Two separate chambers, and a box with a cavity (the inner box wound inward).
  EXPECT_TRUE(solid_warnings(test::two_chambers(), "chambers").empty());
  EXPECT_TRUE(solid_warnings(joined(make_box({1, 1, 1}), make_box({0.5f, 0.5f, 0.5f}), {}, true), "hollow").empty());
}

TEST(SolidChecksTest, OverlappingShellsAndCrossingSurfacesAreReported) {
  auto nested = solid_warnings(joined(make_box({1, 1, 1}), make_box({0.5f, 0.5f, 0.5f}), {}, false), "nested.obj");
  ASSERT_EQ(nested.size(), 1u);
  EXPECT_NE(nested[0].find("nested.obj: 1 of its 2 shells lie inside or across another one wound the same way"),
            std::string::npos)
      << nested[0];
  // Boxes that overlap exactly by an eighth: every crossing lies on an edge, only corners are inside.
  auto corner = solid_warnings(joined(make_box({1, 1, 1}), make_box({1, 1, 1}), {0.5f, 0.5f, 0.5f}, false), "c.obj");
  ASSERT_FALSE(corner.empty());
  EXPECT_NE(corner[0].find("c.obj: 2 of its 2 shells lie inside or across another one"), std::string::npos)
      << corner[0];
  auto crossing = solid_warnings(joined(make_box({1, 1, 1}), make_box({1, 1, 1}), {0.5f, 0.3f, 0.2f}, false), "x.obj");
  ASSERT_EQ(crossing.size(), 2u);
  EXPECT_NE(crossing[1].find("x.obj: the surface passes through itself"), std::string::npos) << crossing[1];
  std::vector<std::string> notes;
  ASSERT_TRUE(close_and_orient(joined(make_box({1, 1, 1}), make_box({0.5f, 0.5f, 0.5f}), {}, false), "n.obj", &notes));
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_NE(notes[0].find("not trustworthy"), std::string::npos);
}

TEST(SolidChecksTest, TinyAndHugeCubesAreValid) {
  for (float side : {1e-6f, 1e30f}) {
    auto cube = close_and_orient(make_box({side, side, side}), "cube");
    ASSERT_TRUE(cube) << side << ": " << cube.error().message;
    EXPECT_NEAR(volume_of(*cube).volume / (double(side) * side * side), 1.0, 1e-5) << side;
  }
}

TEST(SolidChecksTest, ObjVerticesBeyondAFloatNameTheirLine) {
  auto huge = parse_obj("v 0 0 0\nv 1e39 0 0\nv 0 1 0\nf 1 2 3\n", "h.obj");
  ASSERT_FALSE(huge);
  EXPECT_EQ(huge.error().message, "h.obj:2: vertex coordinate 1e39 is not a finite float");
  auto nan = parse_obj("v 0 0 0\nv nan 0 0\n", "n.obj");
  ASSERT_FALSE(nan);
  EXPECT_EQ(nan.error().message, "n.obj:2: vertex coordinate nan is not a finite float");
}

}  // namespace
}  // namespace lfx

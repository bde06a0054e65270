#include "liquidfx/core/container/shapes.h"

#include <array>
#include <cmath>
#include <numbers>
#include <string>

namespace lfx {
namespace {

constexpr float kTau = 2.0f * std::numbers::pi_v<float>;

// Profiles (radius, height) in metres, bottom to top.
constexpr glm::vec2 kBottle[] = {{0.0f, 0.0f},      {0.033f, 0.0f},    {0.035f, 0.004f},  {0.035f, 0.150f},
                                 {0.031f, 0.172f},  {0.020f, 0.192f},  {0.0135f, 0.204f}, {0.0135f, 0.236f},
                                 {0.0145f, 0.238f}, {0.0145f, 0.246f}, {0.0f, 0.246f}};
// Uncorked: its glass is open at the lip, so it pours.
constexpr glm::vec2 kWineBottle[] = {{0.0f, 0.0f},      {0.034f, 0.0f},    {0.037f, 0.005f},  {0.037f, 0.190f},
                                     {0.033f, 0.215f},  {0.022f, 0.237f},  {0.0135f, 0.252f}, {0.0125f, 0.262f},
                                     {0.0125f, 0.296f}, {0.0142f, 0.299f}, {0.0142f, 0.305f}};
constexpr glm::vec2 kFlask[] = {{0.0f, 0.0f},     {0.058f, 0.0f},   {0.061f, 0.006f}, {0.021f, 0.125f},
                                {0.018f, 0.135f}, {0.018f, 0.180f}, {0.0f, 0.180f}};
// The wine glass's bowl holds the liquid; the glass itself also has a stem and a foot.
constexpr glm::vec2 kWineGlassBowl[] = {{0.0f, 0.100f},   {0.018f, 0.1015f}, {0.032f, 0.110f}, {0.041f, 0.128f},
                                        {0.043f, 0.150f}, {0.040f, 0.178f},  {0.036f, 0.198f}, {0.0f, 0.198f}};
constexpr glm::vec2 kWineGlass[] = {{0.0f, 0.0f},      {0.036f, 0.0f},    {0.036f, 0.003f},  {0.006f, 0.007f},
                                    {0.004f, 0.014f},  {0.004f, 0.088f},  {0.010f, 0.096f},  {0.022f, 0.1005f},
                                    {0.0335f, 0.109f}, {0.0425f, 0.127f}, {0.0445f, 0.150f}, {0.0415f, 0.178f},
                                    {0.0375f, 0.199f}, {0.0f, 0.199f}};
constexpr glm::vec2 kMug[] = {{0.0f, 0.0f}, {0.039f, 0.0f}, {0.041f, 0.004f}, {0.041f, 0.095f}, {0.0f, 0.095f}};
constexpr glm::vec2 kJar[] = {{0.0f, 0.0f},     {0.044f, 0.0f},   {0.047f, 0.006f}, {0.047f, 0.100f},
                              {0.041f, 0.112f}, {0.034f, 0.116f}, {0.034f, 0.132f}, {0.0f, 0.132f}};
constexpr glm::vec2 kSquareBottle[] = {{0.0f, 0.0f},     {0.042f, 0.0f},   {0.042f, 0.140f}, {0.028f, 0.160f},
                                       {0.016f, 0.170f}, {0.016f, 0.205f}, {0.0f, 0.205f}};

constexpr std::string_view kNames[] = {"box",   "cylinder",   "sphere", "bottle", "wine_bottle",
                                       "flask", "wine_glass", "mug",    "jar",    "square_bottle"};

}  // namespace

Mesh make_box(glm::vec3 size) {
  const glm::vec3 h = size * 0.5f;
  Mesh m;
  for (int i = 0; i < 8; ++i) m.positions.push_back({(i & 1) ? h.x : -h.x, (i & 2) ? h.y : -h.y, (i & 4) ? h.z : -h.z});
  // Two triangles a face, counter-clockwise seen from outside.
  const std::array<std::array<std::uint32_t, 4>, 6> faces = {{
      {0, 4, 6, 2},
      {1, 3, 7, 5},  // -x, +x
      {0, 1, 5, 4},
      {2, 6, 7, 3},  // -y, +y
      {0, 2, 3, 1},
      {4, 5, 7, 6},  // -z, +z
  }};
  for (const auto& f : faces) {
    m.triangles.push_back({f[0], f[1], f[2]});
    m.triangles.push_back({f[0], f[2], f[3]});
  }
  return m;
}

Mesh make_lathe(std::span<const glm::vec2> profile, int segments, float phase, bool open_top) {
  Mesh m;
  const std::size_t rows = profile.size();
  // One ring of vertices per profile point; a point on the axis is a single pole vertex.
  std::vector<std::uint32_t> ring_start(rows);
  for (std::size_t r = 0; r < rows; ++r) {
    ring_start[r] = std::uint32_t(m.positions.size());
    if (profile[r].x <= 0.0f) {
      m.positions.push_back({0.0f, profile[r].y, 0.0f});
      continue;
    }
    for (int s = 0; s < segments; ++s) {
      const float a = phase + kTau * float(s) / float(segments);
      m.positions.push_back({profile[r].x * std::cos(a), profile[r].y, -profile[r].x * std::sin(a)});
    }
  }
  auto at = [&](std::size_t r, int s) {
    return profile[r].x <= 0.0f ? ring_start[r] : ring_start[r] + std::uint32_t(s % segments);
  };
  // An open top drops the last row when it closes onto the axis (the lid of a cup).
  const std::size_t last_row = open_top && profile[rows - 1].x <= 0.0f ? rows - 1 : rows;
  for (std::size_t r = 0; r + 1 < last_row; ++r) {
    for (int s = 0; s < segments; ++s) {
      const std::uint32_t a = at(r, s), b = at(r, s + 1), c = at(r + 1, s + 1), d = at(r + 1, s);
      if (a != b) m.triangles.push_back({a, b, c});
      if (c != d) m.triangles.push_back({a, c, d});
    }
  }
  // Caps where the profile ends off the axis.
  auto cap = [&](std::size_t r, bool top) {
    if (profile[r].x <= 0.0f) return;
    const std::uint32_t center = std::uint32_t(m.positions.size());
    m.positions.push_back({0.0f, profile[r].y, 0.0f});
    for (int s = 0; s < segments; ++s) {
      if (top) {
        m.triangles.push_back({center, at(r, s), at(r, s + 1)});
      } else {
        m.triangles.push_back({center, at(r, s + 1), at(r, s)});
      }
    }
  };
  cap(0, false);
  if (!open_top) cap(rows - 1, true);
  return m;
}

Mesh make_cylinder(float radius, float height, int segments) {
  const glm::vec2 profile[] = {{radius, 0.0f}, {radius, height}};
  return make_lathe(profile, segments);
}

Mesh make_sphere(float radius, int segments, int rings) {
  std::vector<glm::vec2> profile;
  for (int r = 0; r <= rings; ++r) {
    const float theta = std::numbers::pi_v<float> * float(r) / float(rings);
    profile.push_back({r == 0 || r == rings ? 0.0f : radius * std::sin(theta), -radius * std::cos(theta)});
  }
  return make_lathe(profile, segments);
}

Result<ShapeParts> make_shape_parts(std::string_view name) {
  auto lathe = [](std::span<const glm::vec2> profile, bool open, int segments = 48, float phase = 0.0f) {
    return ShapeParts{make_lathe(profile, segments, phase), make_lathe(profile, segments, phase, open), std::nullopt};
  };
  if (name == "box") {
    const Mesh box = make_box({0.08f, 0.16f, 0.08f});
    return ShapeParts{box, box, std::nullopt};
  }
  if (name == "cylinder") {
    const Mesh c = make_cylinder(0.04f, 0.15f, 48);
    return ShapeParts{c, c, std::nullopt};
  }
  if (name == "sphere") {
    const Mesh s = make_sphere(0.06f, 48, 24);
    return ShapeParts{s, s, std::nullopt};
  }
  if (name == "bottle") return lathe(kBottle, false);
  if (name == "wine_bottle") return lathe(kWineBottle, true);
  if (name == "flask") return lathe(kFlask, true);
  if (name == "wine_glass") {
    ShapeParts parts = lathe(kWineGlass, true);
    parts.liquid = make_lathe(kWineGlassBowl, 48);
    return parts;
  }
  if (name == "mug") return lathe(kMug, true);
  if (name == "jar") return lathe(kJar, false);
  if (name == "square_bottle") return lathe(kSquareBottle, false, 4, 0.25f * std::numbers::pi_v<float>);
  std::string known;
  for (auto n : kNames) known += (known.empty() ? "" : ", ") + std::string(n);
  return input_error("unknown shape \"" + std::string(name) + "\" (known: " + known + ")");
}

Result<Mesh> make_shape(std::string_view name) {
  auto parts = make_shape_parts(name);
  if (!parts) return parts.error();
  return parts->container;
}

std::span<const std::string_view> shape_names() {
  return kNames;
}

}  // namespace lfx

// Meshes the core tests share: non-convex and multi-chamber containers.
#pragma once

#include "liquidfx/core/container/mesh.h"
#include "liquidfx/core/container/shapes.h"

namespace lfx::test {

/// Two boxes side by side in one mesh (two separate chambers).
inline Mesh two_chambers() {
  Mesh a = make_box({0.1f, 0.2f, 0.1f});
  const Mesh b = make_box({0.06f, 0.1f, 0.08f});
  const std::uint32_t base = std::uint32_t(a.positions.size());
  for (glm::vec3 p : b.positions) a.positions.push_back(p + glm::vec3(0.15f, -0.03f, 0.02f));
  for (auto t : b.triangles) a.triangles.push_back({t[0] + base, t[1] + base, t[2] + base});
  return a;
}

/// An hourglass: strongly non-convex, with a narrow waist.
inline Mesh hourglass() {
  const glm::vec2 profile[] = {{0.0f, 0.0f},   {0.05f, 0.0f}, {0.05f, 0.06f}, {0.008f, 0.1f},
                               {0.05f, 0.14f}, {0.05f, 0.2f}, {0.0f, 0.2f}};
  return make_lathe(profile, 24);
}

}  // namespace lfx::test

#include "liquidfx/core/spread/spread_transport.h"

#include <algorithm>
#include <cmath>

#include "shared/spread.h"

namespace lfx::spread {
namespace {

// A cell index along an axis of n cells past the edge: the edge cell (walls) or the other side's.
int edge_index(int i, int n, Edges edges) {
  return edges == Edges::wrap ? ((i % n) + n) % n : std::clamp(i, 0, n - 1);
}

void step(SpreadField& bulk, std::span<SpreadField> carried, const SpreadField& face_x, const SpreadField& face_y,
          float courant_per_speed, bool second_order, Edges edges) {
  const int nx = bulk.nx, ny = bulk.ny;
  // Faces carrying liquid: the interior ones, and with wrap the outer one (index 0, its copy at n).
  const int first = edges == Edges::wrap ? 0 : 1;
  auto wx = [&](int i) { return edge_index(i, nx, edges); };
  auto wy = [&](int j) { return edge_index(j, ny, edges); };
  auto close_outer_faces = [&](SpreadField& fx, SpreadField& fy) {
    if (edges != Edges::wrap) return;
    for (int j = 0; j < ny; ++j) fx.at(nx, j) = fx.at(0, j);
    for (int i = 0; i < nx; ++i) fy.at(i, ny) = fy.at(i, 0);
  };
  // The volume (per unit cell area) crossing each face, from its upwind cell.
  auto h = [&](int i, int j) { return bulk.at(wx(i), wy(j)); };
  auto face_flux = [&](float velocity, float up_up, float up, float down) {
    return shared::spread_face_flux(std::abs(velocity) * courant_per_speed, up_up, up, down, second_order);
  };
  SpreadField fx(nx + 1, ny), fy(nx, ny + 1);
  for (int j = 0; j < ny; ++j)
    for (int i = first; i < nx; ++i) {
      const float w = face_x.at(i, j);
      fx.at(i, j) =
          w > 0.0f ? face_flux(w, h(i - 2, j), h(i - 1, j), h(i, j)) : -face_flux(w, h(i + 1, j), h(i, j), h(i - 1, j));
    }
  for (int j = first; j < ny; ++j)
    for (int i = 0; i < nx; ++i) {
      const float w = face_y.at(i, j);
      fy.at(i, j) =
          w > 0.0f ? face_flux(w, h(i, j - 2), h(i, j - 1), h(i, j)) : -face_flux(w, h(i, j + 1), h(i, j), h(i, j - 1));
    }
  close_outer_faces(fx, fy);
  // No cell gives more than it holds: its outgoing fluxes are scaled down together (each face's
  // flux is still what one side loses and the other gains).
  SpreadField scale(nx, ny, 1.0f);
  for (int j = 0; j < ny; ++j)
    for (int i = 0; i < nx; ++i) {
      const float out = std::max(fx.at(i + 1, j), 0.0f) + std::max(-fx.at(i, j), 0.0f) +
                        std::max(fy.at(i, j + 1), 0.0f) + std::max(-fy.at(i, j), 0.0f);
      if (out > bulk.at(i, j)) scale.at(i, j) = bulk.at(i, j) / out;
    }
  for (int j = 0; j < ny; ++j)
    for (int i = first; i < nx; ++i) fx.at(i, j) *= fx.at(i, j) > 0.0f ? scale.at(wx(i - 1), j) : scale.at(i, j);
  for (int j = first; j < ny; ++j)
    for (int i = 0; i < nx; ++i) fy.at(i, j) *= fy.at(i, j) > 0.0f ? scale.at(i, wy(j - 1)) : scale.at(i, j);
  close_outer_faces(fx, fy);
  // Pigments go with the liquid in their donor cell's proportions; then the liquid itself.
  auto move = [&](SpreadField& q, bool proportional) {
    SpreadField next = q;
    auto share = [&](int i, int j) {
      if (!proportional) return 1.0f;
      return bulk.at(i, j) > 0.0f ? std::min(q.at(i, j) / bulk.at(i, j), 1.0f) : 0.0f;
    };
    for (int j = 0; j < ny; ++j)
      for (int i = first; i < nx; ++i) {
        const float f = fx.at(i, j) * (fx.at(i, j) > 0.0f ? share(wx(i - 1), j) : share(i, j));
        next.at(wx(i - 1), j) -= f;
        next.at(i, j) += f;
      }
    for (int j = first; j < ny; ++j)
      for (int i = 0; i < nx; ++i) {
        const float f = fy.at(i, j) * (fy.at(i, j) > 0.0f ? share(i, wy(j - 1)) : share(i, j));
        next.at(i, wy(j - 1)) -= f;
        next.at(i, j) += f;
      }
    for (float& x : next.values) x = std::max(x, 0.0f);  // round-off below zero only
    q = std::move(next);
  };
  for (SpreadField& c : carried) move(c, true);
  move(bulk, false);
}

}  // namespace

int transport(SpreadField& bulk, std::span<SpreadField> carried, const SpreadField& face_x, const SpreadField& face_y,
              float dt, float cell, float cfl, bool second_order, Edges edges) {
  float fastest = 0.0f;
  for (float x : face_x.values) fastest = std::max(fastest, std::abs(x));
  for (float y : face_y.values) fastest = std::max(fastest, std::abs(y));
  const int substeps = std::clamp(int(std::ceil(fastest * dt / (cfl * cell))), 1, shared::kSpreadMostSubsteps);
  const float sub_dt = dt / float(substeps);
  for (int s = 0; s < substeps; ++s) step(bulk, carried, face_x, face_y, sub_dt / cell, second_order, edges);
  return substeps;
}

void swept_transport(SpreadField& bulk, std::span<SpreadField> carried, const SpreadField& face_x,
                     const SpreadField& face_y, float dt, float cell, Edges edges) {
  const int nx = bulk.nx, ny = bulk.ny;
  // One axis: `faces` holds the velocity across the faces along it; the sweep of face f (between
  // cells f - 1 and f along the axis) covers `cells` = velocity dt / cell of them upstream.
  auto sweep = [&](SpreadField& q, bool along_x) {
    const int n = along_x ? nx : ny, lines = along_x ? ny : nx;
    const SpreadField& faces = along_x ? face_x : face_y;
    SpreadField next = q;
    auto value = [&](int line, int k) { return along_x ? q.at(k, line) : q.at(line, k); };
    const bool wrap = edges == Edges::wrap;
    auto face_flux = [&](int line, int f) {
      if (wrap)
        f %= n;  // face n is face 0
      else if (f <= 0 || f >= n)
        return 0.0f;  // walls
      const float cells = (along_x ? faces.at(f, line) : faces.at(line, f)) * dt / cell;
      const int step = cells > 0.0f ? -1 : 1;  // towards upstream
      int k = cells > 0.0f ? f - 1 : f;
      // Wrapped, a sweep covers at most the whole line once.
      float left = wrap ? std::min(std::abs(cells), float(n)) : std::abs(cells), swept = 0.0f;
      while (left > 0.0f && (wrap || (k >= 0 && k < n))) {
        swept += std::min(left, 1.0f) * value(line, edge_index(k, n, edges));
        left -= 1.0f;
        k += step;
      }
      return cells > 0.0f ? swept : -swept;
    };
    for (int line = 0; line < lines; ++line)
      for (int k = 0; k < n; ++k) {
        const float updated = value(line, k) + face_flux(line, k) - face_flux(line, k + 1);
        (along_x ? next.at(k, line) : next.at(line, k)) = std::max(updated, 0.0f);
      }
    q = std::move(next);
  };
  for (const bool along_x : {true, false}) {
    for (SpreadField& c : carried) sweep(c, along_x);
    sweep(bulk, along_x);
  }
}

}  // namespace lfx::spread

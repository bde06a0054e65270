#include "liquidfx/core/spread/spread_transport.h"

#include <algorithm>
#include <cmath>

#include "shared/spread.h"

namespace lfx::spread {
namespace {

void step(SpreadField& bulk, std::span<SpreadField> carried, const SpreadField& face_x, const SpreadField& face_y,
          float courant_per_speed, bool second_order) {
  const int nx = bulk.nx, ny = bulk.ny;
  // The volume (per unit cell area) crossing each face, from its upwind cell.
  auto h = [&](int i, int j) { return bulk.at(std::clamp(i, 0, nx - 1), std::clamp(j, 0, ny - 1)); };
  auto face_flux = [&](float velocity, float up_up, float up, float down) {
    return shared::spread_face_flux(std::abs(velocity) * courant_per_speed, up_up, up, down, second_order);
  };
  SpreadField fx(nx + 1, ny), fy(nx, ny + 1);
  for (int j = 0; j < ny; ++j)
    for (int i = 1; i < nx; ++i) {
      const float w = face_x.at(i, j);
      fx.at(i, j) =
          w > 0.0f ? face_flux(w, h(i - 2, j), h(i - 1, j), h(i, j)) : -face_flux(w, h(i + 1, j), h(i, j), h(i - 1, j));
    }
  for (int j = 1; j < ny; ++j)
    for (int i = 0; i < nx; ++i) {
      const float w = face_y.at(i, j);
      fy.at(i, j) =
          w > 0.0f ? face_flux(w, h(i, j - 2), h(i, j - 1), h(i, j)) : -face_flux(w, h(i, j + 1), h(i, j), h(i, j - 1));
    }
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
    for (int i = 1; i < nx; ++i) fx.at(i, j) *= fx.at(i, j) > 0.0f ? scale.at(i - 1, j) : scale.at(i, j);
  for (int j = 1; j < ny; ++j)
    for (int i = 0; i < nx; ++i) fy.at(i, j) *= fy.at(i, j) > 0.0f ? scale.at(i, j - 1) : scale.at(i, j);
  // Pigments go with the liquid in their donor cell's proportions; then the liquid itself.
  auto move = [&](SpreadField& q, bool proportional) {
    SpreadField next = q;
    auto share = [&](int i, int j) {
      if (!proportional) return 1.0f;
      return bulk.at(i, j) > 0.0f ? std::min(q.at(i, j) / bulk.at(i, j), 1.0f) : 0.0f;
    };
    for (int j = 0; j < ny; ++j)
      for (int i = 1; i < nx; ++i) {
        const float f = fx.at(i, j) * (fx.at(i, j) > 0.0f ? share(i - 1, j) : share(i, j));
        next.at(i - 1, j) -= f;
        next.at(i, j) += f;
      }
    for (int j = 1; j < ny; ++j)
      for (int i = 0; i < nx; ++i) {
        const float f = fy.at(i, j) * (fy.at(i, j) > 0.0f ? share(i, j - 1) : share(i, j));
        next.at(i, j - 1) -= f;
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
              float dt, float cell, float cfl, bool second_order) {
  float fastest = 0.0f;
  for (float x : face_x.values) fastest = std::max(fastest, std::abs(x));
  for (float y : face_y.values) fastest = std::max(fastest, std::abs(y));
  const int substeps = std::clamp(int(std::ceil(fastest * dt / (cfl * cell))), 1, shared::kSpreadMostSubsteps);
  const float sub_dt = dt / float(substeps);
  for (int s = 0; s < substeps; ++s) step(bulk, carried, face_x, face_y, sub_dt / cell, second_order);
  return substeps;
}

void swept_transport(SpreadField& bulk, std::span<SpreadField> carried, const SpreadField& face_x,
                     const SpreadField& face_y, float dt, float cell) {
  const int nx = bulk.nx, ny = bulk.ny;
  // One axis: `faces` holds the velocity across the faces along it; the sweep of face f (between
  // cells f - 1 and f along the axis) covers `cells` = velocity dt / cell of them upstream.
  auto sweep = [&](SpreadField& q, bool along_x) {
    const int n = along_x ? nx : ny, lines = along_x ? ny : nx;
    const SpreadField& faces = along_x ? face_x : face_y;
    SpreadField next = q;
    auto value = [&](int line, int k) { return along_x ? q.at(k, line) : q.at(line, k); };
    auto face_flux = [&](int line, int f) {
      if (f <= 0 || f >= n) return 0.0f;  // walls
      const float cells = (along_x ? faces.at(f, line) : faces.at(line, f)) * dt / cell;
      const int step = cells > 0.0f ? -1 : 1;  // towards upstream
      int k = cells > 0.0f ? f - 1 : f;
      float left = std::abs(cells), swept = 0.0f;
      while (left > 0.0f && k >= 0 && k < n) {
        swept += std::min(left, 1.0f) * value(line, k);
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

#include "liquidfx/core/spread/spread_transport.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "liquidfx/shared/spread.h"

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

void level_piles(SpreadField& bulk, std::span<SpreadField> carried, float dt, float cell, float pile) {
  const float unit = shared::kSpreadLevelling * dt / (cell * cell);
  std::vector<float> conductance, pivot, upper, solution;
  for (const bool along_x : {true, false}) {
    const int n = along_x ? bulk.nx : bulk.ny, lines = along_x ? bulk.ny : bulk.nx;
    conductance.assign(std::size_t(n) + 1, 0.0f);  // faces 0 and n: the walls
    pivot.assign(std::size_t(n), 0.0f);
    upper.assign(std::size_t(n), 0.0f);
    solution.assign(std::size_t(n), 0.0f);
    for (int line = 0; line < lines; ++line) {
      auto at = [&](SpreadField& q, int k) -> float& { return along_x ? q.at(k, line) : q.at(line, k); };
      bool moves = false;
      for (int k = 1; k < n; ++k) {
        conductance[std::size_t(k)] = shared::spread_levelling(at(bulk, k - 1), at(bulk, k), pile, unit);
        moves = moves || conductance[std::size_t(k)] > 0.0f;
      }
      if (!moves) continue;
      // (1 + c_k + c_k+1) x_k - c_k x_k-1 - c_k+1 x_k+1 = q_k, by forward elimination (the upper
      // diagonal's pivots and ratios are shared by every field) and back substitution; then the
      // fluxes c_k (x_k-1 - x_k) moved from cell to cell.
      for (int k = 0; k < n; ++k) {
        const float below = conductance[std::size_t(k)], above = conductance[std::size_t(k) + 1];
        pivot[std::size_t(k)] = 1.0f + below + above + (k > 0 ? below * upper[std::size_t(k) - 1] : 0.0f);
        upper[std::size_t(k)] = -above / pivot[std::size_t(k)];
      }
      auto level = [&](SpreadField& q) {
        for (int k = 0; k < n; ++k) {
          const float from_below = k > 0 ? conductance[std::size_t(k)] * solution[std::size_t(k) - 1] : 0.0f;
          solution[std::size_t(k)] = (at(q, k) + from_below) / pivot[std::size_t(k)];
        }
        for (int k = n - 2; k >= 0; --k)
          solution[std::size_t(k)] -= upper[std::size_t(k)] * solution[std::size_t(k) + 1];
        float in = 0.0f;  // through face k, from cell k - 1
        for (int k = 0; k < n; ++k) {
          const float out =
              k + 1 < n ? conductance[std::size_t(k) + 1] * (solution[std::size_t(k)] - solution[std::size_t(k) + 1])
                        : 0.0f;
          at(q, k) = std::max(at(q, k) + in - out, 0.0f);  // round-off below zero only
          in = out;
        }
      };
      for (SpreadField& c : carried) level(c);
      level(bulk);
    }
  }
}

std::vector<float> ordered_sweeps(std::span<const float> cells, Edges edges) {
  const int n = int(cells.size()) - 1;
  const bool wrap = edges == Edges::wrap;
  // Face g's sweep in cells (walls: the outer faces carry nothing; wrapped: at most the line).
  auto sweep_of = [&](int g) {
    if (wrap) return std::clamp(cells[std::size_t(edge_index(g, n, edges))], -float(n), float(n));
    return g <= 0 || g >= n ? 0.0f : cells[std::size_t(g)];
  };
  float longest = 0.0f;
  for (int g = 0; g <= n; ++g) longest = std::max(longest, std::abs(sweep_of(g)));
  const int window = int(std::ceil(2.0f * longest)) + 1;
  std::vector<float> ordered(cells.size(), 0.0f);
  for (int f = wrap ? 0 : 1; f < n; ++f) {
    // Face g's departure point relative to face f's position, in cells (walls: within the line).
    auto departure = [&](int g) {
      const float d = float(g - f) - sweep_of(g);
      return wrap ? d : std::clamp(d, -float(f), float(n - f));
    };
    const int first = wrap ? f - window : std::max(f - window, 0), last = wrap ? f + window : std::min(f + window, n);
    float latest_before = departure(f), earliest_after = departure(f);
    for (int g = first; g < f; ++g) latest_before = std::max(latest_before, departure(g));
    for (int g = f + 1; g <= last; ++g) earliest_after = std::min(earliest_after, departure(g));
    ordered[std::size_t(f)] = -0.5f * (latest_before + earliest_after);
  }
  if (wrap) ordered[std::size_t(n)] = ordered[0];
  return ordered;
}

void swept_transport(SpreadField& bulk, std::span<SpreadField> carried, const SpreadField& face_x,
                     const SpreadField& face_y, float dt, float cell, Edges edges) {
  const int nx = bulk.nx, ny = bulk.ny;
  const bool wrap = edges == Edges::wrap;
  // Each line's sweeps (cells, signed), ordered: sweeps[along_x][line][face].
  std::vector<std::vector<float>> sweeps[2];
  for (const bool along_x : {true, false}) {
    const int n = along_x ? nx : ny, lines = along_x ? ny : nx;
    const SpreadField& faces = along_x ? face_x : face_y;
    std::vector<float> cells(std::size_t(n) + 1);
    for (int line = 0; line < lines; ++line) {
      for (int f = 0; f <= n; ++f)
        cells[std::size_t(f)] = (along_x ? faces.at(f, line) : faces.at(line, f)) * dt / cell;
      sweeps[along_x].push_back(ordered_sweeps(cells, edges));
    }
  }
  // One axis: the sweep of face f (between cells f - 1 and f along it) takes the liquid of the
  // cells it covers upstream.
  auto sweep = [&](SpreadField& q, bool along_x) {
    const int n = along_x ? nx : ny, lines = along_x ? ny : nx;
    SpreadField next = q;
    auto value = [&](int line, int k) { return along_x ? q.at(k, line) : q.at(line, k); };
    auto face_flux = [&](int line, int f) {
      if (wrap)
        f %= n;  // face n is face 0
      else if (f <= 0 || f >= n)
        return 0.0f;  // walls
      const float cells = sweeps[along_x][std::size_t(line)][std::size_t(f)];
      const int step = cells > 0.0f ? -1 : 1;  // towards upstream
      int k = cells > 0.0f ? f - 1 : f;
      float left = std::abs(cells), swept = 0.0f;
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
        (along_x ? next.at(k, line) : next.at(line, k)) = std::max(updated, 0.0f);  // round-off below zero only
      }
    q = std::move(next);
  };
  for (const bool along_x : {true, false}) {
    for (SpreadField& c : carried) sweep(c, along_x);
    sweep(bulk, along_x);
  }
}

}  // namespace lfx::spread

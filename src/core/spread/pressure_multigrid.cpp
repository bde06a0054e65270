#include "pressure_multigrid.h"

#include <cmath>
#include <vector>

#include "liquidfx/shared/spread.h"

namespace lfx::spread {
namespace {

using shared::kSpreadCoarsestCells;
using shared::kSpreadCoarsestSweeps;
using shared::kSpreadSmoothing;

void sweep(SpreadField& p, const SpreadField& b) {
  for (int colour = 0; colour < 2; ++colour)
    for (int j = 0; j < p.ny; ++j)
      for (int i = (j + colour) & 1; i < p.nx; i += 2) {
        int open = 0;
        const float sum = open_neighbour_sum(p, i, j, open);
        if (open > 0) p.at(i, j) = (sum - b.at(i, j)) / float(open);
      }
}

SpreadField residual(const SpreadField& p, const SpreadField& b) {
  SpreadField r(p.nx, p.ny);
  for (int j = 0; j < p.ny; ++j)
    for (int i = 0; i < p.nx; ++i) {
      int open = 0;
      const float sum = open_neighbour_sum(p, i, j, open);
      r.at(i, j) = b.at(i, j) - (sum - float(open) * p.at(i, j));
    }
  return r;
}

void v_cycle(SpreadField& p, const SpreadField& b) {
  if (p.nx <= kSpreadCoarsestCells || p.ny <= kSpreadCoarsestCells) {
    for (int s = 0; s < kSpreadCoarsestSweeps; ++s) sweep(p, b);
    return;
  }
  for (int s = 0; s < kSpreadSmoothing; ++s) sweep(p, b);
  const SpreadField r = residual(p, b);
  SpreadField coarse_b((p.nx + 1) / 2, (p.ny + 1) / 2);
  for (int j = 0; j < p.ny; ++j)
    for (int i = 0; i < p.nx; ++i) coarse_b.at(i / 2, j / 2) += r.at(i, j);
  SpreadField coarse_p(coarse_b.nx, coarse_b.ny);
  v_cycle(coarse_p, coarse_b);
  for (int j = 0; j < p.ny; ++j)
    for (int i = 0; i < p.nx; ++i) p.at(i, j) += coarse_p.at(i / 2, j / 2);
  for (int s = 0; s < kSpreadSmoothing; ++s) sweep(p, b);
}

}  // namespace

float open_neighbour_sum(const SpreadField& f, int i, int j, int& open) {
  float sum = 0.0f;
  open = 0;
  if (i > 0) sum += f.at(i - 1, j), ++open;
  if (i + 1 < f.nx) sum += f.at(i + 1, j), ++open;
  if (j > 0) sum += f.at(i, j - 1), ++open;
  if (j + 1 < f.ny) sum += f.at(i, j + 1), ++open;
  return sum;
}

void solve_pressure(SpreadField& p, const SpreadField& b, int cycles) {
  for (int c = 0; c < cycles; ++c) v_cycle(p, b);
  double mean = 0.0;
  for (float x : p.values) mean += x;
  mean /= double(p.values.size());
  for (float& x : p.values) x -= float(mean);
}

double pressure_residual_rms(const SpreadField& p, const SpreadField& b) {
  const SpreadField r = residual(p, b);
  double sum = 0.0;
  for (float x : r.values) sum += double(x) * x;
  return std::sqrt(sum / double(r.values.size()));
}

}  // namespace lfx::spread

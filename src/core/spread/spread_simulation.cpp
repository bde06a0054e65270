#include "liquidfx/core/spread/spread_simulation.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <glm/common.hpp>
#include <glm/geometric.hpp>

#include "liquidfx/core/spread/spread_transport.h"
#include "liquidfx/shared/spread.h"
#include "pressure_multigrid.h"

namespace lfx {
namespace {

constexpr float kSeedRate = 0.3f;  // the seed's share of thickness moved a frame

using shared::spread_smoothstep;

// The four samples around p of a field whose sample (i, j) sits at ((i + ox) * dx, (j + oy) * dx),
// clamped at the edges, and p's place between them.
struct Corners {
  float a, b, c, d;  // (i, j), (i + 1, j), (i, j + 1), (i + 1, j + 1)
  float fx, fy;
};
Corners corners(const SpreadField& f, glm::vec2 p, float dx, float ox, float oy) {
  const float x = std::clamp(p.x / dx - ox, 0.0f, float(f.nx - 1));
  const float y = std::clamp(p.y / dx - oy, 0.0f, float(f.ny - 1));
  const int i = std::min(int(x), std::max(f.nx - 2, 0)), j = std::min(int(y), std::max(f.ny - 2, 0));
  const int i1 = std::min(i + 1, f.nx - 1), j1 = std::min(j + 1, f.ny - 1);
  return {f.at(i, j), f.at(i1, j), f.at(i, j1), f.at(i1, j1), x - float(i), y - float(j)};
}

// Bilinear sample of such a field at p.
float sample(const SpreadField& f, glm::vec2 p, float dx, float ox, float oy) {
  const Corners k = corners(f, p, dx, ox, oy);
  return (k.a * (1 - k.fx) + k.b * k.fx) * (1 - k.fy) + (k.c * (1 - k.fx) + k.d * k.fx) * k.fy;
}

// The same field blended by quadratic B-splines over the 3 x 3 samples nearest p (edges clamped):
// smooth, so that the thickness's transport velocity has no kinks at the velocity cells' edges
// (through the yield's speed-dependent slowing, kinks squeeze slow liquid into a faint grid).
float sample_smooth(const SpreadField& f, glm::vec2 p, float dx, float ox, float oy) {
  const float x = std::clamp(p.x / dx - ox, 0.0f, float(f.nx - 1));
  const float y = std::clamp(p.y / dx - oy, 0.0f, float(f.ny - 1));
  const int i = int(std::lround(x)), j = int(std::lround(y));
  const glm::vec3 wx = shared::spread_spline_weights(x - float(i)), wy = shared::spread_spline_weights(y - float(j));
  // Along y first, then along x: the GPU's walk along a row of faces takes each column's sum
  // along y once (faces.comp's FlowRowWalk), in this order.
  float sum = 0.0f;
  for (int a = 0; a < 3; ++a) {
    float column = 0.0f;
    for (int b = 0; b < 3; ++b)
      column += wy[b] * f.at(std::clamp(i + a - 1, 0, f.nx - 1), std::clamp(j + b - 1, 0, f.ny - 1));
    sum += wx[a] * column;
  }
  return sum;
}

// The smallest and largest of the four samples sample() blends at p.
glm::vec2 sample_range(const SpreadField& f, glm::vec2 p, float dx, float ox, float oy) {
  const Corners k = corners(f, p, dx, ox, oy);
  return {std::min({k.a, k.b, k.c, k.d}), std::max({k.a, k.b, k.c, k.d})};
}

float finger_weight(const SpreadStroke& s, glm::vec2 p) {
  return shared::spread_finger_weight(s.from, s.to, s.radius, p);
}

}  // namespace

Result<void> SpreadSimulation::check_grid(const SpreadKnobs& knobs, float aspect) {
  if (!(aspect > 0.0f) || !std::isfinite(aspect)) return input_error("spread: the frame has no aspect ratio");
  // In doubles: a 1 x 4096 frame is 4096 short sides long.
  const double long_side = std::max(double(aspect), 1.0 / double(aspect));
  const auto check = [&](int short_cells, const char* knob) -> Result<void> {
    const double along = std::max(1.0, std::round(long_side * short_cells)), total = along * short_cells;
    if (total <= double(kMaxGridCells)) return success();
    char text[360];
    std::snprintf(text, sizeof(text),
                  "spread: a frame of aspect %.4g (width / height) at %s = %d needs %.0f x %d cells (%.4g; at most "
                  "%llu); lower the knob %s or use a less elongated frame",
                  double(aspect), knob, short_cells, along, short_cells, total,
                  static_cast<unsigned long long>(kMaxGridCells), knob);
    return input_error(text);
  };
  LFX_TRY(check(knobs.cells, "cells"));
  return check(knobs.thickness_cells, "thickness_cells");
}

SpreadSimulation::SpreadSimulation(const SpreadKnobs& knobs, float aspect)
    : knobs_(knobs), extent_(aspect >= 1.0f ? glm::vec2(aspect, 1.0f) : glm::vec2(1.0f, 1.0f / aspect)) {
  regrid();
}

void SpreadSimulation::knobs_changed() {
  if (knobs_.cells != cells_ || knobs_.thickness_cells != thickness_cells_) regrid();
}

void SpreadSimulation::regrid() {
  // The velocity restarts at rest; the liquid is resampled and scaled back to its volume.
  cells_ = knobs_.cells;
  const float dx = 1.0f / float(cells_);
  const int nx = std::max(1, int(std::lround(extent_.x / dx))), ny = std::max(1, int(std::lround(extent_.y / dx)));
  u_ = SpreadField(nx + 1, ny);
  v_ = SpreadField(nx, ny + 1);
  pressure_ = SpreadField(nx, ny);

  const int old_cells = thickness_cells_;
  thickness_cells_ = knobs_.thickness_cells;
  const float dh = 1.0f / float(thickness_cells_);
  const int mx = std::max(1, int(std::lround(extent_.x / dh))), my = std::max(1, int(std::lround(extent_.y / dh)));
  auto resample = [&](const SpreadField& old) {
    SpreadField f(mx, my);
    if (old.values.empty()) return f;
    const float old_dh = 1.0f / float(old_cells);
    double before = 0.0, after = 0.0;
    for (float x : old.values) before += x;
    before *= double(old_dh) * old_dh;
    for (int j = 0; j < my; ++j)
      for (int i = 0; i < mx; ++i) {
        f.at(i, j) = std::max(sample(old, {(float(i) + 0.5f) * dh, (float(j) + 0.5f) * dh}, old_dh, 0.5f, 0.5f), 0.0f);
        after += f.at(i, j);
      }
    after *= double(dh) * dh;
    if (after > 0.0)
      for (float& x : f.values) x *= float(before / after);
    return f;
  };
  h_ = resample(h_);
  film_ = resample(film_);
  history_ = resample(history_);
  for (SpreadField& p : pigments_) p = resample(p);
  for (SpreadField& p : film_pigments_) p = resample(p);
}

int pigment_plane(std::vector<glm::vec3>& colors, const glm::vec3& color) {
  const auto found = std::find(colors.begin(), colors.end(), color);
  if (found != colors.end()) return int(found - colors.begin());
  if (colors.size() >= std::size_t(kSpreadPigments)) return -1;
  colors.push_back(color);
  return int(colors.size()) - 1;
}

bool SpreadSimulation::add_blob(const SpreadBlob& blob) {
  const int plane = pigment_plane(colors_, blob.color);
  if (plane < 0) return false;
  if (std::size_t(plane) == pigments_.size()) {  // a new colour
    pigments_.emplace_back(h_.nx, h_.ny);
    film_pigments_.emplace_back(h_.nx, h_.ny);
  }
  SpreadField& pigment = pigments_[std::size_t(plane)];
  const float dh = 1.0f / float(thickness_cells_);
  for (int j = 0; j < h_.ny; ++j)
    for (int i = 0; i < h_.nx; ++i) {
      const glm::vec2 p((float(i) + 0.5f) * dh, (float(j) + 0.5f) * dh);
      const float added = blob.amount * shared::spread_blob_profile(p, blob.centre, blob.radius);
      h_.at(i, j) += added;
      pigment.at(i, j) += added;
    }
  return true;
}

glm::vec2 SpreadSimulation::velocity_at(glm::vec2 p) const {
  const float dx = 1.0f / float(cells_);
  return {sample(u_, p, dx, 0.0f, 0.5f), sample(v_, p, dx, 0.5f, 0.0f)};
}

void SpreadSimulation::advect_velocity(float dt) {
  // Each interior face takes the velocity found one step upstream (wall faces keep theirs).
  // MacCormack then carries that result a step downstream, and half of how far the round trip
  // misses the start is the first step's error, taken back; clamped to the four values the
  // departure point blends, so it cannot overshoot (Selle et al. 2008).
  const float dx = 1.0f / float(cells_);
  const bool maccormack = knobs_.velocity_advection == SpreadVelocityAdvection::maccormack;
  auto advect = [&](SpreadField& field, int component, glm::vec2 offset) {
    const SpreadField start = field;
    SpreadField forward = field;
    const int nx = field.nx, ny = field.ny;
    auto interior = [&](int i, int j) { return component == 0 ? i > 0 && i + 1 < nx : j > 0 && j + 1 < ny; };
    for (int j = 0; j < ny; ++j)
      for (int i = 0; i < nx; ++i)
        if (interior(i, j)) {
          const glm::vec2 p = (glm::vec2(i, j) + offset) * dx;
          forward.at(i, j) = velocity_at(p - dt * velocity_at(p))[component];
        }
    if (!maccormack) {
      field = std::move(forward);
      return;
    }
    for (int j = 0; j < ny; ++j)
      for (int i = 0; i < nx; ++i)
        if (interior(i, j)) {
          const glm::vec2 p = (glm::vec2(i, j) + offset) * dx, flow = velocity_at(p);
          const float back = sample(forward, p + dt * flow, dx, offset.x, offset.y);
          const glm::vec2 range = sample_range(start, p - dt * flow, dx, offset.x, offset.y);
          field.at(i, j) = std::clamp(forward.at(i, j) + 0.5f * (start.at(i, j) - back), range.x, range.y);
        } else {
          field.at(i, j) = forward.at(i, j);
        }
  };
  // Both components from the velocity at the step's start.
  SpreadField u = u_, v = v_;
  advect(u, 0, {0.0f, 0.5f});
  advect(v, 1, {0.5f, 0.0f});
  u_ = std::move(u);
  v_ = std::move(v);
}

void SpreadSimulation::advance(double dt_seconds, std::span<const SpreadStroke> strokes) {
  const float dt = float(dt_seconds);
  advect_velocity(dt);
  apply_strokes(dt, strokes);
  if (knobs_.vorticity > 0.0f) confine_vorticity(dt);
  diffuse_and_damp(dt);
  project();
  move_liquid(dt, strokes);
  time_ += dt_seconds;
}

void SpreadSimulation::apply_strokes(float dt, std::span<const SpreadStroke> strokes) {
  // The liquid around the finger takes on `drag` of its motion.
  const float dx = 1.0f / float(cells_);
  for (const SpreadStroke& s : strokes) {
    const glm::vec2 finger = (s.to - s.from) / dt;
    for (int j = 0; j < u_.ny; ++j)
      for (int i = 1; i + 1 < u_.nx; ++i) {
        const float w = knobs_.drag * finger_weight(s, {float(i) * dx, (float(j) + 0.5f) * dx});
        u_.at(i, j) += w * (finger.x - u_.at(i, j));
      }
    for (int j = 1; j + 1 < v_.ny; ++j)
      for (int i = 0; i < v_.nx; ++i) {
        const float w = knobs_.drag * finger_weight(s, {(float(i) + 0.5f) * dx, float(j) * dx});
        v_.at(i, j) += w * (finger.y - v_.at(i, j));
      }
  }
}

void SpreadSimulation::confine_vorticity(float dt) {
  // The curl at each cell's centre, then a force along N x curl (N: towards more curl) of
  // `vorticity` dx |curl|, averaged onto the faces (shared::spread_curl / spread_confinement).
  const float dx = 1.0f / float(cells_);
  const int nx = pressure_.nx, ny = pressure_.ny;
  auto centre = [&](int i, int j) {
    i = std::clamp(i, 0, nx - 1);
    j = std::clamp(j, 0, ny - 1);
    return glm::vec2(0.5f * (u_.at(i, j) + u_.at(i + 1, j)), 0.5f * (v_.at(i, j) + v_.at(i, j + 1)));
  };
  SpreadField curl(nx, ny);
  for (int j = 0; j < ny; ++j)
    for (int i = 0; i < nx; ++i)
      curl.at(i, j) = shared::spread_curl(centre(i - 1, j), centre(i + 1, j), centre(i, j - 1), centre(i, j + 1), dx);
  auto force = [&](int i, int j) {
    i = std::clamp(i, 0, nx - 1);
    j = std::clamp(j, 0, ny - 1);
    auto w = [&](int a, int b) { return curl.at(std::clamp(a, 0, nx - 1), std::clamp(b, 0, ny - 1)); };
    return shared::spread_confinement(w(i - 1, j), w(i + 1, j), w(i, j - 1), w(i, j + 1), curl.at(i, j), dx,
                                      knobs_.vorticity);
  };
  for (int j = 0; j < ny; ++j)
    for (int i = 1; i < nx; ++i) u_.at(i, j) += dt * 0.5f * (force(i - 1, j).x + force(i, j).x);
  for (int j = 1; j < ny; ++j)
    for (int i = 0; i < nx; ++i) v_.at(i, j) += dt * 0.5f * (force(i, j - 1).y + force(i, j).y);
}

void SpreadSimulation::diffuse_and_damp(float dt) {
  const float dx = 1.0f / float(cells_);
  // Explicit diffusion in as many sub-steps as keep it stable.
  const int steps = shared::spread_diffusion_steps(knobs_.viscosity, dt, dx);
  const float k = knobs_.viscosity * dt / float(steps) / (dx * dx);
  auto diffuse = [&](SpreadField& f) {
    SpreadField next = f;
    for (int j = 0; j < f.ny; ++j)
      for (int i = 0; i < f.nx; ++i) {
        int open = 0;
        const float sum = spread::open_neighbour_sum(f, i, j, open);
        next.at(i, j) = f.at(i, j) + k * (sum - float(open) * f.at(i, j));
      }
    f = std::move(next);
  };
  if (knobs_.viscosity > 0.0f)
    for (int s = 0; s < steps; ++s) {
      diffuse(u_);
      diffuse(v_);
    }
  // Where the liquid is thinner than dry_threshold the flow dies away.
  const float dh = 1.0f / float(thickness_cells_);
  const float keep = std::exp(-shared::kSpreadDryDamping * dt);
  auto damp = [&](SpreadField& f, float ox, float oy) {
    for (int j = 0; j < f.ny; ++j)
      for (int i = 0; i < f.nx; ++i) {
        const glm::vec2 p((float(i) + ox) * dx, (float(j) + oy) * dx);
        if (sample(h_, p, dh, 0.5f, 0.5f) < knobs_.dry_threshold) f.at(i, j) *= keep;
      }
  };
  damp(u_, 0.0f, 0.5f);
  damp(v_, 0.5f, 0.0f);
  // The walls are closed.
  for (int j = 0; j < u_.ny; ++j) u_.at(0, j) = u_.at(u_.nx - 1, j) = 0.0f;
  for (int i = 0; i < v_.nx; ++i) v_.at(i, 0) = v_.at(i, v_.ny - 1) = 0.0f;
}

void SpreadSimulation::project() {
  const float dx = 1.0f / float(cells_);
  const int nx = pressure_.nx, ny = pressure_.ny;
  SpreadField b(nx, ny);
  auto divergence_rms = [&](SpreadField* into) {
    double sum = 0.0;
    for (int j = 0; j < ny; ++j)
      for (int i = 0; i < nx; ++i) {
        const float d = (u_.at(i + 1, j) - u_.at(i, j) + v_.at(i, j + 1) - v_.at(i, j)) / dx;
        if (into) into->at(i, j) = d * dx * dx;
        sum += double(d) * d;
      }
    return std::sqrt(sum / double(nx * ny));
  };
  divergence_before_ = divergence_rms(&b);
  spread::solve_pressure(pressure_, b, knobs_.projection_cycles);
  for (int j = 0; j < ny; ++j)
    for (int i = 1; i < nx; ++i) u_.at(i, j) -= (pressure_.at(i, j) - pressure_.at(i - 1, j)) / dx;
  for (int j = 1; j < ny; ++j)
    for (int i = 0; i < nx; ++i) v_.at(i, j) -= (pressure_.at(i, j) - pressure_.at(i, j - 1)) / dx;
  divergence_after_ = divergence_rms(nullptr);
}

void SpreadSimulation::transport_faces(std::span<const SpreadStroke> strokes, float dt, SpreadField& face_x,
                                       SpreadField& face_y) const {
  // The flow, plus the finger carrying the liquid under its pad (the plow: not divergence-free,
  // so the liquid piles up ahead of it and thins behind), slowed below the yield speed.
  const float dh = 1.0f / float(thickness_cells_);
  face_x = SpreadField(h_.nx + 1, h_.ny);
  face_y = SpreadField(h_.nx, h_.ny + 1);
  const float dx = 1.0f / float(cells_);
  auto at = [&](glm::vec2 p) {
    glm::vec2 flow(sample_smooth(u_, p, dx, 0.0f, 0.5f), sample_smooth(v_, p, dx, 0.5f, 0.0f));
    for (const SpreadStroke& s : strokes) flow += knobs_.plow * finger_weight(s, p) * ((s.to - s.from) / dt - flow);
    return shared::spread_yield(flow, knobs_.yield_speed);
  };
  for (int j = 0; j < face_x.ny; ++j)
    for (int i = 1; i + 1 < face_x.nx; ++i) face_x.at(i, j) = at({float(i) * dh, (float(j) + 0.5f) * dh}).x;
  for (int j = 1; j + 1 < face_y.ny; ++j)
    for (int i = 0; i < face_y.nx; ++i) face_y.at(i, j) = at({(float(i) + 0.5f) * dh, float(j) * dh}).y;
}

void SpreadSimulation::move_liquid(float dt, std::span<const SpreadStroke> strokes) {
  SpreadField face_x, face_y;
  transport_faces(strokes, dt, face_x, face_y);
  if (knobs_.thickness_scheme == SpreadThicknessScheme::swept) {
    spread::swept_transport(h_, pigments_, face_x, face_y, dt, 1.0f / float(thickness_cells_));
  } else if (knobs_.thickness_scheme == SpreadThicknessScheme::semi_lagrangian) {
    semi_lagrangian_step(dt, face_x, face_y);
  } else {
    spread::transport(h_, pigments_, face_x, face_y, dt, 1.0f / float(thickness_cells_), knobs_.cfl,
                      knobs_.thickness_scheme == SpreadThicknessScheme::muscl);
  }
  if (knobs_.pile_height > 0.0f)
    spread::level_piles(h_, pigments_, dt, 1.0f / float(thickness_cells_), knobs_.pile_height);
  leave_traces(dt, face_x, face_y);
}

void SpreadSimulation::semi_lagrangian_step(float dt, const SpreadField& face_x, const SpreadField& face_y) {
  // The seed's update: each cell loses a share of its thickness that grows with the local speed
  // and gains the same share of the thickness one step upstream. Not conservative: where
  // backtraces converge the same liquid is gained twice (circles make it grow).
  const float dh = 1.0f / float(thickness_cells_);
  auto flow = [&](glm::vec2 p) {
    return glm::vec2(sample(face_x, p, dh, 0.0f, 0.5f), sample(face_y, p, dh, 0.5f, 0.0f));
  };
  auto strength = [&](glm::vec2 w) {
    return knobs_.yield_speed > 0.0f ? spread_smoothstep(0.0f, knobs_.yield_speed, glm::length(w)) : 1.0f;
  };
  SpreadField next = h_;
  std::vector<SpreadField> next_pigments = pigments_;
  for (int j = 0; j < h_.ny; ++j)
    for (int i = 0; i < h_.nx; ++i) {
      const glm::vec2 p((float(i) + 0.5f) * dh, (float(j) + 0.5f) * dh);
      const glm::vec2 w = flow(p);
      const glm::vec2 source = p - dt * w;
      const float removed_share = kSeedRate * strength(w);
      const float added_share = kSeedRate * strength(flow(source));
      const float source_h = sample(h_, source, dh, 0.5f, 0.5f);
      next.at(i, j) = std::max(0.0f, h_.at(i, j) * (1.0f - removed_share) + added_share * source_h);
      for (std::size_t k = 0; k < pigments_.size(); ++k)
        next_pigments[k].at(i, j) = std::max(0.0f, pigments_[k].at(i, j) * (1.0f - removed_share) +
                                                       added_share * sample(pigments_[k], source, dh, 0.5f, 0.5f));
    }
  h_ = std::move(next);
  pigments_ = std::move(next_pigments);
}

void SpreadSimulation::leave_traces(float dt, const SpreadField& face_x, const SpreadField& face_y) {
  const float cover = std::max(knobs_.film, 1e-6f);
  if (knobs_.traces == SpreadTraces::film) {
    // Moving liquid lays down a film up to `film` thick, taken from itself (bulk + film is kept).
    const float rate = 1.0f - std::exp(-knobs_.film_rate * dt);
    for (int j = 0; j < h_.ny; ++j)
      for (int i = 0; i < h_.nx; ++i) {
        const float speed = 0.5f * (std::abs(face_x.at(i, j)) + std::abs(face_x.at(i + 1, j)) +
                                    std::abs(face_y.at(i, j)) + std::abs(face_y.at(i, j + 1)));
        if (speed <= 0.0f || h_.at(i, j) <= 0.0f) continue;
        const float laid = std::min(h_.at(i, j), std::max(knobs_.film - film_.at(i, j), 0.0f) * rate);
        const float share = laid / h_.at(i, j);
        for (std::size_t k = 0; k < pigments_.size(); ++k) {
          const float colour = share * pigments_[k].at(i, j);
          pigments_[k].at(i, j) -= colour;
          film_pigments_[k].at(i, j) += colour;
        }
        h_.at(i, j) -= laid;
        film_.at(i, j) += laid;
      }
  }
  for (std::size_t k = 0; k < h_.values.size(); ++k)
    history_.values[k] = std::max(history_.values[k], spread_smoothstep(0.0f, cover, h_.values[k] + film_.values[k]));
}

double SpreadSimulation::volume() const {
  double sum = 0.0;
  for (float x : h_.values) sum += x;
  for (float x : film_.values) sum += x;
  const double dh = 1.0 / double(thickness_cells_);
  return sum * dh * dh;
}

float SpreadSimulation::min_thickness() const {
  return *std::min_element(h_.values.begin(), h_.values.end());
}
float SpreadSimulation::max_thickness() const {
  return *std::max_element(h_.values.begin(), h_.values.end());
}

}  // namespace lfx

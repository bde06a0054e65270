#include "liquidfx/core/particles/particles_driver.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>
#include <numbers>
#include <utility>

#include "liquidfx/core/log.h"

namespace lfx {
namespace {

// Cells of margin around the domain: the B-spline of a particle at the wall reaches one node
// out, and the walls' boundary condition acts on the nodes beyond them.
constexpr int kGridMargin = 3;
// Tait's exponent for water.
constexpr float kTaitGamma = 7.0f;

// A hash in [-0.5, 0.5) of two integers (PCG's output permutation), for the lattice jitter.
float jitter(std::uint32_t seed, std::uint32_t i) {
  std::uint32_t s = i * 747796405u + seed * 2891336453u + 1u;
  s = ((s >> ((s >> 28u) + 4u)) ^ s) * 277803737u;
  s = (s >> 22u) ^ s;
  return float(s) / 4294967296.0f - 0.5f;
}

Pose world_pose(const Carrier& carrier, const Pose& local, double t) {
  if (!carrier) return local;
  const Pose c = carrier(t);
  return {c.position + c.orientation * local.position, c.orientation * local.orientation};
}

glm::vec4 quat_xyzw(const glm::quat& q) {
  return {q.x, q.y, q.z, q.w};
}

shared::ParticleRecord record(glm::vec3 position, glm::vec3 velocity, glm::vec3 color) {
  return {glm::vec4(position, 0.0f), glm::vec4(velocity, 1.0f), glm::vec4(color, 1.0f)};
}

// One layer of a jet of `radius`: a square lattice at the spacing over its disc (at least one
// particle), across the jet.
std::vector<glm::vec2> disc_lattice(float radius, float spacing) {
  const float r = std::max(radius, 0.5f * spacing);
  const int across = int(std::ceil(r / spacing));
  std::vector<glm::vec2> lattice;
  for (int v = -across; v <= across; ++v)
    for (int u = -across; u <= across; ++u)
      if (glm::length(glm::vec2(u, v)) * spacing <= r) lattice.push_back(glm::vec2(u, v) * spacing);
  return lattice;
}

// Two unit vectors across a jet along `dir`.
std::pair<glm::vec3, glm::vec3> across_jet(glm::vec3 dir) {
  const glm::vec3 side =
      glm::normalize(glm::cross(dir, std::abs(dir.y) < 0.9f ? glm::vec3(0, 1, 0) : glm::vec3(1, 0, 0)));
  return {side, glm::cross(side, dir)};
}

}  // namespace

Result<ParticlesDriver> ParticlesDriver::create(const ParticlesKnobs& knobs, ParticlesSetup setup) {
  LFX_TRY(check_particles_setup(setup));
  ParticlesDriver d(knobs, std::move(setup));
  LFX_TRY(d.restart());
  return d;
}

Result<void> ParticlesDriver::restart() {
  const ParticlesSetup& s = setup_;
  const float spacing = particle_spacing(s, knobs_->count);
  ParticleGrid grid;
  grid.cell = spacing / shared::kCellsPerSpacing;
  grid.origin = s.domain.min - glm::vec3(float(kGridMargin) * grid.cell);
  // Counted in doubles first: a fine spacing in a big tank overflows an int.
  const glm::dvec3 nodes = glm::ceil(glm::dvec3(s.domain.size()) / double(grid.cell)) + double(2 * kGridMargin + 1);
  const double node_count = nodes.x * nodes.y * nodes.z;
  if (!(node_count <= double(kMaxGridNodes))) {
    char needed[32];
    std::snprintf(needed, sizeof(needed), "%.4g", node_count);
    return input_error("particles: the grid needs " + std::string(needed) + " nodes of " + std::to_string(grid.cell) +
                       " m (at most " + std::to_string(kMaxGridNodes) + "); lower count or raise the spacing");
  }
  for (std::size_t i = 0; i < s.nozzles.size(); ++i)
    if (auto fits = check_nozzle_fits(s.nozzles[i], spacing, capacity(), s.domain); !fits)
      return fits.error().within("particles: nozzle " + std::to_string(i));
  grid.nodes = glm::ivec3(nodes);
  spacing_ = spacing;
  grid_ = grid;
  built_count_ = knobs_->count;
  built_solver_ = knobs_->solver;
  time_ = target_ = 0.0;
  step_index_ = 0;
  clock_steps_per_60th_ = 0;
  next_id_ = 0;
  inflow_absorption_sum_ = glm::dvec3(0.0);
  inflow_absorption_m3_ = 0.0;
  // One layer of a jet is a square lattice over its disc, across the jet; layers leave every
  // `layer` metres of travel, so that the volume poured is exactly the rate. Both follow from
  // the spacing, so they are laid out here, once.
  nozzles_.clear();
  for (const ParticleNozzle& n : s.nozzles) {
    NozzleState& state = nozzles_.emplace_back();
    state.lattice = disc_lattice(n.radius(), spacing);
    state.layer = float(state.lattice.size()) * spacing * spacing * spacing / (n.rate / n.speed);
  }
  inflows_.assign(s.inflows.size(), InflowState{});
  work_ = {};
  work_.restart = true;
  emit_blocks();
  work_.placed = std::uint32_t(work_.emitted.size());
  next_id_ = work_.placed;
  for (const ParticleNozzle& n : s.nozzles)
    if (n.radius() < 0.5f * spacing_)
      log_warning("particles: a nozzle's jet (radius " + std::to_string(n.radius()) +
                  " m) is thinner than a particle; it pours one particle at a time");
  if (block_particles() > capacity())
    log_warning("particles: the blocks need " + std::to_string(block_particles()) + " particles at spacing " +
                std::to_string(spacing_) + " m but the capacity is " + std::to_string(capacity()) +
                "; the rest are left out");
  return success();
}

Result<void> ParticlesDriver::knobs_changed() {
  if (knobs_->count != built_count_ || knobs_->solver != built_solver_) return restart();
  return success();
}

double ParticlesDriver::fastest_motion() const {
  // Falling the tank's height from rest, plus the fastest the scene throws liquid in.
  double fastest = std::sqrt(2.0 * double(knobs_->gravity) * double(setup_.domain.size().y));
  double thrown = 0.0;
  for (const ParticleBlock& b : setup_.blocks) thrown = std::max(thrown, double(glm::length(b.velocity)));
  for (const ParticleNozzle& n : setup_.nozzles) thrown = std::max(thrown, double(n.speed));
  for (const auto& inflow : setup_.inflows) thrown = std::max(thrown, double(inflow->fastest_speed()));
  return fastest + thrown;
}

bool ParticlesDriver::joins_slots() const {
  return knobs_->substeps == 0 && knobs_->solver == ParticleSolverKind::incompressible;
}

int ParticlesDriver::steps_per_60th() const {
  if (knobs_->substeps > 0) return knobs_->substeps;
  // wcmpm: sound must cross at most 0.4 of a cell a step (the weakly compressible liquid's CFL
  // limit). incompressible: the fastest motion at most the speed limit of half a cell a step.
  // Either way: the metres covered in 1/60 s over the share of a cell a step may cover.
  const double travel = knobs_->solver == ParticleSolverKind::wcmpm
                            ? double(knobs_->sound_speed) / (0.4 * 60.0)
                            : fastest_motion() / (double(kSpeedLimitCells) * 60.0);
  const int slots = int(std::clamp(std::ceil(travel / double(grid_.cell)), 1.0, 400.0));
  // Joined slots come in steps_at_rest blocks a 1/60 s: a multiple of that many.
  const int blocks = knobs_->steps_at_rest;
  return joins_slots() ? (slots + blocks - 1) / blocks * blocks : slots;
}

int ParticlesDriver::slots_per_block() const {
  return joins_slots() ? steps_per_60th() / knobs_->steps_at_rest : 1;
}

float ParticlesDriver::step_dt() const {
  return float(1.0 / (60.0 * steps_per_60th()));
}

std::optional<glm::vec3> ParticlesDriver::inflow_absorption() const {
  if (!(inflow_absorption_m3_ > 0.0)) return std::nullopt;
  return glm::vec3(inflow_absorption_sum_ / inflow_absorption_m3_);
}

std::uint64_t ParticlesDriver::block_particles() const {
  std::uint64_t total = 0;
  for (const ParticleBlock& b : setup_.blocks) {
    const glm::ivec3 n = glm::max(glm::ivec3((b.max - b.min) / spacing_), glm::ivec3(1));
    total += std::uint64_t(n.x) * n.y * n.z;
  }
  return total;
}

void ParticlesDriver::advance(double dt) {
  if (!(dt > 0.0) || !std::isfinite(dt)) return;
  target_ += dt;
  const int per_60th = steps_per_60th();
  if (per_60th != clock_steps_per_60th_) {  // the first advance, or a knob changed the slots
    clock_steps_per_60th_ = per_60th;
    clock_origin_time_ = time_;
    clock_origin_index_ = step_index_;
  }
  const double step = 1.0 / (60.0 * per_60th);
  const int block = slots_per_block();
  // Half a nanosecond of slack: 1/30 s must run exactly twice the slots of 1/60 s.
  while (time_ + block * step <= target_ + 5e-10) {
    for (int b = 0; b < block; ++b) {
      ParticleStep s;
      s.index = step_index_;
      s.time = time_;
      s.dt = float(step);
      s.slots_left = std::uint32_t(block - b);
      s.first_id = next_id_;
      s.emit_first = std::uint32_t(work_.emitted.size());
      emit_nozzles(time_, s.dt);
      emit_inflows(time_, s.dt, next_id_ + (work_.emitted.size() - s.emit_first));
      s.emit_count = std::uint32_t(work_.emitted.size()) - s.emit_first;
      next_id_ += s.emit_count;
      add_colliders(s, time_, s.dt);
      s.reorder = (step_index_ + 1) % std::uint64_t(knobs_->reorder_every) == 0;
      work_.steps.push_back(s);
      ++step_index_;
      // Stepping by index keeps 1/30 s and two times 1/60 s on the same times.
      time_ = clock_origin_time_ + double(step_index_ - clock_origin_index_) * step;
    }
  }
}

ParticleWork ParticlesDriver::take_work() {
  ParticleWork out = std::move(work_);
  work_ = {};
  return out;
}

void ParticlesDriver::emit_blocks() {
  // A lattice at the spacing, shifted by a small seeded jitter so that no two layers line up
  // exactly with the grid (a perfect lattice keeps artificial symmetries).
  std::uint32_t serial = 0;
  for (const ParticleBlock& b : setup_.blocks) {
    const glm::ivec3 n = glm::max(glm::ivec3((b.max - b.min) / spacing_), glm::ivec3(1));
    const glm::vec3 step = (b.max - b.min) / glm::vec3(n);
    for (int z = 0; z < n.z; ++z)
      for (int y = 0; y < n.y; ++y)
        for (int x = 0; x < n.x; ++x) {
          if (work_.emitted.size() >= capacity()) return;
          const glm::vec3 j(jitter(setup_.seed, 3 * serial), jitter(setup_.seed, 3 * serial + 1),
                            jitter(setup_.seed, 3 * serial + 2));
          ++serial;
          const glm::vec3 p = b.min + (glm::vec3(x, y, z) + 0.5f + 0.2f * j) * step;
          work_.emitted.push_back(record(p, b.velocity, b.color));
        }
  }
}

void ParticlesDriver::emit_nozzles(double t, float dt) {
  for (std::size_t i = 0; i < setup_.nozzles.size(); ++i) {
    const ParticleNozzle& n = setup_.nozzles[i];
    if (t < n.start || t >= n.end) continue;
    NozzleState& state = nozzles_[i];
    state.travel += n.speed * dt;
    if (state.travel < state.layer) continue;
    const Pose local{n.position, glm::quat(1, 0, 0, 0)};
    const Pose now = world_pose(n.carrier, local, t), later = world_pose(n.carrier, local, t + dt);
    const glm::vec3 carried = (later.position - now.position) / dt;
    const glm::vec3 dir = glm::normalize(now.orientation * n.direction);
    const auto [side, up] = across_jet(dir);
    while (state.travel >= state.layer) {
      state.travel -= state.layer;
      const glm::vec3 centre = now.position + dir * state.travel;
      for (const glm::vec2 q : state.lattice)
        work_.emitted.push_back(record(centre + side * q.x + up * q.y, dir * n.speed + carried, n.color));
    }
  }
}

void ParticlesDriver::emit_inflows(double t, float dt, std::uint64_t issued) {
  const double particle_volume = this->particle_volume();
  for (std::size_t i = 0; i < setup_.inflows.size(); ++i) {
    ParticleInflow& inflow = *setup_.inflows[i];
    InflowState& state = inflows_[i];
    const std::optional<InflowJet> jet = inflow.jet(t, dt);
    if (!jet || !(jet->rate > 0.0) || !(jet->speed > 0.0f)) {
      state.travel = 0.0f;  // the next jet starts with a layer
      continue;
    }
    // The jet's cross-section (rate / speed) as a lattice, laid out again when its radius moved
    // by more than a tenth; layers leave every `layer` metres so that the volume is the rate.
    const float radius = float(std::sqrt(jet->rate / (double(jet->speed) * std::numbers::pi)));
    if (std::abs(radius - state.radius) > 0.1f * std::max(state.radius, 0.5f * spacing_)) {
      state.radius = radius;
      state.lattice = disc_lattice(radius, spacing_);
    }
    const double layer = double(state.lattice.size()) * particle_volume * jet->speed / jet->rate;
    state.travel += jet->speed * dt;
    const glm::vec3 dir = glm::normalize(jet->direction);
    const auto [side, up] = across_jet(dir);
    // Whole particles only, no more than the source holds nor than the solver has room for.
    const std::uint64_t room = capacity() > issued ? capacity() - issued : 0;
    const auto most = std::uint64_t(std::min(std::floor(jet->available / particle_volume + 1e-9), double(room)));
    std::uint64_t emitted = 0;
    while (state.travel >= layer && emitted < most) {
      state.travel -= float(layer);
      const glm::vec3 centre = jet->position + dir * state.travel;
      for (const glm::vec2 q : state.lattice) {
        if (emitted == most) break;
        work_.emitted.push_back(record(centre + side * q.x + up * q.y, dir * jet->speed + jet->carried, jet->color));
        ++emitted;
      }
    }
    if (emitted == most) state.travel = std::min(state.travel, float(layer));  // held back, not piled up
    issued += emitted;
    if (emitted > 0) {
      const double took = double(emitted) * particle_volume;
      inflow.took(took);
      if (jet->absorption && std::isfinite(jet->absorption->x + jet->absorption->y + jet->absorption->z)) {
        inflow_absorption_sum_ += glm::dvec3(*jet->absorption) * took;
        inflow_absorption_m3_ += took;
      }
    }
  }
}

void ParticlesDriver::add_colliders(ParticleStep& s, double t, float dt) {
  s.collider_first = std::uint32_t(work_.colliders.size());
  work_.collider_count = std::uint32_t(setup_.colliders.size());
  const std::vector<shared::ParticleCollider> now = colliders_at(t, dt);
  work_.colliders.insert(work_.colliders.end(), now.begin(), now.end());
  for (std::size_t i = 0; i < now.size(); ++i) {
    const float spin = glm::length(glm::vec3(now[i].angular)) * surface_reach(setup_.colliders[i]);
    s.outside_speed = std::max(s.outside_speed, glm::length(glm::vec3(now[i].velocity)) + spin);
  }
}

float ParticlesDriver::surface_reach(const ParticleColliderDesc& c) const {
  switch (c.shape) {
    case ColliderShape::sphere:
      return c.size.x;
    case ColliderShape::box:
      return glm::length(c.size) + c.rounding;
    case ColliderShape::shell: {
      const DistanceGrid& g = *c.distance;
      const glm::vec3 far_corner = g.origin + g.cell * glm::vec3(g.nx, g.ny, g.nz);
      return std::max(glm::length(g.origin), glm::length(far_corner));
    }
    case ColliderShape::plane:
      break;
  }
  // A spinning plane sweeps the tank at most as fast as the tank's far corner.
  return glm::length(setup_.domain.size());
}

std::vector<shared::ParticleCollider> ParticlesDriver::colliders_at(double t, float dt) const {
  std::vector<shared::ParticleCollider> out;
  std::uint32_t shells = 0;
  for (const ParticleColliderDesc& c : setup_.colliders) {
    const Pose now = world_pose(c.carrier, c.local, t), later = world_pose(c.carrier, c.local, t + dt);
    // Angular velocity from the rotation over dt: axis x angle / dt. atan2 keeps the small
    // angles of one step exact (acos near 1 does not).
    glm::quat delta = later.orientation * glm::inverse(now.orientation);
    if (delta.w < 0.0f) delta = -delta;
    const glm::vec3 axis(delta.x, delta.y, delta.z);
    const float angle = 2.0f * std::atan2(glm::length(axis), delta.w);
    const glm::vec3 angular = glm::length(axis) > 1e-9f ? glm::normalize(axis) * (angle / dt) : glm::vec3(0.0f);
    std::uint32_t kind = shared::kColliderBox;
    glm::vec4 size(c.size, c.rounding);
    std::uint32_t grid_index = 0;
    switch (c.shape) {
      case ColliderShape::plane:
        kind = shared::kColliderPlane;
        break;
      case ColliderShape::sphere:
        kind = shared::kColliderSphere;
        break;
      case ColliderShape::box:
        kind = shared::kColliderBox;
        break;
      case ColliderShape::shell:
        kind = shared::kColliderShell;
        size = glm::vec4(0.0f, 0.0f, 0.0f, 0.5f * c.thickness);
        grid_index = shells++;  // the solver uploads the shells' grids in this order
        break;
    }
    shared::ParticleCollider g{};
    g.position_kind = glm::vec4(now.position, std::bit_cast<float>(kind));
    g.rotation = quat_xyzw(glm::normalize(now.orientation));
    g.size = size;
    g.velocity = glm::vec4((later.position - now.position) / dt, std::bit_cast<float>(grid_index));
    g.angular = glm::vec4(angular, 0.0f);
    out.push_back(g);
  }
  return out;
}

shared::ParticlesStepPush ParticlesDriver::step_push(const ParticleStep& step, std::uint32_t collider_count) const {
  const float dx = grid_.cell, dt = step.dt;
  const float c = knobs_->sound_speed * dt / dx;  // cells per step
  const float rest = shared::kRestParticlesPerCell;
  shared::ParticlesStepPush p{};
  p.grid_origin = glm::vec4(grid_.origin, dx);
  p.grid_dims = glm::ivec4(grid_.nodes, int(grid_.node_count()));
  p.domain_min = glm::vec4(setup_.domain.min, dt);
  p.domain_max = glm::vec4(setup_.domain.max, float(step.time));
  // Bulk viscosity: a fifth of the speed of sound times a cell, enough to damp the ringing of the
  // weakly compressible liquid within a few periods (docs/particles.md).
  // (The incompressible solver has no bulk viscosity: there w is how far the fastest particle may
  // move in a step, in cells, for the clock.)
  const bool incompressible = knobs_->solver == ParticleSolverKind::incompressible;
  p.gravity = glm::vec4(0.0f, -knobs_->gravity, 0.0f, incompressible ? knobs_->step_cells : 0.2f * c);
  // Tait: p = K ((rho / rho0)^7 - 1) with K = rho0 c^2 / 7, all in grid units.
  const float stiffness = rest * c * c / kTaitGamma;
  const float viscosity = knobs_->viscosity * dt / (dx * dx);
  const float foam_decay = std::exp(-0.69314718f * dt / knobs_->foam_lifetime);
  // The incompressible solver has no stiffness; its FLIP share takes the place.
  p.material = glm::vec4(incompressible ? knobs_->flip : stiffness, viscosity, knobs_->foam_rate * dt, foam_decay);
  p.collider_first = step.collider_first;
  p.collider_count = collider_count;
  p.capacity = capacity();
  p.speed_limit = kSpeedLimitCells;
  p.volume_rate = 1.0f - std::exp(-knobs_->volume_correction * dt);
  p.outside_speed = step.outside_speed;
  p.slots_left = step.slots_left;
  p.warm_scale = 1.0f;  // the clock knows the last step's dt
  return p;
}

}  // namespace lfx

#include "liquidfx/core/particles/particles_setup.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <glm/geometric.hpp>

#include "liquidfx/shared/particles.h"

namespace lfx {
namespace {

bool finite(glm::vec3 v) {
  return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

bool has_volume(glm::vec3 lo, glm::vec3 hi) {
  return finite(lo) && finite(hi) && lo.x < hi.x && lo.y < hi.y && lo.z < hi.z;
}

bool inside(const Bounds& domain, glm::vec3 lo, glm::vec3 hi) {
  return lo.x >= domain.min.x && lo.y >= domain.min.y && lo.z >= domain.min.z && hi.x <= domain.max.x &&
         hi.y <= domain.max.y && hi.z <= domain.max.z;
}

}  // namespace

float ParticleNozzle::radius() const {
  return std::sqrt(rate / (3.14159265f * speed));
}

Result<void> check_nozzle_fits(const ParticleNozzle& n, float spacing, std::uint64_t capacity, const Bounds& domain) {
  constexpr double kPi = 3.14159265358979323846;
  // In doubles: a huge rate over a tiny speed is a disc of 1e6 m^2.
  const double r = std::max(std::sqrt(double(n.rate) / (kPi * double(n.speed))), 0.5 * double(spacing));
  const double layer = kPi * (r / spacing) * (r / spacing);
  const double per_frame = double(n.rate) / 60.0 / (double(spacing) * spacing * spacing);
  const glm::vec3 tank = domain.size();
  const double narrowest = std::min({tank.x, tank.y, tank.z});
  char text[320];
  if (!(2.0 * r <= narrowest)) {
    std::snprintf(text, sizeof(text),
                  "pours a jet %.4g m across (its disc is rate / speed), wider than the tank (%.4g m); lower its "
                  "rate or raise its speed",
                  2.0 * r, narrowest);
    return input_error(text);
  }
  if (!(layer <= double(capacity))) {
    std::snprintf(text, sizeof(text),
                  "pours a jet %.4g m across: one layer of it is %.4g particles of %.4g m, more than the capacity "
                  "(count = %llu); lower its rate or raise its speed",
                  2.0 * r, layer, double(spacing), static_cast<unsigned long long>(capacity));
    return input_error(text);
  }
  if (!(per_frame <= double(capacity))) {
    std::snprintf(text, sizeof(text),
                  "pours %.4g particles of %.4g m in 1/60 s, more than the capacity (count = %llu); lower its rate",
                  per_frame, double(spacing), static_cast<unsigned long long>(capacity));
    return input_error(text);
  }
  const glm::vec3 at =
      n.carrier ? n.carrier(n.start).position + n.carrier(n.start).orientation * n.position : n.position;
  if (glm::any(glm::lessThan(at, domain.min)) || glm::any(glm::greaterThan(at, domain.max))) {
    std::snprintf(text, sizeof(text), "is outside the tank when it starts (t = %.4g s, at (%.4g, %.4g, %.4g))", n.start,
                  at.x, at.y, at.z);
    return input_error(text);
  }
  return success();
}

Result<void> check_particles_setup(const ParticlesSetup& s) {
  if (!has_volume(s.domain.min, s.domain.max))
    return input_error("particles: the domain needs min < max on every axis");
  if (s.spacing && !(*s.spacing > 0.0f && std::isfinite(*s.spacing)))
    return input_error("particles: the spacing must be a positive number of metres");
  if (s.blocks.empty() && s.nozzles.empty() && s.inflows.empty())
    return input_error("particles: no blocks, no nozzles and no inflows: nothing to simulate");
  if (s.blocks.empty() && !s.spacing)
    return input_error("particles: without blocks, say the particle spacing (\"spacing\", metres)");
  for (std::size_t i = 0; i < s.blocks.size(); ++i) {
    const ParticleBlock& b = s.blocks[i];
    const std::string name = "particles: block " + std::to_string(i);
    if (!has_volume(b.min, b.max)) return input_error(name + " needs min < max on every axis");
    if (!inside(s.domain, b.min, b.max)) return input_error(name + " is not inside the domain");
  }
  for (std::size_t i = 0; i < s.nozzles.size(); ++i) {
    const ParticleNozzle& n = s.nozzles[i];
    const std::string name = "particles: nozzle " + std::to_string(i);
    if (!finite(n.direction) || glm::length(n.direction) < 1e-6f) return input_error(name + " needs a direction");
    if (!(n.rate > 0.0f && n.speed > 0.0f)) return input_error(name + " needs a positive rate and speed");
    if (!(n.start < n.end)) return input_error(name + " stops before it starts");
  }
  for (std::size_t i = 0; i < s.inflows.size(); ++i)
    if (!s.inflows[i] || !(s.inflows[i]->fastest_speed() > 0.0f && std::isfinite(s.inflows[i]->fastest_speed())))
      return input_error("particles: inflow " + std::to_string(i) + " is missing or has no finite fastest speed");
  if (s.absorbers.size() > shared::kMaxParticleAbsorbers)
    return input_error("particles: " + std::to_string(s.absorbers.size()) + " containers to fill; at most " +
                       std::to_string(shared::kMaxParticleAbsorbers));
  for (std::size_t i = 0; i < s.absorbers.size(); ++i)
    if (!s.absorbers[i]) return input_error("particles: absorber " + std::to_string(i) + " is missing");
  for (std::size_t i = 0; i < s.sinks.size(); ++i)
    if (!has_volume(s.sinks[i].min, s.sinks[i].max))
      return input_error("particles: sink " + std::to_string(i) + " needs min < max on every axis");
  for (std::size_t i = 0; i < s.colliders.size(); ++i) {
    const ParticleColliderDesc& c = s.colliders[i];
    const std::string name = "particles: collider " + std::to_string(i);
    if (!c.local.valid()) return input_error(name + " has no valid pose");
    if (c.shape == ColliderShape::sphere && !(c.size.x > 0.0f)) return input_error(name + " needs a radius");
    if (c.shape == ColliderShape::box && !(c.size.x > 0.0f && c.size.y > 0.0f && c.size.z > 0.0f))
      return input_error(name + " needs a size");
    if (c.shape == ColliderShape::shell && (!c.distance || !(c.thickness > 0.0f)))
      return input_error(name + " needs a mesh and a wall thickness");
  }
  return success();
}

float particle_spacing(const ParticlesSetup& setup, int count) {
  if (setup.spacing) return *setup.spacing;
  double volume = 0.0;
  for (const ParticleBlock& b : setup.blocks) {
    const glm::vec3 size = b.max - b.min;
    volume += double(size.x) * size.y * size.z;
  }
  return float(std::cbrt(volume / double(std::max(count, 1))));
}

Result<std::shared_ptr<const DistanceGrid>> shell_distance(const Mesh& mesh, float thickness, float grid_cell) {
  // Fine enough to resolve the wall (two samples across it), exact a couple of solver cells out.
  const float cell = std::max(0.5f * thickness, 0.25f * grid_cell);
  const float band = 0.5f * thickness + 2.0f * grid_cell;
  const int margin = int(std::ceil(band / cell)) + 1;
  // Counted in doubles before anything is allocated: a mesh in millimetres or in 1e30 m asks
  // for more samples than an int counts.
  const glm::dvec3 size = glm::dvec3(bounds_of(mesh).size());
  const glm::dvec3 samples = glm::ceil(size / double(cell)) + double(2 * margin + 1);
  const double total = samples.x * samples.y * samples.z;
  if (!(total <= double(kMaxShellSamples))) {
    char text[320];
    std::snprintf(text, sizeof(text),
                  "the wall's distance grid needs %.4g samples of %.4g m for a mesh of %.4g x %.4g x %.4g m (at most "
                  "%llu): is the mesh in metres? Scale it, or raise the wall's thickness or the particle spacing",
                  total, double(cell), size.x, size.y, size.z, static_cast<unsigned long long>(kMaxShellSamples));
    return input_error(text);
  }
  return std::shared_ptr<const DistanceGrid>(
      std::make_shared<DistanceGrid>(unsigned_distance_grid(mesh, cell, band, margin)));
}

}  // namespace lfx

#include "liquidfx/core/slosh/liquid_container.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include <glm/geometric.hpp>
#include <glm/gtc/matrix_inverse.hpp>
#include <glm/trigonometric.hpp>

#include "liquidfx/core/slosh/oscillator.h"

namespace lfx {
namespace {

constexpr double kPi = std::numbers::pi;
constexpr double kFirstModeRoot = 1.841;  // first zero of J1': the first sloshing mode of a cylinder
constexpr double kSettled = 1e-4;         // agitation and wave energy below this are exactly 0
constexpr double kFreeFallDrag = 120.0;   // 1/s: how fast the surface's motion stalls in free fall

// Nearly empty and nearly full containers slosh less (and not at all at 0 and 1).
double fill_response(double fill) {
  if (fill <= 0.0 || fill >= 1.0) return 0.0;
  return std::sqrt(std::sin(kPi * fill));
}

}  // namespace

LiquidContainer::LiquidContainer(std::shared_ptr<const ContainerShape> shape, const SloshKnobs& knobs)
    : shape_(std::move(shape)), knobs_(knobs), bubbles_(knobs.bubbles, std::uint64_t(knobs.seed)) {
  place_surface();
  update_film(0.0);
  update_gpu();
}

void LiquidContainer::set_knobs(const SloshKnobs& knobs) {
  const bool new_pool = knobs.bubbles != knobs_.bubbles || knobs.seed != knobs_.seed;
  knobs_ = knobs;
  if (new_pool) bubbles_ = BubblePool(knobs.bubbles, std::uint64_t(knobs.seed));
  place_surface();
  update_gpu();
}

double LiquidContainer::natural_omega_squared() const {
  if (knobs_.frequency > 0.0f) return std::pow(2.0 * kPi * knobs_.frequency, 2.0);
  // At rest, not as sloshed this moment: the frequency must not depend on the amplitude.
  const double area = std::max(double(level_.area), 1e-8);
  const double depth = std::max(double(level_.offset - level_.lowest), 1e-4);
  if (shape_->box) {
    const double k = kPi / std::sqrt(area);  // the box's length along the slosh
    return kGravity * k * std::tanh(k * depth);
  }
  const double radius = std::sqrt(area / kPi);  // a cylinder of the same free-surface area
  return kFirstModeRoot * kGravity / radius * std::tanh(kFirstModeRoot * depth / radius);
}

double LiquidContainer::slosh_energy() const {
  return 0.5 * glm::dot(slope_velocity_, slope_velocity_) + 0.5 * stiffness_ * glm::dot(slope_, slope_);
}

bool LiquidContainer::update(const Pose& input, double dt) {
  if (!input.valid() || (has_pose_ && !(std::isfinite(dt) && dt > 0.0))) {
    ++rejected_;
    return false;
  }
  Pose pose = input;
  pose.orientation = glm::normalize(pose.orientation);
  const glm::dvec3 centroid = glm::dvec3(pose.position) +
                              glm::dvec3(glm::mat3_cast(pose.orientation) * glm::vec3(shape_->liquid_volume.centroid));
  if (!has_pose_) {
    has_pose_ = true;
    has_velocity_ = true;  // a container starts at rest
    last_velocity_ = glm::dvec3(0.0);
    last_centroid_ = centroid;
    pose_ = pose;
    place_surface();
    update_film(0.0);
    update_gpu();
    return true;
  }

  // Rotation since the last pose, as a world-space rotation vector.
  glm::quat turn = pose.orientation * glm::conjugate(pose_.orientation);
  if (turn.w < 0.0f) turn = -turn;
  const double half = std::acos(std::clamp(double(turn.w), -1.0, 1.0));
  const double angle = 2.0 * half;
  const double spin = std::sin(half) > 1e-9 ? angle * turn.y / std::sin(half) : 0.0;

  const glm::dvec3 moved = centroid - last_centroid_;
  const bool teleport = dt > knobs_.teleport_gap || glm::length(moved) / dt > knobs_.teleport_speed;
  pose_ = pose;
  last_centroid_ = centroid;
  if (teleport) {
    ++teleports_;
    has_velocity_ = false;  // the velocity across a teleport means nothing
    effective_gravity_ = kGravity;
    advance(std::min(dt, double(knobs_.teleport_gap)), glm::dvec3(0.0), 0.0, 0.0, dt);
  } else {
    const glm::dvec3 velocity = moved / dt;
    glm::dvec3 change(0.0);
    double window = dt;
    if (has_velocity_) {
      change = velocity - last_velocity_;
      window = 0.5 * (dt + last_dt_);  // the velocity change is centred on the previous pose
    }
    effective_gravity_ = kGravity + change.y / window;
    last_velocity_ = velocity;
    has_velocity_ = true;
    last_dt_ = dt;
    advance(dt, change, spin, angle, window);
  }
  place_surface();
  update_film(dt);
  update_gpu();

  const glm::mat3 to_local = glm::transpose(glm::mat3_cast(pose_.orientation));
  BubbleEnvironment env{shape_->inside,
                        to_local * state_.surface_normal,
                        float(std::clamp(effective_gravity_ / kGravity, 0.0, 2.0)),
                        float(agitation_),
                        shape_->liquid_bounds.min,
                        shape_->liquid_bounds.max,
                        fill_.lowest,
                        fill_.offset,
                        [this](const glm::vec3& local) {
                          return shared::liquid_surface_distance(gpu_, glm::vec3(gpu_.model * glm::vec4(local, 1.0f)));
                        }};
  if (state_.empty) {
    bubbles_.clear();
  } else {
    bubbles_.update(env, knobs_, dt);
  }
  state_.live_bubbles = bubbles_.live();
  return true;
}

void LiquidContainer::advance(double dt, const glm::dvec3& velocity_change, double spin_angle, double rotation_angle,
                              double window) {
  const double omega_squared = natural_omega_squared();
  const double gravity_ratio = std::clamp(effective_gravity_ / kGravity, 0.0, 4.0);
  stiffness_ = omega_squared * gravity_ratio;  // no restoring force in free fall
  // Falling, the liquid has no "down": pushes do not tilt it and its motion stalls, so the
  // surface keeps the orientation it had.
  const double falling = std::clamp(1.0 - gravity_ratio, 0.0, 1.0);
  const double damping = 2.0 * knobs_.damping * std::sqrt(omega_squared) + kFreeFallDrag * std::pow(falling, 4.0);

  // The horizontal velocity change kicks the slope; the exact solution carries it through dt.
  // Steady acceleration a gives the slope -a / g_eff: the surface normal to g - a.
  const glm::dvec2 kick(velocity_change.x, velocity_change.z);
  // A velocity change is the acceleration summed over a window as long as a frame: at the
  // sloshing frequency that box loses sinc(omega window / 2) of it, which is given back, so that
  // a 30 Hz feed sloshes as high as a 240 Hz one.
  const double half_turn = 0.5 * std::sqrt(omega_squared) * window;
  const double box_gain = half_turn > 1e-6 && half_turn < 1.5 ? half_turn / std::sin(half_turn) : 1.0;
  slope_velocity_ -= (omega_squared / kGravity) * double(knobs_.response) * (1.0 - falling) * box_gain * kick;
  advance_damped_oscillator(slope_, slope_velocity_, stiffness_, damping, dt);

  // Agitation: spinning about the vertical (tilting counts a quarter), shaking, free fall.
  const double stirred = knobs_.agitation_spin * (std::abs(spin_angle) + 0.25 * std::max(0.0, rotation_angle - std::abs(spin_angle))) +
                         knobs_.agitation_shake * glm::length(velocity_change) + knobs_.agitation_fall * falling * dt;
  agitation_ = std::min(1.0, agitation_ + stirred) * std::exp(-knobs_.agitation_decay * dt);
  if (stirred == 0.0 && agitation_ < kSettled) agitation_ = 0.0;

  // The directional wave runs along the latest horizontal pushes and settles to exactly zero.
  const double push = glm::length(kick);
  const double wave_fade = std::exp(-knobs_.wave_decay * dt);
  wave_momentum_ = (wave_momentum_ + kick) * wave_fade;
  if (glm::length(wave_momentum_) > 1e-6) wave_direction_ = std::atan2(wave_momentum_.y, wave_momentum_.x);
  wave_energy_ = (wave_energy_ + knobs_.wave_gain * push) * wave_fade;
  if (push == 0.0 && wave_energy_ < kSettled) wave_energy_ = 0.0;
  wave_phase_ = std::fmod(wave_phase_ + std::sqrt(stiffness_) * dt, 2.0 * kPi);
  noise_clock_ = std::fmod(noise_clock_ + knobs_.noise_speed * dt, double(shared::kNoisePeriod));
}

void LiquidContainer::place_surface() {
  const double fill = std::clamp(double(knobs_.fill), 0.0, 1.0);
  const double response = fill_response(fill);
  // The displayed slope: scaled by the fill response, softly limited to max_tilt.
  glm::dvec2 slope = slope_ * response;
  const double limit = std::tan(glm::radians(double(knobs_.max_tilt)));
  const double length = glm::length(slope);
  if (limit < 1e-6) {
    slope = glm::dvec2(0.0);
  } else if (length > 0.0) {
    slope *= limit * std::tanh(length / limit) / length;
  }
  const glm::vec3 normal = glm::vec3(glm::normalize(glm::dvec3(-slope.x, 1.0, -slope.y)));
  const glm::mat3 rotation = glm::mat3_cast(pose_.orientation);
  const glm::vec3 local_normal = glm::transpose(rotation) * normal;

  state_.empty = fill <= 0.0;
  state_.full = fill >= 1.0;
  fill_ = shape_->table.lookup(local_normal, float(fill));
  level_ = shape_->table.lookup(glm::transpose(rotation) * glm::vec3(0.0f, 1.0f, 0.0f), float(fill));
  if (state_.full) {
    // A full closed container has no free surface: put the plane clear above the mesh.
    const float clearance = knobs_.noise_height + knobs_.wave_height + 1e-3f;
    fill_.offset += clearance;
    fill_.centroid += clearance * local_normal;
  }
  const float amplitude = float(knobs_.wave_height * (1.0 - std::exp(-wave_energy_)) * response);

  state_.surface_normal = normal;
  state_.plane_offset = fill_.offset + glm::dot(normal, pose_.position);
  state_.surface_center = pose_.position + rotation * fill_.centroid;
  state_.tilt_degrees = float(glm::degrees(std::acos(std::clamp(double(normal.y), -1.0, 1.0))));
  state_.agitation = float(agitation_);
  state_.wave_energy = float(wave_energy_);
  state_.wave_amplitude = state_.full ? 0.0f : amplitude;
  state_.frequency_hz = float(std::sqrt(stiffness_) / (2.0 * kPi));
  state_.depth = fill_.offset - fill_.lowest;
  state_.effective_gravity = float(effective_gravity_);
}

void LiquidContainer::update_film(double dt) {
  // The waterline's height on four walls, relative to the surface centre, from the plane's slope
  // across a circle of the free surface's area; the film keeps the highest and drains slowly.
  const glm::vec3 n = state_.surface_normal;
  const float radius = std::sqrt(std::max(fill_.area, 0.0f) / float(kPi));
  const float raised = state_.wave_amplitude + knobs_.noise_height * state_.agitation;
  const float rise[4] = {-n.x / n.y, n.x / n.y, -n.z / n.y, n.z / n.y};
  for (int side = 0; side < 4; ++side) {
    const float line = rise[side] * radius + raised;
    film_[side] = dt > 0.0 ? std::max(film_[side] - knobs_.film_drain * float(dt), line) : line;
  }
}

void LiquidContainer::update_gpu() {
  const SloshKnobs& k = knobs_;
  shared::LiquidContainerGpu& g = gpu_;
  g.model = pose_.matrix();
  g.world_to_local = glm::affineInverse(g.model);
  g.plane = glm::vec4(state_.surface_normal, state_.plane_offset);
  g.center = glm::vec4(state_.surface_center, std::clamp(k.fill, 0.0f, 1.0f));
  g.wave_state = glm::vec4(float(wave_direction_), state_.wave_amplitude, float(std::min(wave_energy_, 1.0)),
                           float(wave_phase_));
  g.wave_shape = glm::vec4(k.wave_scale, k.wave_harmonic, k.wave_warp, k.refraction_influence);
  g.noise = glm::vec4(state_.full ? 0.0f : state_.agitation, k.noise_height, float(noise_clock_), k.noise_scale);
  g.film = glm::vec4(film_[0], film_[1], film_[2], film_[3]);
  // Foam follows the slosh: the tilt relative to its limit and the wave energy.
  const double limit = std::max(1e-6, std::tan(glm::radians(double(k.max_tilt))));
  const float energy = float(std::clamp(glm::length(slope_) / limit + wave_energy_, 0.0, 1.0));
  const float radius = std::sqrt(std::max(fill_.area, 0.0f) / float(kPi));
  const float reach = std::tan(glm::radians(state_.tilt_degrees)) * radius + state_.wave_amplitude;
  g.surface = glm::vec4(k.meniscus_width, k.foam_width * energy, state_.surface_center.y - reach,
                        state_.surface_center.y + reach);
  g.body_color = glm::vec4(k.color, k.opacity);
  g.top_color = glm::vec4(k.top_color, k.style == LiquidStyle::opaque ? shared::kLiquidStyleOpaque
                                                                      : shared::kLiquidStyleRefractive);
  g.absorption = glm::vec4(k.absorption, k.refraction);
  g.optics = glm::vec4(k.blur, 1.33f, radius, 0.0f);
}

}  // namespace lfx

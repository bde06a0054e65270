#include "liquidfx/core/slosh/liquid_container.h"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>
#include <glm/trigonometric.hpp>
#include <numbers>

#include "liquidfx/core/container/plane_section.h"

namespace lfx {
namespace {

constexpr double kPi = std::numbers::pi;
constexpr double kSettled = 1e-4;         // agitation and wave energy below this are exactly 0
constexpr double kFreeFallDrag = 120.0;   // 1/s: how fast the surface's motion stalls in free fall
constexpr float kRestRefresh = 0.99939f;  // cos(2 degrees): turning less leaves the frequency as it was

// A world xz vector as (along the unit direction a, across it) and back.
glm::dvec2 mode_coordinates(const glm::dvec2& xz, const glm::dvec2& a) {
  return {glm::dot(xz, a), a.x * xz.y - a.y * xz.x};
}
glm::dvec2 world_coordinates(const glm::dvec2& modes, const glm::dvec2& a) {
  return modes.x * a + modes.y * glm::dvec2(-a.y, a.x);
}

// x brought into [0, period): both the wave (second sine at twice the phase rate) and the noise
// are periodic, so nothing jumps.
double wrap(double x, double period) {
  return x < period ? x : std::fmod(x, period);
}

// atan2 to about 1e-5 rad (a rational fit on [0, 1], octant by octant): the wave's direction does
// not need libm's last bit, and this is several times cheaper.
float fast_atan2(float y, float x) {
  const float ax = std::abs(x), ay = std::abs(y);
  const float hi = std::max(ax, ay), lo = std::min(ax, ay);
  if (hi == 0.0f) return 0.0f;
  const float t = lo / hi, t2 = t * t;
  float a = t * (0.99997726f + t2 * (-0.33262347f +
                                     t2 * (0.19354346f + t2 * (-0.11643287f + t2 * (0.05265332f - t2 * 0.01172120f)))));
  if (ay > ax) a = 1.57079633f - a;
  if (x < 0.0f) a = 3.14159265f - a;
  return y < 0.0f ? -a : a;
}

// Nearly empty and nearly full containers slosh less (and not at all at 0 and 1).
double fill_response(double fill) {
  if (fill <= 0.0 || fill >= 1.0) return 0.0;
  return std::sqrt(std::sin(kPi * fill));
}

}  // namespace

float SloshState::tilt_degrees() const {
  return glm::degrees(std::acos(std::clamp(surface_normal.y, -1.0f, 1.0f)));
}

LiquidContainer::LiquidContainer(std::shared_ptr<const ContainerShape> shape, const SloshKnobs& knobs)
    : shape_(std::move(shape)), knobs_(knobs), bubbles_(knobs.bubbles, std::uint64_t(knobs.seed)) {
  volume_m3_ = std::clamp(double(knobs.fill), 0.0, 1.0) * capacity_m3();
  set_fill_ = knobs.fill;
  set_color_ = knobs.color;
  set_absorption_ = knobs.absorption;
  derive_from_knobs();
  place_surface();
  update_film(0.0);
}

void LiquidContainer::set_knobs(const SloshKnobs& knobs) {
  const bool new_pool = knobs.bubbles != knobs_.bubbles || knobs.seed != knobs_.seed;
  // A new fill sets the volume (of one liquid); the same fill as last set keeps what was poured
  // in or out since.
  if (knobs.fill != set_fill_) {
    volume_m3_ = std::clamp(double(knobs.fill), 0.0, 1.0) * capacity_m3();
    layer_m3_ = 0.0;
  }
  set_fill_ = knobs.fill;
  // Likewise the colour and absorption: the same as last given keep what was mixed in since.
  glm::vec3 mixed = knobs_.color;
  const glm::vec3 mixed_absorption = knobs_.absorption;
  const bool same_color = knobs.color == set_color_, same_absorption = knobs.absorption == set_absorption_;
  set_color_ = knobs.color;
  set_absorption_ = knobs.absorption;
  // Liquids made miscible mix: the layer goes into the rest by volume.
  if (knobs.poured_liquid == PouredLiquid::mixes && layer_m3_ > 0.0) {
    mixed = glm::mix(mixed, layer_color_, float(layer_m3_ / volume_m3_));
    layer_m3_ = 0.0;
  }
  knobs_ = knobs;
  knobs_.fill = float(volume_m3_ / capacity_m3());
  if (same_color) knobs_.color = mixed;
  if (same_absorption) knobs_.absorption = mixed_absorption;
  if (new_pool) bubbles_ = BubblePool(knobs.bubbles, std::uint64_t(knobs.seed));
  derive_from_knobs();
  place_surface();
}

void LiquidContainer::derive_from_knobs() {
  fill_level_ = shape_->table.level_of(std::clamp(knobs_.fill, 0.0f, 1.0f));
  fill_response_ = fill_response(knobs_.fill);
  tilt_limit_ = std::tan(glm::radians(double(knobs_.max_tilt)));
  rest_up_ = glm::vec3(0.0f);  // the frequency depends on the fill: refresh it
}

void LiquidContainer::refresh_rest_frequency(const glm::vec3& local_up) {
  // The free surface at rest, its length L along each of its principal directions and the
  // depth h beneath it: the first mode along each is a standing wave of half a wavelength,
  // k = pi / L, with omega^2 = g k tanh(k h) (exact for a rectangular tank; a disc's length
  // sqrt(12 I / A) = 1.73 R gives k R = 1.81 against the cylinder's 1.84).
  rest_up_ = local_up;
  const FillLookup rest = shape_->table.lookup(local_up, fill_level_);
  const PlaneSection surface = plane_section(shape_->liquid, local_up, rest.offset);
  const double depth = std::max(double(rest.offset - rest.lowest), 1e-4);
  const double lengths[2] = {surface.major_length, surface.minor_length};
  mode_axis_ = surface.major;
  for (int m = 0; m < 2; ++m) {
    // An empty or full container's section vanishes: a short length (stiff, barely moving).
    const double k = kPi / std::max(lengths[m] > 0.0 ? lengths[m] : std::sqrt(double(rest.area)), 1e-3);
    mode_omega_squared_[m] =
        knobs_.frequency > 0.0f ? std::pow(2.0 * kPi * knobs_.frequency, 2.0) : kGravity * k * std::tanh(k * depth);
    mode_omega_[m] = std::sqrt(mode_omega_squared_[m]);
  }
}

glm::dvec2 LiquidContainer::mode_direction() const {
  const glm::vec3 world = rotation_ * mode_axis_;
  const glm::dvec2 xz(world.x, world.z);
  const double length = std::sqrt(glm::dot(xz, xz));
  return length > 1e-9 ? xz / length : glm::dvec2(1.0, 0.0);
}

double LiquidContainer::slosh_energy() const {
  const glm::dvec2 along = mode_coordinates(slope_, mode_direction());
  return 0.5 * glm::dot(slope_velocity_, slope_velocity_) + 0.5 * glm::dot(stiffness_, along * along);
}

double LiquidContainer::capacity_m3() const {
  return std::abs(shape_->liquid_volume.volume);
}

double LiquidContainer::exchange_liquid(double m3, std::optional<glm::vec3> color,
                                        std::optional<glm::vec3> absorption) {
  if (!std::isfinite(m3)) return 0.0;
  const double before = volume_m3_;
  volume_m3_ = std::clamp(volume_m3_ + m3, 0.0, capacity_m3());
  const double changed = volume_m3_ - before;
  const bool poured = color && std::isfinite(color->x + color->y + color->z);
  if (changed > 0.0 && poured) {
    const glm::vec3 added = glm::clamp(*color, 0.0f, 1.0f);
    if (knobs_.poured_liquid == PouredLiquid::mixes) {
      // Dyes mix by volume: so do the colours and the absorption coefficients.
      const float share = float(changed / volume_m3_);
      knobs_.color = glm::mix(knobs_.color, added, share);
      if (absorption && std::isfinite(absorption->x + absorption->y + absorption->z))
        knobs_.absorption = glm::mix(knobs_.absorption, glm::max(*absorption, 0.0f), share);
    } else {
      layer_m3_ += changed;
      layer_color_ = glm::mix(layer_color_, added, float(changed / layer_m3_));
    }
  } else if (changed < 0.0 && knobs_.poured_liquid == PouredLiquid::floats) {
    layer_m3_ = std::max(layer_m3_ + changed, 0.0);  // the floating layer leaves first
  }
  layer_m3_ = std::min(layer_m3_, volume_m3_);  // a sunk layer leaves last
  knobs_.fill = float(volume_m3_ / capacity_m3());
  derive_from_knobs();
  place_surface();
  return changed;
}

bool LiquidContainer::layer_on_top() const {
  return layer_m3_ > 0.0 && (knobs_.poured_liquid == PouredLiquid::floats || layer_m3_ >= volume_m3_);
}

glm::vec3 LiquidContainer::outflow_color() const {
  return layer_on_top() ? layer_color_ : knobs_.color;
}

std::optional<glm::vec3> LiquidContainer::outflow_absorption() const {
  if (layer_on_top()) return std::nullopt;
  return knobs_.absorption;
}

void LiquidContainer::stir(double amount) {
  if (!(amount > 0.0) || state_.empty) return;
  agitation_ = std::min(1.0, agitation_ + amount);
  wave_energy_ += amount;
  state_.agitation = float(agitation_);
  state_.wave_energy = float(wave_energy_);
  gpu_stale_ = true;
}

glm::vec3 LiquidContainer::point_velocity(const glm::vec3& p) const {
  const glm::dvec3 arm = glm::dvec3(p) - last_centroid_;
  return glm::vec3(last_velocity_ + glm::cross(last_spin_, arm));
}

bool LiquidContainer::update(const Pose& input, double dt) {
  if (!input.valid() || (has_pose_ && !(std::isfinite(dt) && dt > 0.0))) {
    ++rejected_;
    return false;
  }
  const glm::quat previous = pose_.orientation;
  pose_.position = input.position;
  pose_.orientation = glm::normalize(input.orientation);
  rotation_ = glm::mat3_cast(pose_.orientation);
  const glm::dvec3 centroid = glm::dvec3(pose_.position + rotation_ * glm::vec3(shape_->liquid_volume.centroid));
  if (!has_pose_) {
    has_pose_ = true;
    has_velocity_ = true;  // a container starts at rest
    last_velocity_ = glm::dvec3(0.0);
    last_centroid_ = centroid;
    place_surface();
    update_film(0.0);
    return true;
  }

  // Rotation since the last pose: its angle, and its part about the vertical.
  glm::quat turn = pose_.orientation * glm::conjugate(previous);
  if (turn.w < 0.0f) turn = -turn;
  const double sine = std::sqrt(double(turn.x) * turn.x + double(turn.y) * turn.y + double(turn.z) * turn.z);
  const double half = sine < 0.2 ? sine * (1.0 + sine * sine / 6.0) : std::asin(std::min(1.0, sine));
  const double angle = 2.0 * half;
  const double spin = sine > 1e-12 ? angle * turn.y / sine : 0.0;

  const glm::dvec3 moved = centroid - last_centroid_;
  const double reach = knobs_.teleport_speed * dt;
  const bool teleport = dt > knobs_.teleport_gap || glm::dot(moved, moved) > reach * reach;
  last_centroid_ = centroid;
  if (teleport) {
    ++teleports_;
    has_velocity_ = false;  // the velocity across a teleport means nothing
    last_velocity_ = last_spin_ = glm::dvec3(0.0);
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
    last_spin_ = sine > 1e-12 ? glm::dvec3(turn.x, turn.y, turn.z) * (angle / (sine * dt)) : glm::dvec3(0.0);
    has_velocity_ = true;
    last_dt_ = dt;
    advance(dt, change, spin, angle, window);
  }
  place_surface();
  update_film(dt);
  update_bubbles(dt);
  return true;
}

void LiquidContainer::advance(double dt, const glm::dvec3& velocity_change, double spin_angle, double rotation_angle,
                              double window) {
  const glm::vec3 local_up(rotation_[0].y, rotation_[1].y, rotation_[2].y);
  if (glm::dot(local_up, rest_up_) < kRestRefresh) refresh_rest_frequency(local_up);
  const double gravity_ratio = std::clamp(effective_gravity_ / kGravity, 0.0, 4.0);
  stiffness_ = mode_omega_squared_ * gravity_ratio;  // no restoring force in free fall
  // Falling, the liquid has no "down": pushes do not tilt it and its motion stalls, so the
  // surface keeps the orientation it had.
  const double falling = std::clamp(1.0 - gravity_ratio, 0.0, 1.0);
  const double falling4 = falling * falling * falling * falling;

  // The horizontal velocity change kicks the slope; the exact solution carries it through dt.
  // Steady acceleration a gives the slope -a / g_eff: the surface normal to g - a. A velocity
  // change is the acceleration summed over a window as long as a frame: at the sloshing
  // frequency that box loses sinc(omega window / 2) of it, which is given back, so that a 30 Hz
  // feed sloshes as high as a 240 Hz one.
  // Each mode on its own: the slope and its rate along the first mode's world direction and
  // across it, each carried by its own exact oscillator step.
  const glm::dvec2 kick(velocity_change.x, velocity_change.z);
  const glm::dvec2 mode = mode_direction();
  const glm::dvec2 kick_along = mode_coordinates(kick, mode);
  glm::dvec2 slope = mode_coordinates(slope_, mode), rate = mode_coordinates(slope_velocity_, mode);
  const bool new_steps = dt != last_step_dt_;
  last_step_dt_ = dt;
  for (int m = 0; m < 2; ++m) {
    const double omega_squared = mode_omega_squared_[m];
    if (kick_along[m] != 0.0) {
      const double box_gain = box_gain_[m].get(omega_squared, window, [&] {
        const double half_turn = 0.5 * std::sqrt(omega_squared) * window;
        return half_turn > 1e-6 && half_turn < 1.5 ? half_turn / std::sin(half_turn) : 1.0;
      });
      rate[m] -= (omega_squared / kGravity) * double(knobs_.response) * (1.0 - falling) * box_gain * kick_along[m];
    }
    const double damping = 2.0 * knobs_.damping * mode_omega_[m] + kFreeFallDrag * falling4;
    if (new_steps || stiffness_[m] != step_[m].k || 0.5 * damping != step_[m].half_c)
      step_[m] = OscillatorStep::make(stiffness_[m], damping, dt);
    glm::dvec2 x(slope[m], 0.0), v(rate[m], 0.0);
    step_[m].apply(x, v);
    slope[m] = x.x;
    rate[m] = v.x;
  }
  slope_ = world_coordinates(slope, mode);
  slope_velocity_ = world_coordinates(rate, mode);

  // Agitation: spinning about the vertical (tilting counts a quarter), shaking, free fall.
  const double stirred =
      knobs_.agitation_spin * (std::abs(spin_angle) + 0.25 * std::max(0.0, rotation_angle - std::abs(spin_angle))) +
      knobs_.agitation_shake * glm::length(velocity_change) + knobs_.agitation_fall * falling * dt;
  const double agitation_fade =
      agitation_fade_.get(knobs_.agitation_decay, dt, [&] { return std::exp(-knobs_.agitation_decay * dt); });
  agitation_ = std::min(1.0, agitation_ + stirred) * agitation_fade;
  if (stirred == 0.0 && agitation_ < kSettled) agitation_ = 0.0;

  // The directional wave runs along the latest horizontal pushes and settles to exactly zero.
  const double push = glm::length(kick);
  const double wave_fade = wave_fade_.get(knobs_.wave_decay, dt, [&] { return std::exp(-knobs_.wave_decay * dt); });
  wave_momentum_ = (wave_momentum_ + kick) * wave_fade;
  if (push > 0.0 && glm::dot(wave_momentum_, wave_momentum_) > 1e-12)
    wave_direction_ = fast_atan2(float(wave_momentum_.y), float(wave_momentum_.x));
  wave_energy_ = (wave_energy_ + knobs_.wave_gain * push) * wave_fade;
  if (push == 0.0 && wave_energy_ < kSettled) wave_energy_ = 0.0;
  wave_phase_ = wrap(wave_phase_ + mode_omega_[0] * std::sqrt(gravity_ratio) * dt, 2.0 * kPi);
  noise_clock_ = wrap(noise_clock_ + knobs_.noise_speed * dt, double(shared::kNoisePeriod));
}

void LiquidContainer::place_surface() {
  gpu_stale_ = true;
  const double fill = std::clamp(double(knobs_.fill), 0.0, 1.0);
  // The displayed slope: scaled by the fill response, softly limited to max_tilt.
  glm::dvec2 slope = slope_ * fill_response_;
  if (tilt_limit_ < 1e-6) {
    slope = glm::dvec2(0.0);
  } else {
    slope /= std::sqrt(1.0 + glm::dot(slope, slope) / (tilt_limit_ * tilt_limit_));
  }
  shown_slope_ = slope;
  const glm::vec3 normal = glm::vec3(glm::normalize(glm::dvec3(-slope.x, 1.0, -slope.y)));
  const glm::vec3 local_normal = glm::transpose(rotation_) * normal;

  state_.empty = fill <= 0.0;
  state_.full = fill >= 1.0;
  fill_ = shape_->table.lookup(local_normal, fill_level_);
  if (state_.full) {
    // A full closed container has no free surface: put the plane clear above the mesh.
    const float clearance = knobs_.noise_height + knobs_.wave_height + 1e-3f;
    fill_.offset += clearance;
    fill_.centroid += clearance * local_normal;
  }
  const double saturation = wave_energy_ / (1.0 + wave_energy_);
  state_.surface_normal = normal;
  state_.plane_offset = fill_.offset + glm::dot(normal, pose_.position);
  state_.surface_center = pose_.position + rotation_ * fill_.centroid;
  state_.agitation = float(agitation_);
  state_.wave_energy = float(wave_energy_);
  state_.wave_amplitude = state_.full ? 0.0f : float(knobs_.wave_height * saturation * fill_response_);
  state_.frequency_hz = float(std::sqrt(stiffness_[0]) / (2.0 * kPi));
  state_.depth = fill_.offset - fill_.lowest;
  state_.effective_gravity = float(effective_gravity_);
  if (layer_m3_ > 0.0) {
    // The interface between the layer and the rest is parallel to the free surface, with the
    // liquid under it taking its share of the volume at this tilt.
    const double below = knobs_.poured_liquid == PouredLiquid::floats ? volume_m3_ - layer_m3_ : layer_m3_;
    const float share = float(std::clamp(below / capacity_m3(), 0.0, 1.0));
    const FillLookup under = shape_->table.lookup(local_normal, share);
    interface_offset_ = under.offset + glm::dot(normal, pose_.position);
  }
}

void LiquidContainer::update_film(double dt) {
  // The waterline's height on four walls, relative to the surface centre, from the plane's slope
  // across a circle of the free surface's area; the film keeps the highest and drains slowly.
  const float radius = free_surface_radius();
  const float raised = state_.wave_amplitude + knobs_.noise_height * state_.agitation;
  const float sx = float(shown_slope_.x), sz = float(shown_slope_.y);
  const float rise[4] = {sx, -sx, sz, -sz};
  for (int side = 0; side < 4; ++side) {
    const float line = rise[side] * radius + raised;
    film_[side] = dt > 0.0 ? std::max(film_[side] - knobs_.film_drain * float(dt), line) : line;
  }
}

float LiquidContainer::free_surface_radius() const {
  return std::sqrt(std::max(fill_.area, 0.0f) / float(kPi));
}

const shared::LiquidContainerGpu& LiquidContainer::gpu() const {
  if (gpu_stale_) update_gpu();
  return gpu_;
}

void LiquidContainer::update_gpu() const {
  gpu_stale_ = false;
  const SloshKnobs& k = knobs_;
  shared::LiquidContainerGpu& g = gpu_;
  // A rigid transform: its inverse is the transposed rotation and the rotated-back translation.
  const glm::mat3 back = glm::transpose(rotation_);
  g.model = glm::mat4(rotation_);
  g.model[3] = glm::vec4(pose_.position, 1.0f);
  g.world_to_local = glm::mat4(back);
  g.world_to_local[3] = glm::vec4(-(back * pose_.position), 1.0f);
  g.plane = glm::vec4(state_.surface_normal, state_.plane_offset);
  g.center = glm::vec4(state_.surface_center, std::clamp(k.fill, 0.0f, 1.0f));
  g.wave_state =
      glm::vec4(wave_direction_, state_.wave_amplitude, float(std::min(wave_energy_, 1.0)), float(wave_phase_));
  g.wave_shape = glm::vec4(k.wave_scale, k.wave_harmonic, k.wave_warp, k.refraction_influence);
  g.noise = glm::vec4(state_.full ? 0.0f : state_.agitation, k.noise_height, float(noise_clock_), k.noise_scale);
  g.film = glm::vec4(film_[0], film_[1], film_[2], film_[3]);
  // Foam follows the slosh: the tilt relative to its limit and the wave energy.
  const double tilt = glm::length(shown_slope_);
  const float energy = float(std::clamp(tilt / std::max(1e-6, tilt_limit_) + wave_energy_, 0.0, 1.0));
  const float radius = free_surface_radius();
  const float reach = float(tilt) * radius + state_.wave_amplitude;
  g.surface = glm::vec4(k.meniscus_width, k.foam_width * energy, state_.surface_center.y - reach,
                        state_.surface_center.y + reach);
  g.body_color = glm::vec4(k.color, k.opacity);
  g.top_color = glm::vec4(k.top_color,
                          k.style == LiquidStyle::opaque ? shared::kLiquidStyleOpaque : shared::kLiquidStyleRefractive);
  g.absorption = glm::vec4(k.absorption, k.refraction);
  float layer_side = 0.0f;
  if (layer_m3_ > 0.0)
    layer_side = k.poured_liquid == PouredLiquid::floats ? shared::kLiquidLayerFloats : shared::kLiquidLayerSinks;
  g.optics = glm::vec4(k.blur, 1.33f, radius, layer_side);
  g.layer = glm::vec4(layer_color_, interface_offset_);
}

void LiquidContainer::update_bubbles(double dt) {
  if (state_.empty) bubbles_.clear();
  if (state_.empty || bubbles_.bubbles().empty()) {
    state_.live_bubbles = 0;
    return;
  }
  const BubbleEnvironment env{shape_->inside,
                              glm::transpose(rotation_) * state_.surface_normal,
                              float(std::clamp(effective_gravity_ / kGravity, 0.0, 2.0)),
                              float(agitation_),
                              shape_->liquid_bounds.min,
                              shape_->liquid_bounds.max,
                              fill_.lowest,
                              fill_.offset,
                              [&g = gpu()](const glm::vec3& local) {
                                return shared::liquid_surface_distance(g, glm::vec3(g.model * glm::vec4(local, 1.0f)));
                              }};
  bubbles_.update(env, knobs_, dt);
  state_.live_bubbles = bubbles_.live();
}

}  // namespace lfx

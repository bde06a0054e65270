// lfx::LiquidContainer: what the liquid in one container does, frame to frame, from nothing but
// the container's pose. No GPU; an engine with its own renderer can use it alone and draw with
// gpu() and shaders/shared/liquid_surface.h.
//
// The free surface is normal to the effective gravity g - a, a the acceleration of the liquid's
// centroid (translation and rotation both move it). The surface's slope is a 2-DOF damped
// oscillator driven by the centroid's velocity changes as impulses and advanced by the exact
// solution (any dt is stable; 30, 60, 144 and 240 Hz trace the same motion). Its stiffness is the
// first sloshing mode of the container at the current fill depth and scales with the effective
// gravity, so free fall leaves the surface where it was. The plane's offset comes from the fill
// table, so the liquid's volume is kept at any tilt.
#pragma once

#include <cstdint>
#include <glm/mat3x3.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <memory>
#include <optional>
#include <span>

#include "liquidfx/core/slosh/bubbles.h"
#include "liquidfx/core/slosh/container_shape.h"
#include "liquidfx/core/slosh/oscillator.h"
#include "liquidfx/core/slosh/pose.h"
#include "liquidfx/core/slosh/slosh_knobs.h"
#include "liquidfx/shared/liquid_surface.h"

namespace lfx {

inline constexpr double kGravity = 9.81;  ///< m/s^2, along -y.

/// What the liquid is doing after the latest update.
struct SloshState {
  glm::vec3 surface_normal{0.0f, 1.0f, 0.0f};  ///< World unit normal of the free surface.
  float plane_offset = 0.0f;                   ///< World: dot(normal, p) = offset.
  glm::vec3 surface_center{0.0f};              ///< World centre of the free surface.
  float agitation = 0.0f;                      ///< 0..1; exactly 0 at rest.
  float wave_amplitude = 0.0f;                 ///< Metres; exactly 0 at rest.
  float wave_energy = 0.0f;
  float frequency_hz = 0.0f;                  ///< Current natural sloshing frequency.
  float depth = 0.0f;                         ///< Liquid depth along the normal (m).
  float effective_gravity = float(kGravity);  ///< |g - a| along world up (m/s^2).
  int live_bubbles = 0;
  bool empty = false;  ///< fill == 0: nothing to draw.
  bool full = false;   ///< fill == 1: no free surface, no slosh.

  /// Angle between the surface normal and world up.
  float tilt_degrees() const;
};

class LiquidContainer {
 public:
  LiquidContainer(std::shared_ptr<const ContainerShape> shape, const SloshKnobs& knobs);

  /// Feeds the container's pose `dt` seconds after the previous one (dt is ignored for the first
  /// pose). Rejected, counted and without effect: a non-finite or zero-length pose, dt <= 0 or
  /// not finite. A jump faster than teleport_speed or a gap longer than teleport_gap resets the
  /// motion history instead of kicking the liquid. Returns whether the pose was accepted.
  bool update(const Pose& pose, double dt);

  /// Changes knobs (fill, look, ...) without resetting the motion. The same fill as last given
  /// keeps the liquid exchanged since; another sets the volume anew.
  void set_knobs(const SloshKnobs& knobs);

  const SloshState& state() const { return state_; }
  /// The liquid it holds: the fill's share of the liquid mesh's volume (cubic metres), the same
  /// at any tilt.
  double liquid_volume_m3() const { return volume_m3_; }
  /// The most it holds: the liquid mesh's volume (cubic metres).
  double capacity_m3() const;
  /// Adds `m3` of liquid (negative: takes it away) without disturbing its motion, clamped to
  /// what the container holds; returns the volume that changed hands. The fill knob follows.
  /// Liquid added with a `color` (and an `absorption`, 1/m) is poured in: by the knob
  /// poured_liquid it mixes with what is there by volume (the colour and absorption knobs
  /// follow) or joins the immiscible layer (its colour; the layer is drawn with the container's
  /// absorption). Liquid taken away is the liquid on top.
  double exchange_liquid(double m3, std::optional<glm::vec3> color = std::nullopt,
                         std::optional<glm::vec3> absorption = std::nullopt);
  /// The immiscible layer poured in (poured_liquid floats or sinks): its volume (m^3, part of
  /// liquid_volume_m3) and its colour, which mixes by volume what was poured into it.
  double layer_volume_m3() const { return layer_m3_; }
  glm::vec3 layer_color() const { return layer_color_; }
  /// The colour of the liquid on top, which is what pours out, and its absorption (std::nullopt
  /// for a layer, which has only a colour).
  glm::vec3 outflow_color() const;
  std::optional<glm::vec3> outflow_absorption() const;
  /// Adds `amount` (0..1) of agitation, as liquid poured in does; the waves grow with it.
  void stir(double amount);
  /// The velocity of a point fixed to the container, at world position `p`, over the last update
  /// (zero before the second and across a teleport).
  glm::vec3 point_velocity(const glm::vec3& p) const;
  /// Everything a shader needs, for shaders/shared/liquid_surface.h (assembled on first use
  /// after an update, so a frame that is not drawn does not pay for it).
  const shared::LiquidContainerGpu& gpu() const;
  std::span<const Bubble> bubbles() const { return bubbles_.bubbles(); }
  const SloshKnobs& knobs() const { return knobs_; }
  const ContainerShape& shape() const { return *shape_; }
  /// The shape shared, for whoever keeps data made from it (it lives as long as any holder).
  const std::shared_ptr<const ContainerShape>& shared_shape() const { return shape_; }
  const Pose& pose() const { return pose_; }

  /// Energy of the slosh oscillator (1/2 v^2 + 1/2 k x^2 of the slope); never grows without input.
  double slosh_energy() const;
  std::uint64_t rejected_updates() const { return rejected_; }
  std::uint64_t teleports() const { return teleports_; }

 private:
  void advance(double dt, const glm::dvec3& velocity_change, double spin_angle, double rotation_angle, double window);
  void place_surface();
  /// Whether the immiscible layer is the liquid on top (what pours out first).
  bool layer_on_top() const;
  void update_film(double dt);
  void update_gpu() const;
  /// The radius of a circle as large as the free surface (the waterline's reach from its centre).
  float free_surface_radius() const;
  void update_bubbles(double dt);
  void derive_from_knobs();
  void refresh_rest_frequency(const glm::vec3& local_up);
  // The first mode's direction in the world's horizontal xz plane (it turns with the container).
  glm::dvec2 mode_direction() const;

  // exp(-rate * dt) and the like for the last arguments: a steady frame rate pays once.
  struct Memo {
    double a = -1.0, b = -1.0, value = 0.0;
    template <class F>
    double get(double x, double y, F&& f) {
      if (x != a || y != b) {
        a = x;
        b = y;
        value = f();
      }
      return value;
    }
  };

  std::shared_ptr<const ContainerShape> shape_;
  SloshKnobs knobs_;
  Pose pose_;
  glm::mat3 rotation_{1.0f};  // pose_.orientation as a matrix
  bool has_pose_ = false;
  bool has_velocity_ = false;
  glm::dvec3 last_centroid_{0.0};
  glm::dvec3 last_velocity_{0.0};
  glm::dvec3 last_spin_{0.0};       // angular velocity over the last update (rad/s, world)
  double volume_m3_ = 0.0;          // what it holds: knobs_.fill follows this, not the other way
  float set_fill_ = 0.0f;           // the fill knob as last given (a different one sets the volume)
  glm::vec3 set_color_{0.0f};       // the colour knob as last given (the same keeps what was mixed in)
  glm::vec3 set_absorption_{0.0f};  // likewise the absorption knob
  double layer_m3_ = 0.0;           // the immiscible layer poured in, part of volume_m3_
  glm::vec3 layer_color_{0.0f};
  float interface_offset_ = 0.0f;  // world: dot(surface normal, p) = offset between layer and the rest
  double last_dt_ = 0.0;

  glm::dvec2 slope_{0.0};  // world xz slope of the surface (tan of the tilt), before the limit
  glm::dvec2 slope_velocity_{0.0};
  glm::dvec2 shown_slope_{0.0};  // after the fill response and the tilt limit
  glm::dvec2 stiffness_{0.0};    // k of the slope oscillator along each mode for the current step
  double effective_gravity_ = kGravity;
  double agitation_ = 0.0;
  glm::dvec2 wave_momentum_{0.0};
  double wave_energy_ = 0.0;
  float wave_direction_ = 0.0f;
  double wave_phase_ = 0.0;
  double noise_clock_ = 0.0;
  float film_[4] = {0.0f, 0.0f, 0.0f, 0.0f};  // wet line above the surface centre: +x, -x, +z, -z

  FillTable::Level fill_level_{};  // where knobs_.fill falls in the table (worked out once)
  double tilt_limit_ = 1.0;        // tan(max_tilt)
  double fill_response_ = 1.0;     // how much this fill sloshes (0 empty or full, 1 half)
  FillLookup fill_{};              // the liquid under the displayed surface
  // The liquid at rest (level under gravity) sets the sloshing frequency, refreshed when the
  // container has turned by more than a degree.
  // Two modes: along the free surface's longest spread (the lower frequency) and across it.
  glm::vec3 rest_up_{0.0f};
  glm::vec3 mode_axis_{1.0f, 0.0f, 0.0f};  // the first mode's direction, container coordinates
  glm::dvec2 mode_omega_squared_{0.0}, mode_omega_{0.0};
  Memo box_gain_[2], agitation_fade_, wave_fade_;
  OscillatorStep step_[2];
  double last_step_dt_ = -1.0;

  BubblePool bubbles_;
  SloshState state_;
  mutable shared::LiquidContainerGpu gpu_{};
  mutable bool gpu_stale_ = true;
  std::uint64_t rejected_ = 0;
  std::uint64_t teleports_ = 0;
};

}  // namespace lfx

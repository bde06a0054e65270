#include "particles_effect.h"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>
#include <optional>

#include "liquidfx/core/container/mesh_io.h"
#include "liquidfx/core/container/shapes.h"
#include "liquidfx/core/particles/particles_driver.h"
#include "liquidfx/gpu/effects/particles_passes.h"
#include "liquidfx/scene/pointer_drag.h"
#include "liquidfx/scene/track.h"

namespace lfx::scene {
namespace {

constexpr std::string_view kColliderShapes[] = {"plane", "sphere", "box", "wall"};
constexpr Range kWorld{-1000.0, 1000.0};
constexpr Range kUnit{0.0, 1.0};
constexpr Range kSpeed{-1000.0, 1000.0};

// The pointer's hand: a sphere that follows the pointer across the tank's middle plane (facing
// the camera along z) while the left button is held, and is parked far away otherwise. Its
// positions are timed so that the solver sees its velocity.
class PointerHand {
 public:
  Pose at(double t) const {
    if (!held_) return {glm::vec3(1.0e4f), glm::quat(1, 0, 0, 0)};
    const double span = t1_ - t0_;
    const float a = span > 0.0 ? float(std::clamp((t - t0_) / span, 0.0, 1.0)) : 1.0f;
    return {glm::mix(p0_, p1_, a), glm::quat(1, 0, 0, 0)};
  }
  // Where the pointer's ray crosses the plane z = plane_z (nullopt: it does not).
  static std::optional<glm::vec3> on_plane(const Ray& ray, float plane_z) {
    if (std::abs(ray.direction.z) < 1e-4f) return std::nullopt;
    const float t = (plane_z - ray.origin.z) / ray.direction.z;
    if (t <= 0.0f) return std::nullopt;
    return ray.origin + t * ray.direction;
  }
  void grab(glm::vec3 p, double now) {
    held_ = true;
    p0_ = p1_ = target_ = p;
    t0_ = t1_ = now;
  }
  void aim(glm::vec3 p) { target_ = p; }
  void release() { held_ = false; }
  bool held() const { return held_; }
  // The frame about to play moves the hand from where it is to the target by its end.
  void advance(double now, double dt) {
    p0_ = at(now).position;
    t0_ = now;
    p1_ = target_;
    t1_ = now + dt;
  }

 private:
  bool held_ = false;
  glm::vec3 p0_{0.0f}, p1_{0.0f}, target_{0.0f};
  double t0_ = 0.0, t1_ = 0.0;
};

class ParticlesEffect : public Effect {
 public:
  ParticlesEffect(std::string name, const ParticlesKnobs& knobs) : name_(std::move(name)), knobs_(knobs) {}

  std::vector<KnobGroup> knob_groups() override { return {{name_, ParticlesKnobs::knobs(), &knobs_}}; }

  Result<void> knob_changed(const KnobGroup&, const KnobSpec&) override { return passes_->knobs_changed(); }

  Result<void> advance(double dt) override {
    hand_->advance(passes_->driver().time(), dt);
    passes_->advance(dt);
    return success();
  }

  std::vector<gpu::FramePasses*> passes() override { return {passes_.get()}; }
  std::optional<gpu::ParticleSource> particle_source() const override { return passes_->source(); }

  // The solver's steps per 1/60 s (the cost's multiplier: as the GPU's clock took them, or the
  // clock's slots before the first measurement), then what is measured on the GPU and read back
  // once the frame finished: the newest such frame's values (NaN before the first), and the
  // simulated time they belong to.
  std::vector<EffectStat> stats() const override {
    const std::optional<gpu::ParticleStats> s = passes_->stats();
    const double nan = std::nan("");
    const double steps = s && s->steps_per_60th > 0.0 ? s->steps_per_60th : double(passes_->driver().steps_per_60th());
    return {{"steps", steps},
            {"live", s ? double(s->live) : nan},
            {"kinetic_energy_j", s ? s->kinetic_energy : nan},
            {"largest_speed_m_s", s ? s->largest_speed : nan},
            {"density_error", s ? s->density_error : nan},
            {"front_m", s ? s->front : nan},
            {"mean_height_m", s ? s->mean_height : nan},
            // Incompressible: the last step's pressure solve (0 for the weakly compressible solver).
            {"pressure_iterations", s ? double(s->pressure_iterations) : nan},
            {"divergence_residual", s ? s->divergence_residual : nan},
            // The liquid at rest density, a cube of the spacing a particle, now: the live ones
            // measured and those issued since (a pour's: what its container lost meanwhile).
            {"volume_m3", s ? double(live_now(*s)) * passes_->driver().particle_volume() : nan},
            // At rest outside every container the particles fill (0 without any).
            {"spilled_m3", s ? double(s->spilled) * passes_->driver().particle_volume() : nan},
            {"measured_at_s", s ? s->time : nan}};
  }

  // The particles' liquid now: those measured live, those issued since that the solver has room
  // for, and those an absorber took that its container has not been given yet.
  std::uint64_t live_now(const gpu::ParticleStats& s) const {
    const ParticlesDriver& d = passes_->driver();
    const std::uint64_t since = d.issued() > s.issued ? d.issued() - s.issued : 0;
    const std::uint64_t credited = passes_->absorbed_credited();
    const std::uint64_t taken = s.absorbed > credited ? s.absorbed - credited : 0;
    return std::min<std::uint64_t>(s.live + since, d.capacity()) + taken;
  }

  std::optional<float> press_distance(const Ray& ray) const override {
    const float plane_z = passes_->driver().setup().domain.center().z;
    const std::optional<glm::vec3> p = PointerHand::on_plane(ray, plane_z);
    if (!p) return std::nullopt;
    return glm::length(*p - ray.origin);
  }

  // The left button pushes the liquid with a hand (a sphere) that follows the pointer.
  bool input(const InputEvent& e) override {
    const float plane_z = passes_->driver().setup().domain.center().z;
    return drag_.handle(e, {.start =
                                [&](const InputEvent& press) {
                                  const std::optional<glm::vec3> p = PointerHand::on_plane(press.ray, plane_z);
                                  if (p) hand_->grab(*p, passes_->driver().time());
                                  return p.has_value();
                                },
                            .move =
                                [&](const InputEvent& moved) {
                                  if (const std::optional<glm::vec3> p = PointerHand::on_plane(moved.ray, plane_z))
                                    hand_->aim(*p);
                                },
                            .end = [&](const InputEvent&) { hand_->release(); }});
  }

  std::string name_;
  ParticlesKnobs knobs_;
  std::shared_ptr<PointerHand> hand_ = std::make_shared<PointerHand>();
  std::unique_ptr<gpu::ParticlesPasses> passes_;
  PointerDrag drag_;
};

// A track (or none) as the carrier of an emitter or collider.
Carrier carrier_of(const Track* track) {
  if (!track) return {};
  return [track](double t) { return track->at(t); };
}

Result<Bounds> read_box(const JsonObject& o) {
  Bounds b;
  LFX_TRY_ASSIGN(b.min, o.vec3("min", kWorld));
  LFX_TRY_ASSIGN(b.max, o.vec3("max", kWorld));
  if (!(b.min.x < b.max.x && b.min.y < b.max.y && b.min.z < b.max.z))
    return o.error_at("max", "must be above \"min\" on every axis");
  return b;
}

// A box inside the tank (a block or a sink).
Result<Bounds> read_box_in(const JsonObject& o, const Bounds& tank) {
  LFX_TRY_ASSIGN(const Bounds b, read_box(o));
  const auto outside = [&](glm::vec3 p) {
    return glm::any(glm::lessThan(p, tank.min)) || glm::any(glm::greaterThan(p, tank.max));
  };
  if (outside(b.min)) return o.error_at("min", "is outside the tank");
  if (outside(b.max)) return o.error_at("max", "is outside the tank");
  return b;
}

Result<ParticleNozzle> read_nozzle(const EffectSetup& setup, const JsonObject& o) {
  ParticleNozzle n;
  LFX_TRY_ASSIGN(n.position, o.vec3("position", kWorld));
  LFX_TRY_ASSIGN(n.direction, o.vec3("direction", {-1.0, 1.0}, n.direction));
  if (glm::length(n.direction) < 1e-3f) return o.error_at("direction", "needs a length");
  n.direction = glm::normalize(n.direction);
  LFX_TRY_ASSIGN(const double litres, o.number("rate", {0.0, 1000.0, true}));
  n.rate = float(litres * 1e-3);
  LFX_TRY_ASSIGN(const double speed, o.number("speed", {0.0, 100.0, true}));
  n.speed = float(speed);
  LFX_TRY_ASSIGN(n.start, o.number("start", {0.0, 3600.0}, 0.0));
  LFX_TRY_ASSIGN(n.end, o.number("end", {0.0, 1e9}, 1e9));
  if (!(n.start < n.end)) return o.error_at("end", "must be after \"start\"");
  LFX_TRY_ASSIGN(n.color, o.vec3("color", kUnit, n.color));
  LFX_TRY_ASSIGN(const Track* track, setup.track(o));
  n.carrier = carrier_of(track);
  LFX_TRY(o.finish());
  return n;
}

Result<ParticleColliderDesc> read_collider(const EffectSetup& setup, const JsonObject& o, float grid_cell) {
  ParticleColliderDesc c;
  LFX_TRY_ASSIGN(const std::string shape, o.string("shape", std::nullopt, kColliderShapes));
  LFX_TRY_ASSIGN(c.local.position, o.vec3("position", kWorld, glm::vec3(0.0f)));
  LFX_TRY_ASSIGN(const glm::vec3 rotation, o.vec3("rotation", {-3600.0, 3600.0}, glm::vec3(0.0f)));
  c.local.orientation = rotation_from_degrees(rotation);
  LFX_TRY_ASSIGN(const Track* track, setup.track(o));
  c.carrier = carrier_of(track);
  if (shape == "plane") {
    c.shape = ColliderShape::plane;
  } else if (shape == "sphere") {
    c.shape = ColliderShape::sphere;
    LFX_TRY_ASSIGN(const double radius, o.number("radius", {0.0, 100.0, true}));
    c.size = glm::vec3(float(radius));
  } else if (shape == "box") {
    c.shape = ColliderShape::box;
    LFX_TRY_ASSIGN(const glm::vec3 size, o.vec3("size", {0.0, 200.0, true}));
    c.size = 0.5f * size;
    LFX_TRY_ASSIGN(const double rounding, o.number("rounding", {0.0, 10.0}, 0.0));
    if (float(rounding) > std::min({c.size.x, c.size.y, c.size.z}))
      return o.error_at("rounding", "is more than half the box's smallest side");
    c.rounding = float(rounding);
  } else {
    c.shape = ColliderShape::shell;
    LFX_TRY_ASSIGN(const double thickness, o.number("thickness", {0.0, 1.0, true}, 0.004));
    c.thickness = float(thickness);
    const bool from_file = o.has("mesh");
    LFX_TRY_ASSIGN(const std::string source, o.string(from_file ? "mesh" : "container"));
    if (setup.device) {
      Result<Mesh> mesh = Mesh{};
      if (from_file) {
        mesh = load_mesh(setup.scene_relative(source));
      } else if (auto parts = make_shape_parts(source)) {
        mesh = std::move(parts->glass);
      } else {
        mesh = parts.error();
      }
      if (!mesh) return o.error_at(from_file ? "mesh" : "container", mesh.error().message);
      if (mesh->triangles.empty()) return o.error_at(from_file ? "mesh" : "container", "the mesh has no triangles");
      auto distance = shell_distance(*mesh, c.thickness, grid_cell);
      if (!distance) return o.error_at(from_file ? "mesh" : "container", distance.error().message);
      c.distance = std::move(distance.value());
    }
  }
  LFX_TRY(o.finish());
  return c;
}

// Links to containers of bottle effects ({"<effect_key>": effect, "container": name}): what
// `ask` gives for each, appended to `out`. Checking only (no device), the names alone.
template <class T>
Result<void> read_container_links(const EffectSetup& setup, std::span<const JsonObject> links,
                                  std::string_view effect_key,
                                  Result<std::shared_ptr<T>> (Effect::*ask)(std::string_view),
                                  std::vector<std::shared_ptr<T>>& out) {
  for (const JsonObject& o : links) {
    LFX_TRY_ASSIGN(Effect * effect, setup.find_effect(o, effect_key, "bottle"));
    LFX_TRY_ASSIGN(const std::string container, o.string("container"));
    LFX_TRY(o.finish());
    if (!effect) continue;
    auto made = (effect->*ask)(container);
    if (!made) return o.error_at("container", made.error().message);
    out.push_back(std::move(made.value()));
  }
  return success();
}

}  // namespace

Result<std::unique_ptr<Effect>> create_particles_effect(const EffectSetup& setup) {
  const JsonObject& b = setup.block;
  ParticlesKnobs knobs;
  LFX_TRY(b.knobs(&knobs, ParticlesKnobs::knobs()));
  ParticlesSetup s;
  LFX_TRY_ASSIGN(const auto tank, b.object("tank"));
  if (!tank) return b.error_at("tank", "is needed: {\"min\": [x, y, z], \"max\": [x, y, z]} in metres");
  LFX_TRY_ASSIGN(s.domain, read_box(*tank));
  LFX_TRY(tank->finish());
  if (b.has("spacing")) {
    LFX_TRY_ASSIGN(const double spacing, b.number("spacing", {0.0, 10.0, true}));
    s.spacing = float(spacing);
  }
  LFX_TRY_ASSIGN(const int seed, b.integer("seed", {0, 1 << 30}, 1));
  s.seed = std::uint32_t(seed);

  LFX_TRY_ASSIGN(const auto blocks, b.objects("blocks"));
  for (const JsonObject& o : blocks) {
    ParticleBlock block;
    LFX_TRY_ASSIGN(const Bounds box, read_box_in(o, s.domain));
    block.min = box.min;
    block.max = box.max;
    LFX_TRY_ASSIGN(block.color, o.vec3("color", kUnit, block.color));
    LFX_TRY_ASSIGN(block.velocity, o.vec3("velocity", kSpeed, block.velocity));
    LFX_TRY(o.finish());
    s.blocks.push_back(block);
  }
  LFX_TRY_ASSIGN(const auto nozzles, b.objects("nozzles"));
  for (const JsonObject& o : nozzles) {
    LFX_TRY_ASSIGN(ParticleNozzle n, read_nozzle(setup, o));
    s.nozzles.push_back(std::move(n));
  }
  LFX_TRY_ASSIGN(const auto sinks, b.objects("sinks"));
  for (const JsonObject& o : sinks) {
    LFX_TRY_ASSIGN(const Bounds box, read_box_in(o, s.domain));
    LFX_TRY(o.finish());
    s.sinks.push_back({box.min, box.max});
  }
  LFX_TRY_ASSIGN(const auto pours, b.objects("pours"));
  LFX_TRY(read_container_links(setup, pours, "from", &Effect::outflow, s.inflows));
  LFX_TRY_ASSIGN(const auto fills, b.objects("fills"));
  LFX_TRY(read_container_links(setup, fills, "into", &Effect::inflow, s.absorbers));
  if (s.absorbers.size() > shared::kMaxParticleAbsorbers)
    return b.error_at("fills", "names " + std::to_string(s.absorbers.size()) + " containers; at most " +
                                   std::to_string(shared::kMaxParticleAbsorbers));
  if (s.blocks.empty() && s.nozzles.empty() && pours.empty())
    return b.error_at("blocks", "no blocks, no nozzles and no pours: nothing to pour");
  if (s.blocks.empty() && !s.spacing)
    return b.error_at("spacing", "is needed without blocks (the particle spacing in metres)");
  // The walls' distance grids are as fine as the solver's grid needs: the spacing decides it.
  const float spacing = particle_spacing(s, knobs.count);
  for (std::size_t i = 0; i < nozzles.size(); ++i)
    if (auto fits = check_nozzle_fits(s.nozzles[i], spacing, std::uint64_t(knobs.count), s.domain); !fits)
      return fits.error().within(nozzles[i].path());
  LFX_TRY_ASSIGN(const auto colliders, b.objects("colliders"));
  for (const JsonObject& o : colliders) {
    LFX_TRY_ASSIGN(ParticleColliderDesc c, read_collider(setup, o, spacing / shared::kCellsPerSpacing));
    s.colliders.push_back(std::move(c));
  }
  LFX_TRY(b.finish());
  if (!setup.device) return std::unique_ptr<Effect>();  // checked only

  auto e = std::make_unique<ParticlesEffect>(setup.instance.name, knobs);
  // The pointer's hand is one more collider, parked far away until the button is held.
  ParticleColliderDesc hand;
  hand.shape = ColliderShape::sphere;
  hand.size = glm::vec3(0.08f * std::min({s.domain.size().x, s.domain.size().y, s.domain.size().z}));
  hand.carrier = [h = e->hand_](double t) { return h->at(t); };
  s.colliders.push_back(std::move(hand));
  auto driver = ParticlesDriver::create(e->knobs_, std::move(s));
  if (!driver) return b.error_at("tank", driver.error().message);
  LFX_TRY_ASSIGN(e->passes_, gpu::ParticlesPasses::create(*setup.device, std::move(driver.value())));
  return std::unique_ptr<Effect>(std::move(e));
}

}  // namespace lfx::scene

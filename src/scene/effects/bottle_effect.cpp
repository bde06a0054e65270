#include "bottle_effect.h"

#include <cmath>
#include <glm/geometric.hpp>
#include <glm/gtc/quaternion.hpp>
#include <map>

#include "bottle_hand.h"
#include "liquidfx/core/bottle/bottle_knobs.h"
#include "liquidfx/core/container/mesh_io.h"
#include "liquidfx/core/container/shapes.h"
#include "liquidfx/core/log.h"
#include "liquidfx/core/particles/container_pour.h"
#include "liquidfx/core/slosh/liquid_container.h"
#include "liquidfx/gpu/effects/bottle_renderer.h"
#include "liquidfx/scene/pointer_drag.h"

namespace lfx::scene {
namespace {

// A container as the scene declares it; its knobs are the one copy the effect's knob group
// exposes (the liquids of its copies take theirs from here).
struct Declared {
  std::string name;
  const Track* track = nullptr;  // nullptr: placed in the world
  Pose local;                    // on the track (or in the world)
  BottleKnobs knobs;
  std::string source;  // a mesh file, or a shape's name
  bool has_mesh = false;
  std::optional<ContainerOpening> opening;  // declared; otherwise the glass's own hole
};

// A container in the world: a declared one or one of its copies.
struct Placed {
  std::size_t declared;
  int copy;  // 0: the declared container itself
  Pose local;
  std::unique_ptr<LiquidContainer> liquid;
};

bool is_slosh_knob(const KnobSpec& knob) {
  return find_knob(SloshKnobs::knobs(), knob.name) != nullptr;
}

class BottleEffect : public Effect {
 public:
  std::vector<KnobGroup> knob_groups() override {
    std::vector<KnobGroup> groups;
    for (Declared& d : declared_) groups.push_back({d.name, BottleKnobs::knobs(), &d.knobs});
    return groups;
  }

  // A knob that shapes the containers lays them out again now, so that a shape it cannot make
  // (an inset a mesh does not allow) is refused and the old value comes back.
  Result<void> knob_changed(const KnobGroup& group, const KnobSpec& knob) override {
    if (knob.restarts) {  // the containers laid out anew (copies, their spacing, the inset)
      layout_dirty_ = true;
      if (auto r = ensure_layout(); !r) {
        layout_dirty_ = true;  // laid out again with the restored value at the next frame
        return r;
      }
      return success();
    }
    if (!is_slosh_knob(knob) || layout_dirty_) return success();  // glass knobs are read every frame
    for (Placed& p : placed_)
      if (declared_[p.declared].name == group.name) p.liquid->set_knobs(slosh_knobs(declared_[p.declared].knobs));
    return success();
  }

  Result<void> advance(double dt) override {
    LFX_TRY(ensure_layout());
    time_ += dt;
    hand_.advance(dt);
    for (std::size_t i = 0; i < placed_.size(); ++i) placed_[i].liquid->update(pose_of(i), dt);
    return success();
  }

  std::optional<float> press_distance(const Ray& ray) const override {
    if (layout_dirty_) return std::nullopt;
    const auto hit = container_hit(ray);
    if (!hit) return std::nullopt;
    return hit->second;
  }

  // The left button picks a container up (the nearest the pointer's ray meets), moves, shakes
  // and throws it; the wheel tilts the one held.
  bool input(const InputEvent& e) override {
    if (e.kind == InputKind::wheel) {
      if (!hand_.holding()) return false;
      hand_.tilt(e.wheel);
      return true;
    }
    return drag_.handle(e, {.start =
                                [&](const InputEvent& press) {
                                  if (layout_dirty_) return false;
                                  const auto hit = container_hit(press.ray);
                                  if (!hit) return false;
                                  const Placed& p = placed_[hit->first];
                                  const Pose rest = placed_pose(p, 0.0);
                                  hand_.grab(hit->first, pose_of(hit->first), press.ray, hit->second, rest.position.y,
                                             rest.orientation, time_);
                                  return true;
                                },
                            // A layout made anew meanwhile may have let the container go.
                            .move =
                                [&](const InputEvent& moved) {
                                  if (hand_.holding()) hand_.drag(moved.ray, time_);
                                },
                            .end =
                                [&](const InputEvent&) {
                                  if (hand_.holding()) hand_.release(time_);
                                }});
  }

  std::vector<gpu::FramePasses*> passes() override { return {renderer_.get()}; }

  // The declared container (not its copies) pours through its declared opening or its glass's.
  Result<std::shared_ptr<ParticleInflow>> outflow(std::string_view container) override {
    LFX_TRY_ASSIGN(const std::size_t i, declared_index(container));
    LFX_TRY(ensure_layout());  // the pour sizes its fastest jet from the container
    const Declared& d = declared_[i];
    LFX_TRY_ASSIGN(const auto shape, shape_of(d));
    const std::optional<ContainerOpening> opening = d.opening ? d.opening : shape->opening;
    if (!opening)
      return input_error("\"" + d.name +
                         "\" has no opening: its glass is closed (a corked bottle); give the container an "
                         "\"opening\" or an open shape");
    return std::shared_ptr<ParticleInflow>(std::make_shared<ContainerPour>(liquid_of(i), *opening));
  }

  // The declared container (not its copies) takes the particles settling in its liquid's region.
  Result<std::shared_ptr<ParticleAbsorber>> inflow(std::string_view container) override {
    LFX_TRY_ASSIGN(const std::size_t i, declared_index(container));
    LFX_TRY_ASSIGN(const auto shape, shape_of(declared_[i]));
    return std::shared_ptr<ParticleAbsorber>(std::make_shared<ContainerFill>(liquid_of(i), shape));
  }

  Result<std::size_t> declared_index(std::string_view container) const {
    std::string known;
    for (std::size_t i = 0; i < declared_.size(); ++i) {
      if (declared_[i].name == container) return i;
      known += (known.empty() ? "" : ", ") + declared_[i].name;
    }
    return input_error("no container \"" + std::string(container) + "\" (containers: " + known + ")");
  }

  // The liquid of declared container i as it is laid out when asked (none while laid out anew).
  std::function<LiquidContainer*()> liquid_of(std::size_t i) {
    return [this, i]() -> LiquidContainer* {
      if (layout_dirty_) return nullptr;
      for (Placed& p : placed_)
        if (p.declared == i && p.copy == 0) return p.liquid.get();
      return nullptr;
    };
  }

  // The containers as laid out now, with their glass knobs, for the renderer's next frame.
  Result<void> sync_passes() override {
    LFX_TRY(ensure_layout());
    std::vector<gpu::BottleDraw> draws;
    for (const Placed& p : placed_) {
      const BottleKnobs& k = declared_[p.declared].knobs;
      draws.push_back({p.liquid.get(), {k.glass_tint, k.glass_opacity, k.glass_refraction, k.film_opacity, k.shadow}});
    }
    LFX_TRY(renderer_->set_containers(std::move(draws)));
    renderer_->set_reference_pass(declared_.front().knobs.reference_pass);
    renderer_->set_write_depth(declared_.front().knobs.write_depth);
    return success();
  }

  std::vector<EffectStat> stats() const override {
    double tilt = 0.0, agitation = 0.0, bubbles = 0.0, volume = 0.0;
    for (const Placed& p : placed_) {
      volume += p.liquid->liquid_volume_m3();
      tilt = std::max(tilt, double(p.liquid->state().tilt_degrees()));
      agitation = std::max(agitation, double(p.liquid->state().agitation));
      bubbles += p.liquid->state().live_bubbles;
    }
    std::vector<EffectStat> out = {{"containers", double(placed_.size())},
                                   {"in_hand", double(hand_.in_hand())},
                                   {"largest_tilt_deg", tilt},
                                   {"largest_agitation", agitation},
                                   {"live_bubbles", bubbles},
                                   {"volume_m3", volume}};
    // Each declared container (not its copies) by name, when there are several.
    if (declared_.size() > 1)
      for (const Placed& p : placed_) {
        if (p.copy != 0) continue;
        const std::string& name = declared_[p.declared].name;
        out.push_back({name + ".tilt_deg", double(p.liquid->state().tilt_degrees())});
        out.push_back({name + ".agitation", double(p.liquid->state().agitation)});
        out.push_back({name + ".volume_m3", p.liquid->liquid_volume_m3()});
        out.push_back({name + ".layer_m3", p.liquid->layer_volume_m3()});  // immiscible, part of volume_m3
      }
    return out;
  }

  // Where the scene puts a container at `time`: on its track, or where it was placed.
  Pose placed_pose(const Placed& p, double time) const {
    const Declared& d = declared_[p.declared];
    if (!d.track) return p.local;
    const Pose carrier = d.track->at(time);
    return {carrier.position + carrier.orientation * p.local.position, carrier.orientation * p.local.orientation};
  }

  // Where container i is now: the hand's once the pointer has moved it, else the scene's.
  Pose pose_of(std::size_t i) const {
    if (auto held = hand_.pose_of(i)) return *held;
    return placed_pose(placed_[i], time_);
  }

  // The container the ray meets first (its box, in its own frame), and how far along the ray.
  std::optional<std::pair<std::size_t, float>> container_hit(const Ray& ray) const {
    std::optional<std::pair<std::size_t, float>> nearest;
    for (std::size_t i = 0; i < placed_.size(); ++i) {
      const Pose pose = pose_of(i);
      const glm::quat to_local = glm::conjugate(pose.orientation);
      const glm::vec3 origin = to_local * (ray.origin - pose.position), direction = to_local * ray.direction;
      const Bounds box = bounds_of(placed_[i].liquid->shape().container);
      float near = 0.0f, far = 1e30f;
      for (int axis = 0; axis < 3; ++axis) {
        if (std::abs(direction[axis]) < 1e-9f) {
          if (origin[axis] < box.min[axis] || origin[axis] > box.max[axis]) far = -1.0f;
          continue;
        }
        float t0 = (box.min[axis] - origin[axis]) / direction[axis],
              t1 = (box.max[axis] - origin[axis]) / direction[axis];
        if (t0 > t1) std::swap(t0, t1);
        near = std::max(near, t0);
        far = std::min(far, t1);
      }
      if (near <= far && (!nearest || near < nearest->second)) nearest = std::make_pair(i, near);
    }
    return nearest;
  }

  // The shape of a declared container at its inset, made once per (source, inset).
  Result<std::shared_ptr<const ContainerShape>> shape_of(const Declared& d) {
    const std::string key = d.source + "@" + std::to_string(d.knobs.inset);
    auto& shape = shapes_[key];
    if (shape) return shape;
    std::vector<std::string> notes;
    Result<std::shared_ptr<const ContainerShape>> made = input_error("");
    if (d.has_mesh) {
      auto mesh = load_mesh(d.source);
      if (!mesh) return input_error(d.name + ": " + mesh.error().message);
      made = ContainerShape::create(*mesh, d.source, d.knobs.inset, nullptr, &notes);
    } else {
      made = ContainerShape::create_named(d.source, d.knobs.inset);
    }
    if (!made) return input_error(d.name + ": " + made.error().message);
    for (const std::string& note : notes) log_warning(note);
    shape = *made;
    return shape;
  }

  // Lays the containers and their copies out again after a knob that shapes them changed. Each
  // copy starts from rest where its declared container is now.
  Result<void> ensure_layout() {
    if (!layout_dirty_) return success();
    std::vector<Placed> placed;
    for (std::size_t i = 0; i < declared_.size(); ++i) {
      const Declared& d = declared_[i];
      LFX_TRY_ASSIGN(const auto shape, shape_of(d));
      // Copies (benchmarks): each container repeated on a square grid behind and beside it.
      const int columns = int(std::ceil(std::sqrt(double(d.knobs.copies))));
      for (int copy = 0; copy < d.knobs.copies; ++copy) {
        Placed c{i, copy, d.local, std::make_unique<LiquidContainer>(shape, slosh_knobs(d.knobs))};
        c.local.position += glm::vec3(float(copy % columns), 0.0f, -float(copy / columns)) * d.knobs.copy_spacing;
        placed.push_back(std::move(c));
      }
    }
    placed_ = std::move(placed);
    hand_.clear();
    for (std::size_t i = 0; i < placed_.size(); ++i) placed_[i].liquid->update(pose_of(i), 0.0);
    layout_dirty_ = false;
    return success();
  }

  std::vector<Declared> declared_;
  std::vector<Placed> placed_;
  bool layout_dirty_ = true;
  std::map<std::string, std::shared_ptr<const ContainerShape>> shapes_;
  std::unique_ptr<gpu::BottleRenderer> renderer_;
  BottleHand hand_;
  PointerDrag drag_;
  double time_ = 0.0;
};

// Reads one container's description; `defaults` are the effect's knobs.
Result<Declared> read_container(const EffectSetup& setup, const JsonObject& o, const BottleKnobs& defaults,
                                const std::string& default_name) {
  Declared d;
  d.knobs = defaults;
  LFX_TRY(o.knobs(&d.knobs, BottleKnobs::knobs()));
  LFX_TRY_ASSIGN(d.name, o.string("name", default_name));
  LFX_TRY_ASSIGN(d.track, setup.track(o));
  LFX_TRY_ASSIGN(const glm::vec3 position, o.vec3("position", {-1000.0, 1000.0}, glm::vec3(0.0f)));
  LFX_TRY_ASSIGN(const glm::vec3 rotation, o.vec3("rotation", {-3600.0, 3600.0}, glm::vec3(0.0f)));
  d.local = {position, rotation_from_degrees(rotation)};
  d.has_mesh = o.has("mesh");
  LFX_TRY_ASSIGN(const std::string shape, o.string(d.has_mesh ? "mesh" : "shape", "bottle"));
  d.source = d.has_mesh ? setup.scene_relative(shape) : shape;
  LFX_TRY_ASSIGN(const auto opening, o.object("opening"));
  if (opening) {
    ContainerOpening hole;
    LFX_TRY_ASSIGN(hole.center, opening->vec3("position", {-1000.0, 1000.0}));
    LFX_TRY_ASSIGN(const glm::vec3 direction, opening->vec3("direction", {-1.0, 1.0}, glm::vec3(0.0f, 1.0f, 0.0f)));
    if (glm::length(direction) < 1e-3f) return opening->error_at("direction", "needs a length");
    hole.normal = glm::normalize(direction);
    LFX_TRY_ASSIGN(const double radius, opening->number("radius", {0.0, 100.0, true}));
    hole.radius = float(radius);
    LFX_TRY(opening->finish());
    d.opening = hole;
  }
  return d;
}

}  // namespace

Result<std::unique_ptr<Effect>> create_bottle_effect(const EffectSetup& setup) {
  auto effect = std::make_unique<BottleEffect>();
  BottleKnobs defaults;
  LFX_TRY(setup.block.knobs(&defaults, BottleKnobs::knobs()));
  LFX_TRY_ASSIGN(const auto blocks, setup.block.objects("containers"));
  if (blocks.empty()) {
    LFX_TRY_ASSIGN(Declared one, read_container(setup, setup.block, defaults, setup.instance.name));
    effect->declared_.push_back(std::move(one));
  }
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    const JsonObject& block = blocks[i];
    LFX_TRY_ASSIGN(Declared d, read_container(setup, block, defaults, setup.instance.name + "/" + std::to_string(i)));
    LFX_TRY(block.finish());
    for (const Declared& other : effect->declared_)
      if (other.name == d.name) return block.error_at("name", "another container is called \"" + d.name + "\"");
    effect->declared_.push_back(std::move(d));
  }
  LFX_TRY(setup.block.finish());
  if (!setup.device) return std::unique_ptr<Effect>();  // checked only
  // Shapes are made now so that a bad mesh is reported with its JSON path.
  for (std::size_t i = 0; i < effect->declared_.size(); ++i) {
    const Declared& d = effect->declared_[i];
    const JsonObject& block = blocks.empty() ? setup.block : blocks[i];
    if (auto shape = effect->shape_of(d); !shape)
      return block.error_at(d.has_mesh ? "mesh" : "shape", shape.error().message.substr(d.name.size() + 2));
  }
  LFX_TRY_ASSIGN(effect->renderer_, gpu::BottleRenderer::create(*setup.device));
  return std::unique_ptr<Effect>(std::move(effect));
}

}  // namespace lfx::scene

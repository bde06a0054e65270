#include "spread_effect.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <glm/common.hpp>
#include <glm/geometric.hpp>
#include <optional>

#include "liquidfx/core/image.h"
#include "liquidfx/core/spread/spread_simulation.h"
#include "liquidfx/gpu/effects/spread_passes.h"
#include "liquidfx/scene/pointer_drag.h"

namespace lfx::scene {
namespace {

constexpr std::string_view kBackgrounds[] = {"skin", "scene", "image"};
constexpr Range kPosition{0.0, 100.0};  // short sides: any aspect ratio

// A scripted stroke: the pointer moves along the path at constant speed from t0 to t1.
struct ScriptedStroke {
  double t0 = 0.0, t1 = 1.0;
  float radius = 0.05f;
  std::vector<glm::vec2> path;
  std::vector<float> along;  // arc length at each point

  glm::vec2 at(double t) const {
    const float s = float(std::clamp((t - t0) / (t1 - t0), 0.0, 1.0)) * along.back();
    const std::size_t i = std::size_t(std::upper_bound(along.begin(), along.end(), s) - along.begin());
    if (i >= path.size()) return path.back();
    const float length = along[i] - along[i - 1];
    return length > 0.0f ? glm::mix(path[i - 1], path[i], (s - along[i - 1]) / length) : path[i];
  }
};

// The scene's spread: gpu::SpreadPasses (what a host drives) with the scene's scripted strokes
// and the pointer.
class SpreadEffect : public Effect {
 public:
  SpreadEffect(std::string name, const SpreadKnobs& knobs, std::vector<ScriptedStroke> strokes)
      : name_(std::move(name)), knobs_(knobs), script_(std::move(strokes)) {}

  std::vector<KnobGroup> knob_groups() override { return {{name_, SpreadKnobs::knobs(), &knobs_}}; }

  Result<void> knob_changed(const KnobGroup&, const KnobSpec& knob) override {
    // A new grid starts the liquid again (its blobs laid out anew) at the next prepare.
    if (knob.restarts) passes_->restart();
    return success();
  }

  Result<void> advance(double dt) override {
    std::vector<SpreadStroke> strokes;
    for (const ScriptedStroke& s : script_)
      if (time_ + dt > s.t0 && time_ < s.t1) strokes.push_back({s.at(time_), s.at(time_ + dt), s.radius});
    if (pointer_ && last_pointer_) strokes.push_back({*last_pointer_, *pointer_, kPointerRadius});
    last_pointer_ = pointer_;
    time_ += dt;
    passes_->advance(dt, std::move(strokes));
    return success();
  }

  std::vector<gpu::FramePasses*> passes() override { return {passes_.get()}; }

  std::vector<EffectStat> stats() const override {
    // Not a number (an empty cell in --stats) until the first step's statistics come back
    // from the GPU.
    const double nan = std::nan("");
    const std::optional<gpu::SpreadStats> measured = passes_->stats();
    const gpu::SpreadStats s = measured.value_or(gpu::SpreadStats{nan, nan, nan, nan, nan, nan, nan});
    return {{"volume", s.volume},
            {"min_thickness", s.min_thickness},
            {"max_thickness", s.max_thickness},
            {"divergence_rms", s.divergence_after},
            {"divergence_before_rms", s.divergence_before},
            {"tiles_run", s.tiles_run},
            {"measured_at_s", s.time},
            {"shading_kept", measured ? (passes_->shading_kept() ? 1.0 : 0.0) : nan}};
  }

  // A held left button drags the liquid: its path since the last step is a stroke. A right click
  // drops a blob there (in the scene's first blob's colour and size).
  bool input(const InputEvent& e) override {
    const float aspect = passes_->aspect() > 0.0f ? passes_->aspect() : 1.0f;
    // position: (0, 0) to (1, 1) over the frame; short sides: x to the aspect ratio.
    const glm::vec2 at = aspect >= 1.0f ? glm::vec2(e.position.x * aspect, e.position.y)
                                        : glm::vec2(e.position.x, e.position.y / aspect);
    if (e.button == PointerButton::right && e.kind == InputKind::press) {
      SpreadBlob blob = first_blob_;
      blob.centre = at;
      return passes_->add_blob(blob);
    }
    return drag_.handle(e, {.start =
                                [&](const InputEvent&) {
                                  pointer_ = at;
                                  last_pointer_ = at;
                                  return true;
                                },
                            .move = [&](const InputEvent&) { pointer_ = at; },
                            .end =
                                [&](const InputEvent&) {
                                  pointer_.reset();
                                  last_pointer_.reset();
                                }});
  }

  const SpreadKnobs& knobs() const { return knobs_; }

  std::unique_ptr<gpu::SpreadPasses> passes_;
  SpreadBlob first_blob_;  // what a right click drops

 private:
  static constexpr float kPointerRadius = 0.06f;
  std::string name_;
  SpreadKnobs knobs_;
  std::vector<ScriptedStroke> script_;
  double time_ = 0.0;
  std::optional<glm::vec2> pointer_, last_pointer_;
  PointerDrag drag_;
};

Result<SpreadBlob> read_blob(const JsonObject& o) {
  SpreadBlob b;
  LFX_TRY_ASSIGN(b.centre, o.point("centre", kPosition));
  LFX_TRY_ASSIGN(const double radius, o.number("radius", {0.0, 10.0, true}));
  LFX_TRY_ASSIGN(const double amount, o.number("amount", {0.0, 1.0, true}, 0.02));
  LFX_TRY_ASSIGN(b.color, o.vec3("color", {0.0, 1.0}, b.color));
  LFX_TRY(o.finish());
  b.radius = float(radius);
  b.amount = float(amount);
  return b;
}

Result<ScriptedStroke> read_stroke(const JsonObject& o) {
  ScriptedStroke s;
  LFX_TRY_ASSIGN(s.t0, o.number("t0", {0.0, 3600.0}));
  LFX_TRY_ASSIGN(s.t1, o.number("t1", {0.0, 3600.0}));
  if (!(s.t1 > s.t0)) return o.error_at("t1", "must be later than t0");
  LFX_TRY_ASSIGN(const double radius, o.number("radius", {0.0, 10.0, true}, 0.05));
  s.radius = float(radius);
  LFX_TRY_ASSIGN(s.path, o.points("path", kPosition, 2));
  LFX_TRY(o.finish());
  s.along.push_back(0.0f);
  for (std::size_t i = 1; i < s.path.size(); ++i)
    s.along.push_back(s.along.back() + glm::length(s.path[i] - s.path[i - 1]));
  if (!(s.along.back() > 0.0f)) return o.error_at("path", "the path has no length (every point is the same)");
  return s;
}

}  // namespace

Result<std::unique_ptr<Effect>> create_spread_effect(const EffectSetup& setup) {
  const JsonObject& b = setup.block;
  SpreadKnobs knobs;
  LFX_TRY(b.knobs(&knobs, SpreadKnobs::knobs()));
  LFX_TRY_ASSIGN(const std::size_t background_index, b.choice("background", "skin", kBackgrounds));
  const auto background = gpu::SpreadBackground(background_index);
  // A PNG the block names at `key` (read only with a device; checking reads the name alone).
  auto picture_at = [&](std::string_view key) -> Result<std::optional<ImageRgba8>> {
    LFX_TRY_ASSIGN(const std::string file, b.string(key));
    if (!setup.device) return std::optional<ImageRgba8>();
    auto read = read_png(setup.scene_relative(file));
    if (!read) return b.error_at(key, read.error().message);
    return std::optional<ImageRgba8>(std::move(read.value()));
  };
  std::optional<ImageRgba8> picture, matcap;
  if (background == gpu::SpreadBackground::picture) {
    LFX_TRY_ASSIGN(picture, picture_at("image"));
  } else if (b.has("image")) {
    return b.error_at("image", "is read only with \"background\": \"image\"; add that, or remove image");
  }
  if (b.has("matcap")) {
    LFX_TRY_ASSIGN(matcap, picture_at("matcap"));
  }
  std::vector<SpreadBlob> blobs;
  std::vector<glm::vec3> colors;
  // Positions are in short sides of the scene's frame: (aspect, 1) or (1, 1 / aspect) across.
  const float aspect = float(setup.scene.width) / float(setup.scene.height);
  const glm::vec2 extent = aspect >= 1.0f ? glm::vec2(aspect, 1.0f) : glm::vec2(1.0f, 1.0f / aspect);
  LFX_TRY_ASSIGN(const auto blob_blocks, b.objects("blobs"));
  for (const JsonObject& o : blob_blocks) {
    LFX_TRY_ASSIGN(SpreadBlob blob, read_blob(o));
    // The nearest point of the frame to the centre: a blob farther than its radius adds nothing.
    const glm::vec2 nearest = glm::clamp(blob.centre, glm::vec2(0.0f), extent);
    if (!(glm::length(nearest - blob.centre) < blob.radius)) {
      char text[240];
      std::snprintf(text, sizeof(text),
                    "the blob lies outside the frame, which is %.4g x %.4g short sides (%ux%u): it adds no liquid",
                    extent.x, extent.y, setup.scene.width, setup.scene.height);
      return o.error_at("centre", text);
    }
    if (pigment_plane(colors, blob.color) < 0)
      return o.error_at("color", "at most " + std::to_string(kSpreadPigments) + " different colours in one spread");
    blobs.push_back(blob);
  }
  std::vector<ScriptedStroke> strokes;
  LFX_TRY_ASSIGN(const auto stroke_blocks, b.objects("strokes"));
  for (const JsonObject& o : stroke_blocks) {
    LFX_TRY_ASSIGN(ScriptedStroke s, read_stroke(o));
    strokes.push_back(std::move(s));
  }
  LFX_TRY(b.finish());
  if (!setup.device) return std::unique_ptr<Effect>();  // checked only
  auto e = std::make_unique<SpreadEffect>(setup.instance.name, knobs, std::move(strokes));
  if (!blobs.empty()) e->first_blob_ = blobs.front();
  LFX_TRY_ASSIGN(e->passes_, gpu::SpreadPasses::create(*setup.device, e->knobs(), std::move(blobs), background));
  if (picture) e->passes_->set_picture(std::move(*picture));
  if (matcap) e->passes_->set_matcap(std::move(*matcap));
  return std::unique_ptr<Effect>(std::move(e));
}

}  // namespace lfx::scene

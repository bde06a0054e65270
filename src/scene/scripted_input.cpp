#include "liquidfx/scene/scripted_input.h"

#include <algorithm>
#include <glm/common.hpp>

namespace lfx::scene {

glm::vec2 ScriptedInput::Drag::at(double t) const {
  const double s = std::clamp((t - start) / (end - start), 0.0, 1.0) * double(path.size() - 1);
  const std::size_t i = std::min(std::size_t(s), path.size() - 2);
  return glm::mix(path[i], path[i + 1], float(s - double(i)));
}

Result<ScriptedInput> ScriptedInput::read(const JsonObject& block) {
  ScriptedInput in;
  const Range timeline{0.0, 3600.0};
  LFX_TRY_ASSIGN(const auto touches, block.objects("touches"));
  for (const JsonObject& t : touches) {
    LFX_TRY_ASSIGN(const double time, t.number("time", timeline));
    LFX_TRY_ASSIGN(const glm::vec2 position, t.uv("position"));
    LFX_TRY_ASSIGN(const double intensity, t.number("intensity", {0.0, 10.0}, 1.0));
    LFX_TRY(t.finish());
    in.touches_.push_back({time, {position, float(intensity)}});
  }
  LFX_TRY_ASSIGN(const auto drags, block.objects("drags"));
  for (const JsonObject& d : drags) {
    LFX_TRY_ASSIGN(const double start, d.number("start", timeline));
    LFX_TRY_ASSIGN(const double end, d.number("end", timeline));
    if (end <= start) return d.error_at("end", "must be after start");
    LFX_TRY_ASSIGN(auto path, d.uv_path("path", 2));
    LFX_TRY(d.finish());
    in.drags_.push_back({start, end, std::move(path)});
  }
  LFX_TRY_ASSIGN(const auto rain, block.object("rain"));
  if (rain) {
    LFX_TRY_ASSIGN(const double rate, rain->number("rate", {0.0, 10000.0}));
    in.rain_rate_ = float(rate);
    LFX_TRY_ASSIGN(const int seed, rain->integer("seed", {0, 1 << 30}, 1));
    LFX_TRY(rain->finish());
    in.rng_.seed(std::uint32_t(seed));
  }
  return in;
}

void ScriptedInput::step(double t0, double dt, std::vector<Touch>& touches, std::vector<glm::vec2>& held) {
  const double t1 = t0 + dt;
  for (const Timed& t : touches_)
    if (happens_in_step(t.time, t0, t1)) touches.push_back(t.touch);
  // Raindrops fall at the rate whatever the step: the fraction left over carries to the next.
  auto uniform = [&] { return std::uniform_real_distribution<float>(0.0f, 1.0f)(rng_); };
  rain_budget_ += dt * rain_rate_;
  for (; rain_budget_ >= 1.0; rain_budget_ -= 1.0) {
    const float intensity = 0.6f + 0.4f * uniform();
    const float u = uniform(), v = uniform();
    touches.push_back({{u, v}, intensity});
  }
  for (const Drag& d : drags_)
    if (t1 >= d.start && t1 <= d.end) held.push_back(d.at(t1));
}

}  // namespace lfx::scene

#include "liquidfx/core/particles/container_pour.h"

#include <cmath>

namespace lfx {
namespace {

// The fastest a host swings a container by hand (m/s): what the jet may carry on top of its own
// speed.
constexpr double kFastestSwing = 3.0;

}  // namespace

ContainerPour::ContainerPour(std::function<LiquidContainer*()> container, const ContainerOpening& opening)
    : container_(std::move(container)), opening_(opening) {
  // The deepest head is the container's size at twice gravity (a container jerked upwards).
  const LiquidContainer* c = container_();
  const double size = c ? double(glm::length(c->shape().liquid_bounds.size())) : 0.5;
  fastest_speed_ = float(std::sqrt(2.0 * 2.0 * kGravity * size) + kFastestSwing);
}

std::optional<InflowJet> ContainerPour::jet(double, float) {
  pouring_ = false;
  const LiquidContainer* c = container_();
  if (!c) return std::nullopt;
  const std::optional<PourJet> p = pour_jet(*c, opening_);
  if (!p) return std::nullopt;
  pouring_ = true;
  return InflowJet{.position = p->position,
                   .direction = p->direction,
                   .carried = p->carried,
                   .rate = p->rate,
                   .speed = p->speed,
                   .color = c->outflow_color(),
                   .absorption = c->outflow_absorption(),
                   .available = c->liquid_volume_m3()};
}

void ContainerPour::took(double m3) {
  LiquidContainer* c = container_();
  if (!c) return;
  poured_ -= c->exchange_liquid(-m3);
}

ContainerFill::ContainerFill(std::function<LiquidContainer*()> container, std::shared_ptr<const ContainerShape> shape)
    : container_(std::move(container)), shape_(std::move(shape)) {}

Pose ContainerFill::pose() const {
  const LiquidContainer* c = container_();
  return c ? c->pose() : Pose{glm::vec3(1.0e6f), glm::quat(1, 0, 0, 0)};  // none: far from any liquid
}

double ContainerFill::room() const {
  const LiquidContainer* c = container_();
  return c ? c->capacity_m3() - c->liquid_volume_m3() : 0.0;
}

void ContainerFill::absorbed(double m3, glm::vec3 color, std::optional<glm::vec3> absorption) {
  LiquidContainer* c = container_();
  if (!c) return;
  const double given = c->exchange_liquid(m3, color, absorption);
  received_ += given;
  // Liquid landing in it stirs it: a tenth of its capacity at once is full agitation.
  c->stir(10.0 * given / c->capacity_m3());
}

}  // namespace lfx

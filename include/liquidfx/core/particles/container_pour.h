// lfx::ContainerPour: a LiquidContainer pouring into a particle liquid; lfx::ContainerFill: the
// particles settling in a LiquidContainer going back into its liquid. While the container's
// free surface stands above part of its opening, the particles take the jet pour_jet gives
// (Torricelli's speed from the head, the opening's area, the container's own motion) and the
// container's fill falls by exactly the volume of the particles made from it.
#pragma once

#include <functional>

#include "liquidfx/core/particles/particles_setup.h"
#include "liquidfx/core/slosh/liquid_container.h"
#include "liquidfx/core/slosh/pour.h"

namespace lfx {

class ContainerPour : public ParticleInflow {
 public:
  /// `container` gives the container as it is now (nullptr: none at the moment, so nothing
  /// pours); `opening` is in its own coordinates.
  ContainerPour(std::function<LiquidContainer*()> container, const ContainerOpening& opening);

  std::optional<InflowJet> jet(double t, float dt) override;
  void took(double m3) override;
  float fastest_speed() const override { return fastest_speed_; }

  /// What the particles took so far (m^3).
  double poured_m3() const { return poured_; }
  /// Whether liquid left during the last step asked.
  bool pouring() const { return pouring_; }

 private:
  std::function<LiquidContainer*()> container_;
  ContainerOpening opening_;
  float fastest_speed_ = 0.0f;
  double poured_ = 0.0;
  bool pouring_ = false;
};

/// A LiquidContainer that the particles fill: those settling in its liquid's region go back into
/// its liquid, which rises by exactly their volume, takes their colour and absorption by volume
/// (or keeps them as a layer: the knob poured_liquid), and stirs.
class ContainerFill : public ParticleAbsorber {
 public:
  /// `container` gives the container as it is now (nullptr: none at the moment, so it takes
  /// nothing); `shape` is its shape, whose liquid region it fills.
  ContainerFill(std::function<LiquidContainer*()> container, std::shared_ptr<const ContainerShape> shape);

  const InsideGrid& region() const override { return shape_->inside; }
  Pose pose() const override;
  double room() const override;
  void absorbed(double m3, glm::vec3 color, std::optional<glm::vec3> absorption) override;

  /// What it was given so far (m^3).
  double received_m3() const { return received_; }

 private:
  std::function<LiquidContainer*()> container_;
  std::shared_ptr<const ContainerShape> shape_;
  double received_ = 0.0;
};

}  // namespace lfx

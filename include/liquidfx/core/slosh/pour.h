// Liquid leaving a container through its opening: where the opening is (found on the mesh that
// is drawn, open where the real container is open), and the jet that a tilted container's liquid
// sends through it, from the head of liquid above each point of the opening.
#pragma once

#include <glm/vec3.hpp>
#include <optional>

#include "liquidfx/core/container/mesh.h"

namespace lfx {

class LiquidContainer;

/// A container's opening, in the container's own coordinates: a disc as large as the hole.
struct ContainerOpening {
  glm::vec3 center{0.0f};
  glm::vec3 normal{0.0f, 1.0f, 0.0f};  ///< Unit, pointing out of the container.
  float radius = 0.0f;                 ///< Of a disc with the hole's area (m).
};

/// The largest hole of an open mesh (its boundary loops: edges with one triangle), as a disc
/// facing away from the mesh's centre; std::nullopt for a closed mesh (a corked bottle) or a
/// hole without area.
std::optional<ContainerOpening> find_opening(const Mesh& glass);

/// The share of the ideal flow a real opening lets through (a sharp-edged orifice's discharge
/// coefficient).
inline constexpr double kDischargeCoefficient = 0.62;

/// How far a liquid's surface stands above the lowest point of an opening before it spills (m):
/// surface tension holds that much (water's capillary length is 2.7 mm). Without it a pour
/// would trickle forever, ever thinner, as the head above the lip falls.
inline constexpr double kHeldByTension = 0.002;

/// What leaves through the opening now, in the world.
struct PourJet {
  double rate = 0.0;          ///< m^3/s.
  float speed = 0.0f;         ///< m/s, the flow-weighted mean through the opening.
  glm::vec3 position{0.0f};   ///< Centre of the submerged part of the opening.
  glm::vec3 direction{0.0f};  ///< Unit, out of the opening.
  glm::vec3 carried{0.0f};    ///< The opening's own velocity there (m/s).
};

/// The jet through `opening` while the liquid's free surface stands above part of it: each
/// point of the opening passes liquid at Torricelli's speed sqrt(2 g h), h its depth below the
/// surface along the surface's normal and g the effective gravity the liquid feels (none in
/// free fall), integrated over the submerged part of the disc (at most its deeper half: air
/// comes in through the rest), once the deepest point is more than kHeldByTension under the
/// surface. The same formula is a weir's
/// flow when the opening faces sideways and an orifice's when it faces down. std::nullopt when
/// no point of the opening is under the surface, the container is empty, or its liquid fills
/// it without a free surface.
std::optional<PourJet> pour_jet(const LiquidContainer& container, const ContainerOpening& opening);

}  // namespace lfx

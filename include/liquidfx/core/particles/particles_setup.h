// What a particle liquid is made of and moves against: the tank (domain), blocks of liquid
// present at the start, nozzles that pour, sinks that drain, and colliders (planes, spheres,
// boxes and mesh walls) that the scene may move. No GPU here.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "liquidfx/core/container/inside_grid.h"
#include "liquidfx/core/container/mesh.h"
#include "liquidfx/core/result.h"
#include "liquidfx/core/slosh/pose.h"

namespace lfx {

/// Where something is at a time (a scripted track); empty: it stays where it was put.
using Carrier = std::function<Pose(double time)>;

/// A box of liquid present at the start (a dam break's column).
struct ParticleBlock {
  glm::vec3 min{0.0f}, max{0.0f};  ///< World corners (m), inside the domain.
  glm::vec3 color{0.2f, 0.45f, 0.8f};
  glm::vec3 velocity{0.0f};  ///< m/s at the start.
};

/// A nozzle that pours a round jet: `rate` of liquid at `speed` along `direction` between
/// `start` and `end`, from a disc whose area is rate / speed.
struct ParticleNozzle {
  glm::vec3 position{0.0f};                ///< Metres, on the carrier (or in the world).
  glm::vec3 direction{0.0f, -1.0f, 0.0f};  ///< Unit, on the carrier.
  float rate = 1.0e-4f;                    ///< m^3/s (0.1 litres a second).
  float speed = 1.0f;                      ///< m/s.
  double start = 0.0, end = 1.0e9;         ///< Seconds.
  glm::vec3 color{0.2f, 0.45f, 0.8f};
  Carrier carrier;

  /// Radius of the jet (m).
  float radius() const;
};

/// A jet of liquid that another simulation hands to the particles (a tilted bottle's pour), in
/// the world.
struct InflowJet {
  glm::vec3 position{0.0f};
  glm::vec3 direction{0.0f, -1.0f, 0.0f};  ///< Unit.
  glm::vec3 carried{0.0f};                 ///< The source's own velocity, added to the jet's (m/s).
  double rate = 0.0;                       ///< m^3/s.
  float speed = 0.0f;                      ///< m/s along direction.
  glm::vec3 color{0.2f, 0.45f, 0.8f};
  /// Beer-Lambert absorption of its liquid (1/m), where the source draws with one: the particles
  /// hand it on, by volume, to the containers they settle in.
  std::optional<glm::vec3> absorption;
  double available = 0.0;  ///< The most it can give now (m^3).
};

/// Where an inflow's liquid comes from. The particles ask it for its jet at each solver step and
/// tell it what they took, in whole particles and never more than it had available, so that
/// what it loses is exactly what they gained.
class ParticleInflow {
 public:
  virtual ~ParticleInflow() = default;
  /// The jet for the step at time t of dt seconds; std::nullopt while nothing flows.
  virtual std::optional<InflowJet> jet(double t, float dt) = 0;
  /// The particles took `m3` of its liquid.
  virtual void took(double m3) = 0;
  /// The fastest its jet can leave, carried motion included (m/s): the solver's clock reads it.
  virtual float fastest_speed() const = 0;
};

/// Where particles that settle go back to another simulation (a glass they were poured into):
/// a region, negative inside, that the GPU drains of the particles settling in it while it has
/// room, and is credited what it took once the statistics come back.
class ParticleAbsorber {
 public:
  virtual ~ParticleAbsorber() = default;
  /// Its region: a signed distance in its own frame, negative inside. It outlives the absorber.
  virtual const InsideGrid& region() const = 0;
  /// Where its frame is now.
  virtual Pose pose() const = 0;
  /// How much more it can take now (m^3).
  virtual double room() const = 0;
  /// It was given `m3` more of the particles' liquid, whose mean colour is `color` and whose
  /// absorption is `absorption` (std::nullopt: no inflow gave one).
  virtual void absorbed(double m3, glm::vec3 color, std::optional<glm::vec3> absorption) = 0;
};

/// A box where particles drain away (world corners).
struct ParticleSink {
  glm::vec3 min{0.0f}, max{0.0f};
};

enum class ColliderShape { plane, sphere, box, shell };

/// A solid the liquid flows around; its velocity (from its carrier) is passed to the liquid.
struct ParticleColliderDesc {
  ColliderShape shape = ColliderShape::box;
  Pose local;                ///< On the carrier (or in the world). A plane's solid side is local y < 0.
  glm::vec3 size{0.05f};     ///< Sphere: radius in x. Box: half extents.
  float rounding = 0.0f;     ///< Box edges (m).
  float thickness = 0.004f;  ///< Shell: the wall's full thickness (m).
  std::shared_ptr<const DistanceGrid> distance;  ///< Shell: the mesh's unsigned distance, local.
  Carrier carrier;
};

struct ParticlesSetup {
  Bounds domain{{0.0f, 0.0f, 0.0f}, {1.0f, 0.5f, 0.5f}};  ///< The tank's walls (m, world).
  std::optional<float> spacing;  ///< Particle spacing (m); absent: fills the blocks with `count`.
  std::vector<ParticleBlock> blocks;
  std::vector<ParticleNozzle> nozzles;
  std::vector<ParticleSink> sinks;
  std::vector<ParticleColliderDesc> colliders;
  std::vector<std::shared_ptr<ParticleInflow>> inflows;
  std::vector<std::shared_ptr<ParticleAbsorber>> absorbers;  ///< At most shared::kMaxParticleAbsorbers.
  std::uint32_t seed = 1;                                    ///< Jitter of the initial lattice.
};

/// Checks a setup: a domain with volume, blocks and sinks inside it with volume, nozzles with
/// a direction, a rate and a speed, colliders with a size. Errors say which item is wrong.
Result<void> check_particles_setup(const ParticlesSetup& setup);

/// The particle spacing (m): the setup's, or the one that fills its blocks with `count` particles.
float particle_spacing(const ParticlesSetup& setup, int count);

/// Checks that a nozzle fits the liquid it pours into: its jet (rate / speed) narrower than the
/// tank, one layer of it and 1/60 s of its flow within `capacity` particles of `spacing`, and
/// its position inside the tank when it starts. Counted in doubles, so no input overflows.
Result<void> check_nozzle_fits(const ParticleNozzle& nozzle, float spacing, std::uint64_t capacity,
                               const Bounds& domain);

/// The most samples a shell collider's distance grid may have (64 MiB of floats).
inline constexpr std::uint64_t kMaxShellSamples = std::uint64_t(1) << 24;

/// A mesh wall for a shell collider: the mesh's unsigned distance, exact within a band wide
/// enough for a wall of `thickness` and the solver's grid of `grid_cell`. An error when the
/// grid would need more than kMaxShellSamples samples (a mesh in millimetres, say).
Result<std::shared_ptr<const DistanceGrid>> shell_distance(const Mesh& mesh, float thickness, float grid_cell);

}  // namespace lfx

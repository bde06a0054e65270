// One effect block -> a scene -> check_scene: the first byte picks the effect (particles,
// surface over particles, surface over synthetic particles, spread), the rest is the block's
// JSON. The fuzzer mutates the block itself instead of finding its way into a whole scene.
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "liquidfx/scene/scene.h"

namespace {

// A particles effect for a surface block to draw.
const nlohmann::json kParticles = {{"type", "particles"},
                                   {"name", "water"},
                                   {"tank", {{"min", {0, 0, 0}}, {"max", {0.4, 0.3, 0.2}}}},
                                   {"blocks", {{{"min", {0, 0, 0}}, {"max", {0.1, 0.2, 0.2}}}}}};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  nlohmann::json block = nlohmann::json::parse(data + 1, data + size, nullptr, false);
  if (!block.is_object()) return 0;
  nlohmann::json effects = nlohmann::json::array();
  switch (data[0] % 4) {
    case 0:
      block["type"] = "particles";
      break;
    case 1:
      effects.push_back(kParticles);
      block["type"] = "surface";
      if (!block.contains("source")) block["source"] = "water";
      break;
    case 2:
      block["type"] = "surface";
      if (!block.contains("source")) block["source"] = "synthetic:lake";
      break;
    default:
      block["type"] = "spread";
      break;
  }
  effects.push_back(block);
  const nlohmann::json scene = {{"resolution", {64, 36}}, {"effects", effects}};
  auto parsed = lfx::scene::parse_scene(scene.dump(), "fuzz.json");
  if (!parsed) return 0;
  (void)lfx::scene::check_scene(*parsed);
  for (const char* setting : {"particles.count=100000", "surface.resolution=0.5", "spread.thickness_cells=2048"})
    (void)lfx::scene::apply_setting(*parsed, setting);
  return 0;
}

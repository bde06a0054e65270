// Scene JSON -> scene -> every effect block checked (no GPU), then --set settings on it.
#include <cstddef>
#include <cstdint>
#include <string>

#include "liquidfx/scene/scene.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  auto scene = lfx::scene::parse_scene(text, "fuzz.json");
  if (!scene) return 0;
  (void)lfx::scene::check_scene(*scene);
  for (const char* setting : {"room.sun_elevation=30", "ripples.count=4", "bottle.fill=0.2"})
    (void)lfx::scene::apply_setting(*scene, setting);
  return 0;
}

// A viewer script (`liquidfx view --script`) -> its events -> each `set` event applied to a
// scene holding every kind of effect, as the viewer applies them.
#include <cstddef>
#include <cstdint>
#include <string>

#include "liquidfx/scene/scene.h"
#include "viewer_script.h"

namespace {

constexpr const char* kScene = R"({"effects": [
  {"type": "bottle", "name": "wine"}, {"type": "ripples", "name": "pond"},
  {"type": "particles", "name": "water", "tank": {"min": [0, 0, 0], "max": [0.4, 0.3, 0.2]},
   "blocks": [{"min": [0, 0, 0], "max": [0.1, 0.2, 0.2]}]},
  {"type": "surface", "name": "skin", "source": "water"},
  {"type": "spread", "name": "paint", "blobs": [{"centre": [0.5, 0.5], "radius": 0.1}]}]})";

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  auto events = lfx::viewer::parse_viewer_script(text, "fuzz-script.json");
  if (!events) return 0;
  auto scene = lfx::scene::parse_scene(kScene, "fuzz.json");
  if (!scene) __builtin_trap();  // the fixed scene is valid
  for (const lfx::viewer::ScriptEvent& e : *events)
    if (e.kind == lfx::viewer::ScriptKind::set) (void)lfx::scene::apply_setting(*scene, e.setting);
  return 0;
}

// Uses the installed headers and libraries: core (knobs, shared math, an effect's runtime), gpu
// (devices, shaders, the effect renderers' headers) and scene (a scene checked without a GPU).
#include <cstdio>

#include "liquidfx/core/camera.h"
#include "liquidfx/core/ripples/ripples_simulation.h"
#include "liquidfx/gpu/context.h"
#include "liquidfx/gpu/effects/bottle_renderer.h"
#include "liquidfx/gpu/effects/ripples_renderer.h"
#include "liquidfx/gpu/shader_library.h"
#include "liquidfx/scene/player.h"
#include "liquidfx/shared/color.h"

int main() {
  const lfx::Camera camera;
  const glm::vec3 display = lfx::shared::display_color(glm::vec3(1.0f), 0.0f);
  if (camera.projection(16.0f / 9.0f)[1][1] >= 0.0f || display.x <= 0.0f) return 1;
  // An effect's runtime from core alone: no JSON, no GPU.
  lfx::RipplesKnobs knobs;
  lfx::RipplesSimulation water(knobs, {});
  water.advance(0.1, {.touches = {{{0.5f, 0.5f}, 1.0f}}});
  if (water.pool().live() != 1) return 4;
  // The SPIR-V is inside the library: no shader files needed on disk.
  if (lfx::gpu::shader_code("render/tonemap.comp").empty()) return 2;
  // The scene layer: a scene parsed and checked without a GPU.
  auto scene = lfx::scene::parse_scene(R"({"effects": [{"type": "ripples", "count": 4}]})", "consumer.json");
  if (!scene || !lfx::scene::check_scene(*scene)) return 5;
  auto devices = lfx::gpu::list_devices();
  if (!devices) return 3;
  std::printf("consumer: %zu device(s), %zu shaders embedded\n", devices->size(), lfx::gpu::shader_names().size());
  return 0;
}

// Uses the installed headers and libraries: core (knobs, shared math) and gpu (devices, shaders).
#include <cstdio>

#include "liquidfx/core/camera.h"
#include "liquidfx/gpu/context.h"
#include "liquidfx/gpu/detail/shader_library.h"
#include "shared/color.h"

int main() {
  const lfx::Camera camera;
  const glm::vec3 display = lfx::shared::display_color(glm::vec3(1.0f), 0.0f);
  if (camera.projection(16.0f / 9.0f)[1][1] >= 0.0f || display.x <= 0.0f) return 1;
  // The SPIR-V is inside the library: no shader files needed on disk.
  if (lfx::gpu::shader_code("render/tonemap.comp").empty()) return 2;
  auto devices = lfx::gpu::list_devices();
  if (!devices) return 3;
  std::printf("consumer: %zu device(s), %zu shaders embedded\n", devices->size(), lfx::gpu::shader_names().size());
  return 0;
}

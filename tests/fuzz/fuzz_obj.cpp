// OBJ text -> mesh -> validation (closed, oriented, sound solid).
#include <cstddef>
#include <cstdint>
#include <string>

#include "liquidfx/core/container/closed_mesh.h"
#include "liquidfx/core/container/mesh_io.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  auto mesh = lfx::parse_obj(text, "fuzz.obj");
  if (!mesh || mesh->triangles.size() > 5000) return 0;
  std::vector<std::string> notes;
  (void)lfx::close_and_orient(*mesh, "fuzz.obj", &notes);
  return 0;
}

// liquidfx fill --mesh FILE --fraction F --up X,Y,Z [--method exact|table] [--json]
#include <cmath>
#include <cstdio>
#include <glm/geometric.hpp>
#include <nlohmann/json.hpp>

#include "cli.h"
#include "commands.h"
#include "liquidfx/core/container/closed_mesh.h"
#include "liquidfx/core/container/fill_solver.h"
#include "liquidfx/core/container/fill_table.h"
#include "liquidfx/core/container/mesh_io.h"
#include "liquidfx/core/container/volume.h"

namespace lfx::cli {
namespace {

constexpr const char* kUsage =
    "usage: liquidfx fill --mesh FILE --fraction F --up X,Y,Z [--method exact|table] [--json]\n"
    "Finds the plane dot(unit(up), p) = d (mesh coordinates) below which the mesh (taken as the\n"
    "liquid's volume itself, no inset) holds exactly the fraction F of its volume.\n"
    "  --method exact  Newton on the volume with the cross-section as derivative (default)\n"
    "  --method table  a look-up in the baked direction x fill table (the per-frame path)\n";

}  // namespace

int run_fill(Args& args) {
  if (args.flag("--help")) {
    std::fputs(kUsage, stdout);
    return kExitOk;
  }
  auto path = args.value("--mesh");
  if (!path) return fail(path.error());
  auto fraction = args.number("--fraction", 0.0, 1.0);
  if (!fraction) return fail(fraction.error());
  auto up = args.numbers("--up", 3);
  if (!up) return fail(up.error());
  auto method = args.value("--method");
  if (!method) return fail(method.error());
  const bool json = args.flag("--json");
  if (auto r = args.finish(); !r) return fail(r.error());
  if (!*path) return fail(input_error("fill: --mesh FILE is required"));
  if (!*fraction) return fail(input_error("fill: --fraction F is required"));
  if (!*up) return fail(input_error("fill: --up X,Y,Z is required"));
  const std::string how = method->value_or("exact");
  if (how != "exact" && how != "table")
    return fail(input_error("fill: --method must be exact or table, got \"" + how + "\""));
  const glm::dvec3 direction((**up)[0], (**up)[1], (**up)[2]);
  if (!(glm::length(direction) > 1e-12)) return fail(input_error("fill: --up must not be the zero vector"));
  const glm::dvec3 n = glm::normalize(direction);

  auto loaded = load_mesh(**path);
  if (!loaded) return fail(loaded.error());
  std::vector<std::string> notes;
  auto mesh = close_and_orient(*loaded, **path, &notes);
  if (!mesh) return fail(mesh.error());
  for (const std::string& note : notes) std::fprintf(stderr, "liquidfx: warning: %s\n", note.c_str());

  const double total = volume_of(*mesh).volume;
  double offset = 0.0;
  if (how == "exact") {
    offset = solve_fill(*mesh, total, n, **fraction).offset;
  } else {
    offset = FillTable::bake(*mesh).lookup(glm::vec3(n), float(**fraction)).offset;
  }
  // Reported volume: measured below the plane found, whatever found it.
  const double below = slice_below(*mesh, n, offset).volume;
  if (json) {
    nlohmann::ordered_json out;
    out["offset"] = offset;
    out["volume_below"] = below;
    out["volume_total"] = total;
    out["method"] = how;
    std::printf("%s\n", out.dump().c_str());
  } else {
    std::printf("offset        %.9g m  (plane: dot(unit(up), p) = offset)\n", offset);
    std::printf("volume below  %.9g m^3  (%.6f%% of the total)\n", below, 100.0 * below / total);
    std::printf("volume total  %.9g m^3\n", total);
    std::printf("method        %s\n", how.c_str());
  }
  return kExitOk;
}

}  // namespace lfx::cli

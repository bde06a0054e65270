// liquidfx fill --mesh FILE --fraction F --up X,Y,Z [--method exact|table] [--json]
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <glm/geometric.hpp>
#include <memory>
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

struct FillOptions {
  std::string mesh;
  double fraction = 0.0;
  std::vector<double> up;
  std::string method = "exact";
  bool json = false;
};

int run_fill(const FillOptions& o) {
  // Scaled by its largest component first, so that a huge vector's length cannot overflow.
  const glm::dvec3 raw(o.up[0], o.up[1], o.up[2]);
  const double largest = std::max({std::abs(raw.x), std::abs(raw.y), std::abs(raw.z)});
  if (!std::isfinite(largest)) return fail(input_error("fill: --up must be three finite numbers"));
  if (!(largest > 0.0)) return fail(input_error("fill: --up must not be the zero vector"));
  const glm::dvec3 n = glm::normalize(raw / largest);
  const std::string& how = o.method;

  auto loaded = load_mesh(o.mesh);
  if (!loaded) return fail(loaded.error());
  std::vector<std::string> notes;
  auto mesh = close_and_orient(*loaded, o.mesh, &notes);
  if (!mesh) return fail(mesh.error());
  for (const std::string& note : notes) std::fprintf(stderr, "liquidfx: warning: %s\n", note.c_str());
  const double fraction = o.fraction;
  const double total = volume_of(*mesh).volume;
  double offset = 0.0;
  if (how == "exact") {
    offset = solve_fill(*mesh, total, n, fraction).offset;
  } else {
    auto table = FillTable::bake(*mesh, FillTable::kDirections, FillTable::kLevels, "fill table of " + o.mesh);
    if (!table) return fail(table.error());
    offset = table->lookup(glm::vec3(n), float(fraction)).offset;
  }
  // Reported volume: measured below the plane found, whatever found it.
  const double below = slice_below(*mesh, n, offset).volume;
  if (o.json) {
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

}  // namespace

void add_fill_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<FillOptions>();
  CLI::App* c = app.add_subcommand(
      "fill",
      "Find the plane dot(unit(up), p) = d (mesh coordinates) below which the mesh (the liquid's volume itself, no "
      "inset) holds exactly the fraction F of its volume");
  c->add_option("--mesh", o->mesh, "The mesh (.obj, .gltf, .glb)")->required();
  c->add_option("--fraction", o->fraction, "The fill fraction F")->required()->check(number_in(0.0, 1.0));
  c->add_option("--up", o->up, "The plane's normal X,Y,Z")->required()->delimiter(',')->expected(3);
  c->add_option("--method", o->method,
                "exact: Newton on the volume with the cross-section as derivative; table: a look-up in the baked "
                "direction x fill table (the per-frame path)")
      ->check(CLI::IsMember({"exact", "table"}))
      ->capture_default_str();
  c->add_flag("--json", o->json, "Print JSON");
  c->callback([o, &exit_code] { exit_code = run_fill(*o); });
}

}  // namespace lfx::cli

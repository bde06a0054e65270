// liquidfx slosh (--mesh FILE | --shape NAME) --fill F --motion MOTION.csv --out TRACE.csv
//               [--plot TRACE.svg] [--set knob=value]...
#include <cstdio>
#include <fstream>
#include <memory>

#include "cli.h"
#include "commands.h"
#include "liquidfx/core/container/mesh_io.h"
#include "liquidfx/core/slosh/liquid_container.h"
#include "liquidfx/core/slosh/motion.h"
#include "svg_plot.h"

namespace lfx::cli {
namespace {

constexpr const char* kUsage =
    "usage: liquidfx slosh (--mesh FILE | --shape NAME) --fill F --motion MOTION.csv --out TRACE.csv\n"
    "                      [--plot TRACE.svg] [--set knob=value]...\n"
    "Runs the slosh controller over a container's motion. MOTION.csv rows: t,px,py,pz,qx,qy,qz,qw\n"
    "(the container's pose in the world, y up, metres; the mesh is the container in its local\n"
    "frame). TRACE.csv: t,nx,ny,nz,offset,tilt_deg,agitation,wave_amplitude,bubbles, one row per\n"
    "accepted input row. Malformed rows are reported with their line number and skipped.\n"
    "Shapes: box, cylinder, sphere, bottle, flask, wine_glass, mug, jar, square_bottle.\n"
    "Knobs: see `liquidfx knobs slosh`, e.g. --set damping=0.2.\n";

Result<void> write_text(const std::string& path, const std::string& text) {
  std::ofstream out(path);
  if (!out || !(out << text)) return input_error(path + ": cannot write");
  return success();
}

}  // namespace

int run_slosh(Args& args) {
  if (args.flag("--help")) {
    std::fputs(kUsage, stdout);
    return kExitOk;
  }
  auto mesh_path = args.value("--mesh");
  if (!mesh_path) return fail(mesh_path.error());
  auto shape_name = args.value("--shape");
  if (!shape_name) return fail(shape_name.error());
  auto fill = args.number("--fill", 0.0, 1.0);
  if (!fill) return fail(fill.error());
  auto motion_path = args.value("--motion");
  if (!motion_path) return fail(motion_path.error());
  auto out = args.value("--out");
  if (!out) return fail(out.error());
  auto plot = args.value("--plot");
  if (!plot) return fail(plot.error());
  auto settings = args.values("--set");
  if (!settings) return fail(settings.error());
  if (auto r = args.finish(); !r) return fail(r.error());
  if (bool(*mesh_path) == bool(*shape_name))
    return fail(input_error("slosh: give exactly one of --mesh FILE and --shape NAME"));
  if (!*fill) return fail(input_error("slosh: --fill F is required"));
  if (!*motion_path) return fail(input_error("slosh: --motion MOTION.csv is required"));
  if (!*out) return fail(input_error("slosh: --out TRACE.csv is required"));

  SloshKnobs knobs;
  knobs.fill = float(**fill);
  for (const std::string& setting : *settings) {
    const std::size_t equals = setting.find('=');
    const KnobSpec* spec =
        equals == std::string::npos ? nullptr : find_knob(SloshKnobs::knobs(), setting.substr(0, equals));
    if (!spec)
      return fail(input_error("--set " + setting + ": expected knob=value with a knob of `liquidfx knobs slosh`"));
    auto value = parse_knob_text(*spec, setting.substr(equals + 1));
    if (!value) return fail(input_error("--set " + setting + ": " + value.error().message));
    if (auto r = assign_knob(&knobs, *spec, *value); !r)
      return fail(input_error("--set " + setting + ": " + r.error().message));
  }

  auto motion = read_motion_csv(**motion_path);
  if (!motion) return fail(motion.error());
  for (const std::string& skipped : motion->skipped) std::fprintf(stderr, "liquidfx: skipped %s\n", skipped.c_str());
  if (motion->samples.empty()) return fail(input_error(**motion_path + ": no usable rows"));

  std::vector<std::string> notes;
  Result<std::shared_ptr<const ContainerShape>> shape = input_error("");
  if (*mesh_path) {
    auto mesh = load_mesh(**mesh_path);
    if (!mesh) return fail(mesh.error());
    shape = ContainerShape::create(*mesh, **mesh_path, knobs.inset, nullptr, &notes);
  } else {
    shape = ContainerShape::create_named(**shape_name, knobs.inset);
  }
  if (!shape) return fail(shape.error());
  for (const std::string& note : notes) std::fprintf(stderr, "liquidfx: warning: %s\n", note.c_str());

  LiquidContainer container(*shape, knobs);
  const std::vector<TraceRow> rows = run_motion(container, motion->samples);
  if (auto r = write_text(**out, trace_csv(rows)); !r) return fail(r.error());
  if (*plot) {
    const std::string title = "liquidfx slosh: " + (*shape)->name + ", fill " + std::to_string(knobs.fill).substr(0, 4);
    if (auto r = write_text(**plot, trace_svg(rows, title)); !r) return fail(r.error());
  }
  std::fprintf(stderr, "liquidfx: %zu rows traced, %zu skipped, %llu teleports\n", rows.size(), motion->skipped.size(),
               static_cast<unsigned long long>(container.teleports()));
  return kExitOk;
}

}  // namespace lfx::cli

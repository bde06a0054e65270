// liquidfx slosh (--mesh FILE | --shape NAME) --fill F --motion MOTION.csv --out TRACE.csv
//               [--plot TRACE.svg] [--set knob=value]...
#include <cstdio>
#include <fstream>
#include <memory>
#include <utility>
#include <vector>

#include "cli.h"
#include "commands.h"
#include "liquidfx/core/container/mesh_io.h"
#include "liquidfx/core/slosh/liquid_container.h"
#include "liquidfx/core/slosh/motion.h"
#include "run_inputs.h"
#include "svg_plot.h"

namespace lfx::cli {
namespace {

struct SloshOptions {
  std::string mesh, shape;
  double fill = 0.0;
  std::string motion, out, plot;
  std::vector<std::string> settings;
};

Result<void> write_text(const std::string& path, const std::string& text) {
  std::ofstream out(path);
  if (!out || !(out << text)) return input_error(path + ": cannot write");
  return success();
}

// Writes every file, or none: each goes to a temporary name first and is renamed into place
// once all were written, so that a failed --plot leaves no trace file behind.
Result<void> write_all(const std::vector<std::pair<std::string, std::string>>& files) {
  std::vector<std::string> written;
  auto undo = [&] {
    for (const std::string& w : written) std::remove(w.c_str());
  };
  for (const auto& [path, text] : files) {
    const std::string temporary = path + ".partial";
    if (auto r = write_text(temporary, text); !r) {
      undo();
      std::remove(temporary.c_str());
      return input_error(path + ": cannot write");
    }
    written.push_back(temporary);
  }
  for (const auto& [path, text] : files)
    if (std::rename((path + ".partial").c_str(), path.c_str()) != 0) {
      undo();
      return input_error(path + ": cannot write");
    }
  return success();
}

int run_slosh(const SloshOptions& o) {
  SloshKnobs knobs;
  knobs.fill = float(o.fill);
  for (const std::string& setting : o.settings) {
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

  RunInputs inputs;
  inputs.add(o.motion);
  if (!o.mesh.empty()) inputs.add(o.mesh);
  if (o.out.empty()) return fail(input_error("slosh: --out needs a file name, not an empty one"));
  if (auto r = inputs.check_output("--out", o.out); !r) return fail(r.error());
  if (auto r = inputs.check_output("--plot", o.plot); !o.plot.empty() && !r) return fail(r.error());

  auto motion = read_motion_csv(o.motion);
  if (!motion) return fail(motion.error());
  for (const std::string& skipped : motion->skipped) std::fprintf(stderr, "liquidfx: skipped %s\n", skipped.c_str());
  if (motion->samples.empty()) return fail(input_error(o.motion + ": no usable rows"));

  std::vector<std::string> notes;
  Result<std::shared_ptr<const ContainerShape>> shape = input_error("");
  if (!o.mesh.empty()) {
    auto mesh = load_mesh(o.mesh);
    if (!mesh) return fail(mesh.error());
    shape = ContainerShape::create(*mesh, o.mesh, knobs.inset, nullptr, &notes);
  } else {
    shape = ContainerShape::create_named(o.shape, knobs.inset);
  }
  if (!shape) return fail(shape.error());
  for (const std::string& note : notes) std::fprintf(stderr, "liquidfx: warning: %s\n", note.c_str());

  LiquidContainer container(*shape, knobs);
  const std::vector<TraceRow> rows = run_motion(container, motion->samples);
  std::vector<std::pair<std::string, std::string>> files = {{o.out, trace_csv(rows)}};
  if (!o.plot.empty()) {
    const std::string title = "liquidfx slosh: " + (*shape)->name + ", fill " + std::to_string(knobs.fill).substr(0, 4);
    files.emplace_back(o.plot, trace_svg(rows, title));
  }
  if (auto r = write_all(files); !r) return fail(r.error());
  std::fprintf(stderr, "liquidfx: %zu rows traced, %zu skipped, %llu teleports\n", rows.size(), motion->skipped.size(),
               static_cast<unsigned long long>(container.teleports()));
  return kExitOk;
}

}  // namespace

void add_slosh_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<SloshOptions>();
  CLI::App* c = app.add_subcommand(
      "slosh",
      "Run the slosh controller over a container's motion. MOTION.csv rows: t,px,py,pz,qx,qy,qz,qw (the container's "
      "pose in the world, y up, metres). TRACE.csv: t,nx,ny,nz,offset,tilt_deg,agitation,wave_amplitude,bubbles, one "
      "row per accepted input row. Malformed rows are reported with their line number and skipped.");
  auto* mesh = c->add_option("--mesh", o->mesh, "The container mesh (.obj, .gltf, .glb)");
  auto* shape = c->add_option(
      "--shape", o->shape,
      "A bundled shape: box, cylinder, sphere, bottle, wine_bottle, flask, wine_glass, mug, jar, square_bottle");
  mesh->excludes(shape);
  c->add_option("--fill", o->fill, "Fill fraction")->required()->check(number_in(0.0, 1.0));
  c->add_option("--motion", o->motion, "MOTION.csv")->required();
  c->add_option("--out", o->out, "TRACE.csv")->required();
  c->add_option("--plot", o->plot, "Also plot the trace as SVG");
  c->add_option("--set", o->settings, "knob=value of `liquidfx knobs slosh` (repeatable)")->allow_extra_args(false);
  c->callback([o, mesh, shape, &exit_code] {
    if (!mesh->count() && !shape->count()) {
      exit_code = fail(input_error("slosh: give exactly one of --mesh FILE and --shape NAME"));
      return;
    }
    exit_code = run_slosh(*o);
  });
}

}  // namespace lfx::cli

// liquidfx render SCENE --out DIR [--size WxH] [--fps F] [--seconds S | --frames N] [--frame K]
//                      [--max-seconds S] [--mp4] [--stats STATS.csv] [--set effect.knob=value]...
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "cli.h"
#include "commands.h"
#include "liquidfx/gpu/context.h"
#include "liquidfx/scene/player.h"
#include "mp4.h"
#include "progress.h"
#include "run_inputs.h"
#include "scene_setup.h"
#include "stats_csv.h"
#include "subprocess.h"

namespace lfx::cli {
namespace {

struct RenderOptions {
  SceneOptions scene;
  double gpu_timeout = 120.0;
  std::string out;
  double fps = 0.0;
  double seconds = 0.0;
  double max_seconds = 0.0;
  int frames = 0;
  int frame = 0;
  bool mp4 = false;
  std::string stats;
  CLI::Option* fps_given = nullptr;
  CLI::Option* seconds_given = nullptr;
  CLI::Option* frames_given = nullptr;
  CLI::Option* max_seconds_given = nullptr;
  CLI::Option* frame_given = nullptr;
  CLI::Option* stats_given = nullptr;
};

// "<stem>_0007.png": the frame number at least four digits wide, the stem whole.
std::string frame_name(const std::string& stem, unsigned frame) {
  std::string number = std::to_string(frame);
  if (number.size() < 4) number.insert(0, 4 - number.size(), '0');
  return stem + "_" + number + ".png";
}

// The output folder: made on demand, and removed again when the run made it and failed before
// writing anything into it.
class OutputFolder {
 public:
  static Result<OutputFolder> make(const std::string& path) {
    OutputFolder folder;
    folder.path_ = path;
    std::error_code ec;
    folder.created_ = !std::filesystem::exists(path, ec);
    std::filesystem::create_directories(path, ec);
    if (ec) return input_error(path + ": cannot create the output folder: " + ec.message());
    if (!std::filesystem::is_directory(path, ec)) return input_error(path + ": exists and is not a folder");
    return folder;
  }
  OutputFolder(OutputFolder&& other) noexcept : path_(std::move(other.path_)), created_(other.created_) {
    other.created_ = false;
  }
  OutputFolder& operator=(OutputFolder&&) = delete;
  ~OutputFolder() {
    std::error_code ec;
    if (created_ && std::filesystem::is_empty(path_, ec)) std::filesystem::remove(path_, ec);
  }
  std::string file(const std::string& name) const { return (std::filesystem::path(path_) / name).string(); }

 private:
  OutputFolder() = default;
  std::string path_;
  bool created_ = false;
};

// Refuses a run whose outputs (the frames, the MP4, the statistics) would write over one of
// its inputs: the scene, or a mesh or picture it names.
Result<void> check_outputs(const RenderOptions& o, const scene::Scene& scene, const std::string& stem, unsigned first,
                           unsigned count, bool mp4) {
  const RunInputs inputs = RunInputs::of_scene(scene);
  if (!o.stats.empty()) LFX_TRY(inputs.check_output("--stats", o.stats));
  for (const std::string& name : inputs.names_in(o.out)) {
    const bool video = mp4 && name == stem + ".mp4";
    // A frame's name is the stem, "_", its number and ".png": parse the number back.
    const std::string prefix = stem + "_", suffix = ".png";
    bool frame = false;
    if (name.size() > prefix.size() + suffix.size() && name.starts_with(prefix) && name.ends_with(suffix)) {
      const std::string digits = name.substr(prefix.size(), name.size() - prefix.size() - suffix.size());
      if (digits.size() < 9 && digits.find_first_not_of("0123456789") == std::string::npos) {
        const unsigned n = unsigned(std::stoul(digits));
        frame = n >= first && n < count && frame_name(stem, n) == name;
      }
    }
    if (video || frame)
      return input_error("--out " + o.out + ": the render would write over " + name +
                         ", an input of this run; choose another folder");
  }
  return success();
}

// Encodes the numbered PNGs into DIR/<stem>.mp4.
Result<void> write_mp4(const OutputFolder& out, const std::string& stem, double fps) {
  return encode_mp4(out.file(ffmpeg_literal(stem) + "_%04d.png"), fps, out.file(stem + ".mp4"));
}

int run_render(const RenderOptions& o) {
  auto setup = read_scene_setup(o.scene);
  if (!setup) return fail(setup.error());
  if (o.out.empty()) return fail(input_error("render: --out needs a folder name, not an empty one"));
  if (o.stats_given->count() && o.stats.empty())
    return fail(input_error("render: --stats needs a file name, not an empty one"));
  scene::Scene& scene = setup->scene;
  if (o.fps_given->count()) scene.fps = o.fps;
  unsigned count = scene.frame_count();
  if (o.seconds_given->count()) count = std::max(1u, unsigned(std::llround(o.seconds * scene.fps)));
  if (o.frames_given->count()) count = unsigned(o.frames);
  if (o.max_seconds_given->count())
    count = std::min(count, std::max(1u, unsigned(std::llround(o.max_seconds * scene.fps))));
  const bool single = o.frame_given->count() > 0;
  if (single && unsigned(o.frame) >= count)
    return fail(input_error("render: --frame " + std::to_string(o.frame) + " is past the last frame (" +
                            std::to_string(count - 1) + ")"));
  if (o.mp4 && single) std::fprintf(stderr, "liquidfx: warning: --mp4 ignored with --frame\n");
  const bool mp4 = o.mp4 && !single;
  if (mp4 && !program_on_path("ffmpeg"))
    std::fprintf(stderr, "liquidfx: warning: ffmpeg is not installed; no MP4 will be written (apt install ffmpeg)\n");

  const std::string stem = std::filesystem::path(scene.source).stem().string();
  const unsigned first = single ? unsigned(o.frame) : 0;
  if (auto r = check_outputs(o, scene, stem, first, single ? first + 1 : count, mp4); !r) return fail(r.error());

  auto ctx = make_gpu_context(o.gpu_timeout);
  if (!ctx) return fail(ctx.error());
  auto player = scene::ScenePlayer::create(**ctx, scene, setup->width, setup->height);
  if (!player) return fail(player.error());
  auto out = OutputFolder::make(o.out);
  if (!out) return fail(out.error());
  std::optional<StatsCsv> stats;
  if (!o.stats.empty()) {
    auto csv = StatsCsv::create(o.stats);
    if (!csv) return fail(csv.error());
    stats = std::move(csv.value());
  }

  const double dt = 1.0 / scene.fps;
  Progress progress("render " + stem, count - first);
  for (unsigned frame = 0; frame < count; ++frame) {
    if (frame > 0)
      if (auto r = (*player)->advance(dt); !r) return fail(r.error());
    // A rendered frame's row comes after it rendered: effects on the GPU measure while it runs.
    const auto stats_row = [&]() -> Result<void> {
      return stats ? stats->row(frame, (*player)->time(), (*player)->stats()) : success();
    };
    if (frame < first) {
      if (auto r = stats_row(); !r) return fail(r.error());
      continue;
    }
    auto image = (*player)->render();
    if (!image) return fail(image.error());
    if (auto r = stats_row(); !r) return fail(r.error());
    if (auto r = write_png(out->file(frame_name(stem, frame)), *image); !r) return fail(r.error());
    progress.update(frame + 1 - first);
    if (single) break;
  }
  if (stats)
    if (auto r = stats->finish(); !r) return fail(r.error());
  if (mp4 && program_on_path("ffmpeg"))
    if (auto r = write_mp4(*out, stem, scene.fps); !r) return fail(r.error());
  return validation_exit_code((*ctx)->validation_messages());
}

}  // namespace

void add_render_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<RenderOptions>();
  CLI::App* c = app.add_subcommand("render", "Render a scene's timeline to DIR/<scene>_0000.png, _0001.png, ...");
  add_scene_options(*c, o->scene);
  add_gpu_timeout_option(*c, o->gpu_timeout);
  c->add_option("--out", o->out, "Output folder (made when missing)")->required();
  o->fps_given =
      c->add_option("--fps", o->fps, "Frames per second (default: the scene's)")->check(number_in(1.0, 1000.0));
  o->seconds_given = c->add_option("--seconds", o->seconds, "Length of the timeline to render (default: the scene's)")
                         ->check(number_in(0.0, 3600.0));
  o->frames_given =
      c->add_option("--frames", o->frames, "Number of frames to render instead")->check(integer_in(1, 1000000));
  o->frames_given->excludes(o->seconds_given);
  o->max_seconds_given =
      c->add_option("--max-seconds", o->max_seconds, "Render at most the timeline's first S seconds (a preview)")
          ->check(number_in(0.0, 3600.0));
  o->frame_given = c->add_option("--frame", o->frame, "Render only frame K (0-based; the effects still run from 0)")
                       ->check(integer_in(0, 1000000));
  c->add_flag("--mp4", o->mp4, "Also write DIR/<scene>.mp4 through ffmpeg, when it is installed");
  o->stats_given = c->add_option("--stats", o->stats, "Write every effect's statistics, one CSV row per frame");
  c->callback([o, &exit_code] { exit_code = run_render(*o); });
}

}  // namespace lfx::cli

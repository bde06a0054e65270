// liquidfx render SCENE --out DIR [--size WxH] [--fps F] [--seconds S | --frames N] [--frame K]
//                      [--mp4] [--stats STATS.csv] [--set effect.knob=value]...
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <string>

#include "cli.h"
#include "commands.h"
#include "liquidfx/gpu/context.h"
#include "liquidfx/scene/player.h"
#include "progress.h"
#include "scene_setup.h"
#include "stats_csv.h"

namespace lfx::cli {
namespace {

constexpr const char* kUsage =
    "usage: liquidfx render SCENE --out DIR [--size WxH] [--fps F] [--seconds S | --frames N]\n"
    "                       [--frame K] [--mp4] [--stats STATS.csv] [--set effect.knob=value]...\n"
    "Renders the scene's timeline to DIR/<scene>_0000.png, DIR/<scene>_0001.png, ...\n"
    "  --size WxH     output size in pixels (default: the scene's resolution)\n"
    "  --fps F        frames per second (default: the scene's)\n"
    "  --seconds S    length of the timeline to render (default: the scene's duration)\n"
    "  --frames N     number of frames to render instead\n"
    "  --frame K      render only frame K (0-based; the effects still run from time 0)\n"
    "  --mp4          also write DIR/<scene>.mp4 through ffmpeg, when ffmpeg is installed\n"
    "  --stats FILE   write every effect's statistics, one CSV row per frame\n"
    "  --set k=v      override a knob, e.g. --set room.sun_elevation=30 (repeatable)\n";

bool have_ffmpeg() {
  return std::system("ffmpeg -version >/dev/null 2>&1") == 0;
}

}  // namespace

int run_render(Args& args) {
  if (args.flag("--help")) {
    std::fputs(kUsage, stdout);
    return kExitOk;
  }
  auto setup = read_scene_setup(args);
  if (!setup) return fail(setup.error());
  auto out = args.value("--out");
  if (!out) return fail(out.error());
  if (!*out) return fail(input_error("render: --out DIR is required"));
  auto fps = args.number("--fps", 1.0, 1000.0);
  if (!fps) return fail(fps.error());
  auto seconds = args.number("--seconds", 0.0, 3600.0);
  if (!seconds) return fail(seconds.error());
  auto frames = args.integer("--frames", 1, 1000000);
  if (!frames) return fail(frames.error());
  auto single = args.integer("--frame", 0, 1000000);
  if (!single) return fail(single.error());
  const bool mp4 = args.flag("--mp4");
  auto stats_path = args.value("--stats");
  if (!stats_path) return fail(stats_path.error());
  if (auto r = args.finish(); !r) return fail(r.error());
  if (*seconds && *frames) return fail(input_error("render: give --seconds or --frames, not both"));

  scene::Scene& scene = setup->scene;
  if (*fps) scene.fps = **fps;
  unsigned count = scene.frame_count();
  if (*seconds) count = std::max(1u, unsigned(std::llround(**seconds * scene.fps)));
  if (*frames) count = unsigned(**frames);
  if (*single && unsigned(**single) >= count)
    return fail(input_error("render: --frame " + std::to_string(**single) + " is past the last frame (" +
                            std::to_string(count - 1) + ")"));

  std::error_code ec;
  std::filesystem::create_directories(**out, ec);
  if (ec) return fail(input_error(**out + ": cannot create the output folder: " + ec.message()));

  auto ctx = gpu::Context::create();
  if (!ctx) return fail(ctx.error());
  auto player = scene::ScenePlayer::create(**ctx, scene, setup->width, setup->height);
  if (!player) return fail(player.error());

  std::optional<StatsCsv> stats;
  if (*stats_path) {
    auto csv = StatsCsv::create(**stats_path);
    if (!csv) return fail(csv.error());
    stats = std::move(csv.value());
  }

  const std::string stem = std::filesystem::path(scene.source).stem().string();
  const double dt = 1.0 / scene.fps;
  const unsigned first = *single ? unsigned(**single) : 0;
  Progress progress("render " + stem, count - first);
  for (unsigned frame = 0; frame < count; ++frame) {
    if (frame > 0)
      if (auto r = (*player)->advance(dt); !r) return fail(r.error());
    if (stats)
      if (auto r = stats->row(frame, (*player)->time(), (*player)->stats()); !r) return fail(r.error());
    if (frame < first) continue;
    auto image = (*player)->render();
    if (!image) return fail(image.error());
    char name[64];
    std::snprintf(name, sizeof name, "%s_%04u.png", stem.c_str(), frame);
    if (auto r = write_png((std::filesystem::path(**out) / name).string(), *image); !r) return fail(r.error());
    progress.update(frame + 1 - first);
    if (*single) break;
  }

  if (mp4 && *single) {
    std::fprintf(stderr, "liquidfx: warning: --mp4 ignored with --frame\n");
  } else if (mp4 && !have_ffmpeg()) {
    std::fprintf(stderr, "liquidfx: warning: ffmpeg is not installed; no MP4 written (apt install ffmpeg)\n");
  } else if (mp4) {
    const std::string dir = std::filesystem::path(**out).string();
    const std::string command = "ffmpeg -y -loglevel error -framerate " + std::to_string(scene.fps) + " -i '" + dir +
                                "/" + stem + "_%04d.png' -c:v libx264 -pix_fmt yuv420p -crf 18 '" + dir + "/" + stem +
                                ".mp4'";
    if (std::system(command.c_str()) != 0)
      return fail(input_error("ffmpeg failed to write " + dir + "/" + stem + ".mp4"));
  }
  return validation_exit_code((*ctx)->validation_messages());
}

}  // namespace lfx::cli

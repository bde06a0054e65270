// liquidfx bench SCENE [--frames N] [--warmup W] [--size WxH] [--set effect.knob=value]... [--json]
#include <algorithm>
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli.h"
#include "commands.h"
#include "liquidfx/gpu/context.h"
#include "liquidfx/scene/player.h"
#include "progress.h"
#include "scene_setup.h"

namespace lfx::cli {
namespace {

constexpr const char* kUsage =
    "usage: liquidfx bench SCENE [--frames N] [--warmup W] [--size WxH] [--set effect.knob=value]... [--json]\n"
    "Renders N frames (default 60) after W warm-up frames (default 5) and reports the GPU time of\n"
    "each pass (median, min, max, milliseconds), from timestamp queries.\n";

struct Stats {
  double median = 0.0, min = 0.0, max = 0.0;
};

Stats stats_of(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  const double median = n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
  return {median, v.front(), v.back()};
}

}  // namespace

int run_bench(Args& args) {
  if (args.flag("--help")) {
    std::fputs(kUsage, stdout);
    return kExitOk;
  }
  auto setup = read_scene_setup(args);
  if (!setup) return fail(setup.error());
  auto frames = args.integer("--frames", 1, 100000);
  if (!frames) return fail(frames.error());
  auto warmup = args.integer("--warmup", 0, 100000);
  if (!warmup) return fail(warmup.error());
  const bool json = args.flag("--json");
  if (auto r = args.finish(); !r) return fail(r.error());
  const int measured = frames->value_or(60);
  const int warm = warmup->value_or(5);

  auto ctx = gpu::Context::create();
  if (!ctx) return fail(ctx.error());
  if ((*ctx)->timestamp_period_ns() <= 0.0)
    return fail(gpu_error((*ctx)->device_name() + " has no timestamp queries; cannot benchmark"));
  auto player = scene::ScenePlayer::create(**ctx, setup->scene, setup->width, setup->height);
  if (!player) return fail(player.error());

  std::vector<std::string> order;
  std::map<std::string, std::vector<double>> samples;
  std::vector<double> totals;
  const double dt = 1.0 / setup->scene.fps;
  Progress progress("bench", unsigned(warm + measured));
  for (int frame = 0; frame < warm + measured; ++frame) {
    if (frame > 0)
      if (auto r = (*player)->advance(dt); !r) return fail(r.error());
    if (auto r = (*player)->prepare(); !r) return fail(r.error());
    if (auto r = (*ctx)->submit_and_wait([&](VkCommandBuffer cmd) { (*player)->record(cmd); }); !r)
      return fail(r.error());
    progress.update(unsigned(frame + 1));
    if (frame < warm) continue;
    auto times = (*player)->pass_times();
    if (!times) return fail(times.error());
    double total = 0.0;
    for (const gpu::PassTime& t : *times) {
      if (!samples.count(t.name)) order.push_back(t.name);
      samples[t.name].push_back(t.milliseconds);
      total += t.milliseconds;
    }
    totals.push_back(total);
  }

  const Stats total = stats_of(totals);
  if (json) {
    nlohmann::ordered_json out;
    out["device"] = (*ctx)->device_name();
    out["size"] = {setup->width, setup->height};
    out["frames"] = measured;
    out["passes"] = nlohmann::ordered_json::array();
    for (const std::string& name : order) {
      const Stats s = stats_of(samples[name]);
      out["passes"].push_back({{"name", name}, {"median_ms", s.median}, {"min_ms", s.min}, {"max_ms", s.max}});
    }
    out["total_median_ms"] = total.median;
    std::printf("%s\n", out.dump(2).c_str());
  } else {
    std::printf("%s, %ux%u, %d frames\n", (*ctx)->device_name().c_str(), setup->width, setup->height, measured);
    std::printf("%-28s %10s %10s %10s\n", "pass", "median ms", "min ms", "max ms");
    for (const std::string& name : order) {
      const Stats s = stats_of(samples[name]);
      std::printf("%-28s %10.3f %10.3f %10.3f\n", name.c_str(), s.median, s.min, s.max);
    }
    std::printf("%-28s %10.3f %10.3f %10.3f\n", "total", total.median, total.min, total.max);
  }
  return validation_exit_code((*ctx)->validation_messages());
}

}  // namespace lfx::cli

// liquidfx bench SCENE [--frames N] [--warmup W] [--size WxH] [--set effect.knob=value]... [--json]
//   [--host-frame rgba16f|b10g11r11|rgba8_srgb]
#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "cli.h"
#include "commands.h"
#include "liquidfx/gpu/context.h"
#include "liquidfx/gpu/image.h"
#include "liquidfx/scene/player.h"
#include "progress.h"
#include "scene_setup.h"

namespace lfx::cli {
namespace {

struct BenchOptions {
  SceneOptions scene;
  double gpu_timeout = 120.0;
  int frames = 60;
  int warmup = 5;
  bool json = false;
  bool draw_still = false;  // draw the frames where nothing moved too (FrameRenderer::set_keep_still_frames)
  std::string host_frame;   // "": liquidfx's own frame; else the colour format of a host's frame
};

const std::map<std::string, VkFormat> kHostFormats = {{"rgba16f", VK_FORMAT_R16G16B16A16_SFLOAT},
                                                      {"b10g11r11", VK_FORMAT_B10G11R11_UFLOAT_PACK32},
                                                      {"rgba8_srgb", VK_FORMAT_R8G8B8A8_SRGB}};

// The images a host engine would hand over: its colour in `format` and a D32 depth, which the
// frame starts cleared (UNDEFINED) and leaves for the host's sampling.
struct HostImages {
  gpu::Image color;
  gpu::Image depth;

  static Result<HostImages> create(const gpu::Context& ctx, VkFormat format, std::uint32_t width,
                                   std::uint32_t height) {
    VkImageUsageFlags color_usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_SAMPLED_BIT;
    if (gpu::drawn_directly(format)) color_usage |= VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT;
    HostImages out;
    LFX_TRY_ASSIGN(out.color, gpu::Image::create(ctx, {width, height, format, 1, color_usage, "host colour"}));
    LFX_TRY_ASSIGN(out.depth,
                   gpu::Image::create(
                       ctx, {width, height, VK_FORMAT_D32_SFLOAT, 1,
                             VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT | VK_IMAGE_USAGE_SAMPLED_BIT, "host depth"}));
    return out;
  }
  gpu::HostFrame frame() const {
    const auto host = [](const gpu::Image& image) {
      return gpu::HostImage{image.handle(), image.format(),          image.extent(),
                            image.usage(),  gpu::access::kUndefined, gpu::access::kShaderSampled};
    };
    return {host(color), host(depth)};
  }
};

struct Stats {
  double median = 0.0, min = 0.0, max = 0.0;
};

Stats stats_of(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  const double median = n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
  return {median, v.front(), v.back()};
}

// One named row of the report: in the JSON an object, in the table a line.
nlohmann::ordered_json stats_json(const std::string& name, const Stats& s) {
  return {{"name", name}, {"median_ms", s.median}, {"min_ms", s.min}, {"max_ms", s.max}};
}

void print_stats(const std::string& name, const Stats& s) {
  std::printf("%-28s %10.3f %10.3f %10.3f\n", name.c_str(), s.median, s.min, s.max);
}

int run_bench(const BenchOptions& o) {
  auto setup = read_scene_setup(o.scene);
  if (!setup) return fail(setup.error());
  const int measured = o.frames;
  const int warm = o.warmup;
  const bool json = o.json;

  auto ctx = make_gpu_context(o.gpu_timeout);
  if (!ctx) return fail(ctx.error());
  if ((*ctx)->timestamp_period_ns() <= 0.0)
    return fail(gpu_error((*ctx)->device_name() + " has no timestamp queries; cannot benchmark"));
  auto player = scene::ScenePlayer::create(**ctx, setup->scene, setup->width, setup->height);
  if (!player) return fail(player.error());
  (*player)->renderer().set_keep_still_frames(!o.draw_still);
  std::optional<HostImages> host;
  if (!o.host_frame.empty()) {
    auto made = HostImages::create(**ctx, kHostFormats.at(o.host_frame), setup->width, setup->height);
    if (!made) return fail(made.error());
    host = std::move(*made);
    if (auto r = gpu::check_host_frame(**ctx, host->frame()); !r) return fail(r.error());
  }

  std::vector<std::string> order;
  std::map<std::string, std::vector<double>> samples;
  std::vector<double> totals;
  int kept = 0;     // measured frames that kept the last picture (nothing moved)
  int redrawn = 0;  // and those that were the last one but on the tiles their passes listed
  // Each effect's passes share the first word of their names ("particles p2g", "particles g2p"):
  // their per-frame sum is the effect's cost, steadier than any one pass on a driver that
  // timestamps passes loosely.
  std::vector<std::string> group_order;
  std::map<std::string, std::vector<double>> group_samples;
  // The CPU's share of a frame, on this thread: what a game pays for the effects besides the GPU;
  // and the wall time from submitting the frame to its end, what the frame costs as a whole (on a
  // CPU driver, whose pass timestamps can land far from the work they bracket, the one sure
  // measure of a pass group is this time with and without it).
  const std::array<const char*, 4> cpu_names = {"advance (simulation)", "prepare (uploads)", "record (command buffer)",
                                                "frame (submit to finish)"};
  std::array<std::vector<double>, 4> cpu_samples;
  const auto since = [](std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  };
  std::vector<std::string> stat_order;
  std::map<std::string, std::pair<double, int>> stat_sums;
  const double dt = 1.0 / setup->scene.fps;
  Progress progress("bench", unsigned(warm + measured));
  for (int frame = 0; frame < warm + measured; ++frame) {
    std::array<double, 4> cpu{};
    auto start = std::chrono::steady_clock::now();
    if (frame > 0)
      if (auto r = (*player)->advance(dt); !r) return fail(r.error());
    cpu[0] = since(start);
    start = std::chrono::steady_clock::now();
    if (auto r = host ? (*player)->prepare(host->frame()) : (*player)->prepare(); !r) return fail(r.error());
    cpu[1] = since(start);
    start = std::chrono::steady_clock::now();
    if (auto r = (*ctx)->submit_and_wait([&](VkCommandBuffer cmd) {
          const auto recording = std::chrono::steady_clock::now();
          (*player)->record(cmd);
          cpu[2] = since(recording);
        });
        !r)
      return fail(r.error());
    cpu[3] = since(start) - cpu[2];
    progress.update(unsigned(frame + 1));
    if (frame < warm) continue;
    kept += (*player)->renderer().kept_last_picture() ? 1 : 0;
    redrawn += (*player)->renderer().redrew_listed_tiles() ? 1 : 0;
    for (std::size_t k = 0; k < cpu.size(); ++k) cpu_samples[k].push_back(cpu[k]);
    auto times = (*player)->pass_times();
    if (!times) return fail(times.error());
    double total = 0.0;
    std::map<std::string, double> groups;
    for (const gpu::PassTime& t : *times) {
      if (!samples.count(t.name)) order.push_back(t.name);
      samples[t.name].push_back(t.milliseconds);
      total += t.milliseconds;
      const std::string group = t.name.substr(0, t.name.find(' '));
      if (!group_samples.count(group) && std::find(group_order.begin(), group_order.end(), group) == group_order.end())
        group_order.push_back(group);
      groups[group] += t.milliseconds;
    }
    for (const std::string& g : group_order) group_samples[g].push_back(groups[g]);
    totals.push_back(total);
    // The frame finished (submit_and_wait): the effects' statistics are its own.
    for (const auto& [name, value] : (*player)->stats()) {
      if (!stat_sums.count(name)) stat_order.push_back(name);
      auto& [sum, count] = stat_sums[name];
      if (std::isfinite(value)) sum += value, ++count;
    }
  }
  // The effects' statistics, averaged over the measured frames (what a frame cost depends on,
  // such as the particle solver's steps).
  const auto stat_mean = [&](const std::string& name) {
    const auto& [sum, count] = stat_sums[name];
    return count ? sum / count : std::nan("");
  };

  const Stats total = stats_of(totals);
  if (json) {
    nlohmann::ordered_json out;
    out["device"] = (*ctx)->device_name();
    out["size"] = {setup->width, setup->height};
    out["frame"] = host ? "host " + o.host_frame : "own";
    out["frames"] = measured;
    out["kept_frames"] = kept;
    out["redrawn_tiles_frames"] = redrawn;
    out["passes"] = nlohmann::ordered_json::array();
    for (const std::string& name : order) out["passes"].push_back(stats_json(name, stats_of(samples[name])));
    out["groups"] = nlohmann::ordered_json::array();
    for (const std::string& name : group_order)
      out["groups"].push_back(stats_json(name, stats_of(group_samples[name])));
    out["total_median_ms"] = total.median;
    out["cpu"] = nlohmann::ordered_json::array();
    for (std::size_t k = 0; k < cpu_names.size(); ++k)
      out["cpu"].push_back(stats_json(cpu_names[k], stats_of(cpu_samples[k])));
    out["statistics"] = nlohmann::ordered_json::object();
    for (const std::string& name : stat_order) out["statistics"][name] = stat_mean(name);
    std::printf("%s\n", out.dump(2).c_str());
  } else {
    std::printf("%s, %ux%u, %d frames, %s\n", (*ctx)->device_name().c_str(), setup->width, setup->height, measured,
                host ? ("into a host's " + o.host_frame + " + D32 frame").c_str() : "liquidfx's own frame");
    if (kept > 0)
      std::printf("%d of the %d frames kept the last picture: nothing in them moved (--draw-still-frames draws them)\n",
                  kept, measured);
    if (redrawn > 0)
      std::printf("%d of the %d frames changed only on the tiles their effects listed, and tonemapped those\n", redrawn,
                  measured);
    std::printf("%-28s %10s %10s %10s\n", "pass", "median ms", "min ms", "max ms");
    for (const std::string& name : order) print_stats(name, stats_of(samples[name]));
    for (const std::string& name : group_order) print_stats(name + " (all passes)", stats_of(group_samples[name]));
    print_stats("total", total);
    std::printf("%-28s %10s %10s %10s\n", "cpu, this thread", "median ms", "min ms", "max ms");
    for (std::size_t k = 0; k < cpu_names.size(); ++k) print_stats(cpu_names[k], stats_of(cpu_samples[k]));
    std::printf("%-28s %10s\n", "statistics", "mean");
    for (const std::string& name : stat_order) std::printf("%-28s %10.4g\n", name.c_str(), stat_mean(name));
  }
  return validation_exit_code((*ctx)->validation_messages());
}

}  // namespace

void add_bench_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<BenchOptions>();
  CLI::App* c = app.add_subcommand(
      "bench",
      "Render N frames after W warm-up frames and report each pass's GPU time and the CPU's time to simulate, "
      "upload and record a frame (median, min, max, ms)");
  add_scene_options(*c, o->scene);
  add_gpu_timeout_option(*c, o->gpu_timeout);
  c->add_option("--frames", o->frames, "Frames measured")->check(integer_in(1, 100000))->capture_default_str();
  c->add_option("--warmup", o->warmup, "Frames rendered first and not measured")
      ->check(integer_in(0, 100000))
      ->capture_default_str();
  c->add_flag("--json", o->json, "Print JSON instead of a table");
  c->add_flag("--draw-still-frames", o->draw_still,
              "Draw the frames where nothing moved too, instead of keeping their last picture");
  c->add_option("--host-frame", o->host_frame,
                "Draw the effects into a host engine's frame of this colour format (with a D32 depth) instead of "
                "liquidfx's own: no backdrop room, no tonemap")
      ->check(CLI::IsMember({"rgba16f", "b10g11r11", "rgba8_srgb"}));
  c->callback([o, &exit_code] { exit_code = run_bench(*o); });
}

}  // namespace lfx::cli

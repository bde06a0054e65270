// The spread solver on compute shaders against SpreadSimulation, the CPU reference, on a small
// grid: the same liquid after the same strokes, the volume kept, the projection converging,
// validation silent.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <span>
#include <string>
#include <vector>

#include "liquidfx/core/image.h"
#include "liquidfx/core/spread/spread_simulation.h"
#include "liquidfx/gpu/effects/spread_solver.h"
#include "liquidfx/gpu/render/frame_view.h"
#include "liquidfx/gpu/transfer.h"
#include "liquidfx/scene/player.h"
#include "support/cli_run.h"
#include "support/golden.h"
#include "support/gpu_test.h"

namespace lfx::test {
namespace {

class SpreadGpuTest : public GpuTest {
 protected:
  // One step of the GPU solver (its statistics recorded with it) and of the CPU reference, with
  // the same strokes.
  bool step_both(gpu::SpreadSolver& gpu, SpreadSimulation& cpu, double dt, std::span<const SpreadStroke> strokes) {
    const bool recorded = bool(ctx().submit_and_wait([&](VkCommandBuffer cmd) {
      gpu.record_step(cmd, dt, strokes, nullptr);
      gpu.record_stats(cmd, nullptr);
    }));
    cpu.advance(dt, strokes);
    return recorded;
  }
};

// The largest difference between two fields, value by value.
double largest_difference(const SpreadField& a, const SpreadField& b) {
  double largest = 0.0;
  for (std::size_t k = 0; k < a.values.size(); ++k)
    largest = std::max(largest, double(std::abs(a.values[k] - b.values[k])));
  return largest;
}

std::vector<SpreadStroke> circle_stroke(double t, double dt) {
  auto at = [](double s) {
    return glm::vec2(0.85f + 0.3f * float(std::cos(4.0 * s)), 0.5f + 0.3f * float(std::sin(4.0 * s)));
  };
  return {{at(t), at(t + dt), 0.08f}};
}

TEST_F(SpreadGpuTest, TheGpuMovesTheLiquidAsTheCpuReferenceDoes) {
  for (const SpreadThicknessScheme scheme : {SpreadThicknessScheme::donor_cell, SpreadThicknessScheme::muscl,
                                             SpreadThicknessScheme::swept, SpreadThicknessScheme::semi_lagrangian}) {
    SpreadKnobs knobs;
    knobs.cells = 64;  // 64 x 114: the finest level a dispatch a step, the rest in one workgroup
    knobs.thickness_cells = 64;
    knobs.thickness_scheme = scheme;
    knobs.traces = SpreadTraces::film;
    knobs.vorticity = 0.3f;  // the confinement's passes too
    const bool maccormack = scheme == SpreadThicknessScheme::muscl || scheme == SpreadThicknessScheme::swept;
    if (maccormack) knobs.velocity_advection = SpreadVelocityAdvection::maccormack;
    SpreadSimulation cpu(knobs, 16.0f / 9.0f);
    ASSERT_TRUE(cpu.add_blob({{0.6f, 0.4f}, 0.22f, 0.02f, {0.9f, 0.7f, 0.6f}}));
    ASSERT_TRUE(cpu.add_blob({{1.1f, 0.6f}, 0.2f, 0.025f, {0.3f, 0.5f, 0.9f}}));
    auto made = gpu::SpreadSolver::create(ctx(), knobs, cpu);
    ASSERT_TRUE(made) << made.error().message;
    gpu::SpreadSolver& gpu = **made;
    const double start = cpu.volume(), dt = 1.0 / 60.0;
    for (int frame = 0; frame < 12; ++frame) {
      const auto strokes = circle_stroke(cpu.time(), dt);
      ASSERT_TRUE(step_both(gpu, cpu, dt, strokes));
    }
    auto fields = gpu.read_fields();
    ASSERT_TRUE(fields);
    const double worst = largest_difference(fields->thickness, cpu.thickness());
    const double pigment_worst = largest_difference(fields->pigments[1], cpu.pigment(1));
    const float peak = cpu.max_thickness();
    const auto stats = gpu.stats();
    ASSERT_TRUE(stats);
    std::printf(
        "%s (%s velocity): thickness differs by %.2e at most (peak %.4f), pigment by %.2e; volume %.8f GPU, %.8f CPU, "
        "%.8f at the "
        "start; divergence %.3e -> %.3e\n",
        KnobEnumNames<SpreadThicknessScheme>::kNames[int(scheme)].data(), maccormack ? "MacCormack" : "semi-Lagrangian",
        worst, double(peak), pigment_worst, stats->volume, cpu.volume(), start, stats->divergence_before,
        stats->divergence_after);
    EXPECT_LT(worst, 1e-3 * peak);
    EXPECT_LT(pigment_worst, 1e-3 * peak);
    EXPECT_NEAR(stats->volume, cpu.volume(), 1e-5 * start);
    EXPECT_NEAR(stats->max_thickness, double(cpu.max_thickness()), 1e-3 * peak);
    EXPECT_GE(stats->min_thickness, 0.0);
    EXPECT_LT(stats->divergence_after, 0.01 * stats->divergence_before);
    if (scheme != SpreadThicknessScheme::semi_lagrangian) {
      EXPECT_NEAR(stats->volume, start, 1e-5 * start);
    }
  }
}

TEST_F(SpreadGpuTest, TheThicknessStepRunsOnlyWithinReachOfLiquidAndMovesItAsTheCpuReferenceDoes) {
  // A grid of 341 x 192 thickness cells: a thick blob (levelled above the pile height) dragged
  // fast across the dry picture, 19 cells a frame, and a blob dropped far from any liquid while
  // it runs. The GPU runs the thickness step on the tiles within reach of liquid only, and the
  // liquid comes out as the CPU reference's, which runs on every cell.
  SpreadKnobs knobs;
  knobs.cells = 32;
  knobs.thickness_cells = 192;
  SpreadSimulation cpu(knobs, 16.0f / 9.0f);
  ASSERT_TRUE(cpu.add_blob({{0.3f, 0.5f}, 0.1f, 0.12f, {0.9f, 0.7f, 0.6f}}));
  auto made = gpu::SpreadSolver::create(ctx(), knobs, cpu);
  ASSERT_TRUE(made) << made.error().message;
  gpu::SpreadSolver& gpu = **made;
  const double dt = 1.0 / 60.0;
  double most_run = 0.0, least_run = 1.0;
  for (int frame = 0; frame < 14; ++frame) {
    if (frame == 5) {
      const SpreadBlob dropped{{1.5f, 0.2f}, 0.08f, 0.05f, {0.2f, 0.4f, 0.9f}};
      ASSERT_TRUE(cpu.add_blob(dropped));
      ASSERT_TRUE(gpu.add_blob(dropped));
    }
    const glm::vec2 from{0.2f + 0.1f * float(frame), 0.5f};
    const std::vector<SpreadStroke> strokes{{from, from + glm::vec2(0.1f, 0.0f), 0.06f}};
    ASSERT_TRUE(step_both(gpu, cpu, dt, strokes));
    const auto stats = gpu.stats();
    ASSERT_TRUE(stats);
    most_run = std::max(most_run, stats->tiles_run);
    least_run = std::min(least_run, stats->tiles_run);
  }
  auto fields = gpu.read_fields();
  ASSERT_TRUE(fields);
  // Thickness and pigments; the coverage seen (0 to 1).
  const double worst = std::max({largest_difference(fields->thickness, cpu.thickness()),
                                 largest_difference(fields->pigments[0], cpu.pigment(0)),
                                 largest_difference(fields->pigments[1], cpu.pigment(1))});
  const double history_worst = largest_difference(fields->history, cpu.coverage());
  const auto stats = gpu.stats();
  ASSERT_TRUE(stats);
  std::printf(
      "tiles run: %.1f %% to %.1f %% of the grid's; thickness and pigments differ by %.2e at most (peak %.4f), the "
      "coverage seen by %.2e; volume %.8f GPU, %.8f CPU\n",
      100.0 * least_run, 100.0 * most_run, worst, double(cpu.max_thickness()), history_worst, stats->volume,
      cpu.volume());
  EXPECT_GT(least_run, 0.0);
  EXPECT_LT(most_run, 0.5);
  EXPECT_LT(worst, 1e-5 * double(cpu.max_thickness()));
  EXPECT_LT(history_worst, 1e-3);
  EXPECT_NEAR(stats->volume, cpu.volume(), 1e-6 * cpu.volume());
  // The tiles' marks agree with the fields, on every tile whether it ran this step or not: wet
  // where a cell holds liquid, stained where a cell shows a trace (so that the shading draws a
  // trail the liquid left even once it is dry).
  auto marks = gpu.read_tile_marks();
  ASSERT_TRUE(marks);
  const glm::ivec2 tiles = marks->tiles;
  const int nx = fields->thickness.nx, ny = fields->thickness.ny, side = shared::kSpreadThicknessTile;
  int wet = 0, stained = 0;
  for (int ty = 0; ty < tiles.y; ++ty)
    for (int tx = 0; tx < tiles.x; ++tx) {
      bool holds = false, shows = false;
      for (int j = ty * side; j < std::min((ty + 1) * side, ny); ++j)
        for (int i = tx * side; i < std::min((tx + 1) * side, nx); ++i) {
          const std::size_t k = std::size_t(j) * nx + i;
          holds = holds || fields->thickness.values[k] > 0.0f;
          shows = shows || fields->film.values[k] > 0.0f || fields->history.values[k] > shared::kSpreadTraceShown;
        }
      const std::size_t t = std::size_t(ty) * tiles.x + tx;
      EXPECT_EQ(marks->wet[t], holds) << "tile " << tx << ", " << ty;
      EXPECT_EQ(marks->stained[t], shows) << "tile " << tx << ", " << ty;
      wet += holds ? 1 : 0;
      stained += shows ? 1 : 0;
    }
  std::printf("tiles: %d wet, %d stained\n", wet, stained);
  EXPECT_GT(wet, 0);
  EXPECT_GT(stained, 0);
}

TEST_F(SpreadGpuTest, WhileNothingMovesTheStepIsSkippedAndTheLiquidStaysTheCpuReferences) {
  // A thin blob at rest: after the first step's statistics come back the GPU skips the whole step
  // (no tile runs). A thick blob dropped beside it levels under its weight, so the steps run
  // again; then a stroke stirs both. At every phase the fields are the CPU reference's, which
  // runs every step.
  SpreadKnobs knobs;
  knobs.cells = 32;
  knobs.thickness_cells = 96;
  SpreadSimulation cpu(knobs, 16.0f / 9.0f);
  ASSERT_TRUE(cpu.add_blob({{0.5f, 0.5f}, 0.15f, 0.02f, {0.9f, 0.7f, 0.6f}}));
  auto made = gpu::SpreadSolver::create(ctx(), knobs, cpu);
  ASSERT_TRUE(made) << made.error().message;
  gpu::SpreadSolver& gpu = **made;
  const double dt = 1.0 / 60.0;
  auto run = [&](int frames, const std::vector<SpreadStroke>& strokes) {
    std::vector<double> tiles_run;
    for (int frame = 0; frame < frames; ++frame) {
      EXPECT_TRUE(step_both(gpu, cpu, dt, strokes));
      tiles_run.push_back(gpu.stats().value_or(gpu::SpreadStats{}).tiles_run);
    }
    return tiles_run;
  };
  auto worst_difference = [&] {
    auto fields = gpu.read_fields();
    EXPECT_TRUE(fields);
    if (!fields) return 1.0;
    return std::max({largest_difference(fields->thickness, cpu.thickness()),
                     largest_difference(fields->pigments[0], cpu.pigment(0)),
                     largest_difference(fields->history, cpu.coverage())});
  };
  const std::vector<double> at_rest = run(6, {});
  const double rest_difference = worst_difference();
  const SpreadBlob thick{{1.2f, 0.5f}, 0.12f, 0.1f, {0.9f, 0.7f, 0.6f}};
  ASSERT_TRUE(cpu.add_blob(thick));
  ASSERT_TRUE(gpu.add_blob(thick));
  const std::vector<double> levelling = run(4, {});
  const double levelling_difference = worst_difference();
  const std::vector<double> stirred = run(4, {{{0.4f, 0.5f}, {0.5f, 0.5f}, 0.06f}});
  const double stirred_difference = worst_difference();
  std::printf(
      "tiles run at rest %.2f %.2f %.2f ..., levelling %.2f %.2f, stirred %.2f; fields differ by %.1e, %.1e, %.1e\n",
      at_rest[0], at_rest[1], at_rest[5], levelling[0], levelling[3], stirred[3], rest_difference, levelling_difference,
      stirred_difference);
  EXPECT_GT(at_rest[0], 0.0);  // the first step runs: its traces lay the coverage down
  for (std::size_t f = 1; f < at_rest.size(); ++f) EXPECT_EQ(at_rest[f], 0.0) << "frame " << f;
  for (const double t : levelling) EXPECT_GT(t, 0.0);
  EXPECT_GT(stirred.back(), 0.0);
  EXPECT_LT(rest_difference, 1e-7);
  EXPECT_LT(levelling_difference, 1e-6);
  EXPECT_LT(stirred_difference, 1e-5);
}

TEST_F(SpreadGpuTest, ABlobAddedToTheRunningLiquidMatchesTheCpuReference) {
  // Stirred for a while, then a blob of a new colour and one of an existing colour dropped into
  // the moving liquid (no restart): the GPU lays them down as the CPU reference does, and the
  // volume grows by exactly what they hold.
  SpreadKnobs knobs;
  knobs.cells = 32;
  knobs.thickness_cells = 64;
  SpreadSimulation cpu(knobs, 16.0f / 9.0f);
  ASSERT_TRUE(cpu.add_blob({{0.6f, 0.4f}, 0.22f, 0.02f, {0.9f, 0.7f, 0.6f}}));
  auto made = gpu::SpreadSolver::create(ctx(), knobs, cpu);
  ASSERT_TRUE(made) << made.error().message;
  gpu::SpreadSolver& gpu = **made;
  const double dt = 1.0 / 60.0;
  auto run = [&](int frames) {
    for (int frame = 0; frame < frames; ++frame) {
      const auto strokes = circle_stroke(cpu.time(), dt);
      ASSERT_TRUE(step_both(gpu, cpu, dt, strokes));
    }
  };
  run(6);
  // One colour: no pigment planes carried; its amount is the thickness, as the CPU's plane.
  EXPECT_EQ(gpu.pigment_planes(), 0u);
  auto one_colour = gpu.read_fields();
  ASSERT_TRUE(one_colour);
  ASSERT_EQ(one_colour->pigments.size(), 1u);
  EXPECT_LT(largest_difference(one_colour->pigments[0], cpu.pigment(0)), 1e-6 * double(cpu.max_thickness()));
  const double before = cpu.volume();
  const SpreadBlob added[] = {{{1.2f, 0.55f}, 0.15f, 0.03f, {0.2f, 0.4f, 0.9f}},
                              {{0.4f, 0.7f}, 0.1f, 0.01f, {0.9f, 0.7f, 0.6f}}};
  for (const SpreadBlob& b : added) {
    ASSERT_TRUE(cpu.add_blob(b));
    ASSERT_TRUE(gpu.add_blob(b));
  }
  const double grown = cpu.volume() - before;
  ASSERT_EQ(gpu.pigment_count(), 2u);
  // Read before the blobs are laid: a field for each colour, the new one still empty.
  auto pending = gpu.read_fields();
  ASSERT_TRUE(pending);
  ASSERT_EQ(pending->pigments.size(), 2u);
  EXPECT_EQ(largest_difference(pending->pigments[0], pending->thickness), 0.0);
  EXPECT_EQ(*std::max_element(pending->pigments[1].values.begin(), pending->pigments[1].values.end()), 0.0f);
  run(6);
  EXPECT_EQ(gpu.pigment_planes(), 2u);  // the first colour's plane laid from the thickness
  auto fields = gpu.read_fields();
  ASSERT_TRUE(fields);
  const double worst = std::max({largest_difference(fields->thickness, cpu.thickness()),
                                 largest_difference(fields->pigments[0], cpu.pigment(0)),
                                 largest_difference(fields->pigments[1], cpu.pigment(1))});
  const auto stats = gpu.stats();
  ASSERT_TRUE(stats);
  std::printf(
      "blobs added while running: the volume grew by %.8f (CPU), GPU volume %.8f against %.8f; fields differ by "
      "%.2e at most\n",
      grown, stats->volume, cpu.volume(), worst);
  EXPECT_GT(grown, 0.0);
  EXPECT_NEAR(stats->volume, before + grown, 1e-5 * cpu.volume());
  EXPECT_LT(worst, 1e-3 * double(cpu.max_thickness()));
  // A fifth colour is refused with a message, the liquid untouched.
  for (float c : {0.1f, 0.2f}) ASSERT_TRUE(gpu.add_blob({{0.5f, 0.5f}, 0.1f, 0.01f, {c, c, c}}));
  const auto refused = gpu.add_blob({{0.5f, 0.5f}, 0.1f, 0.01f, {0.3f, 0.3f, 0.3f}});
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().message.find("fifth colour"), std::string::npos);
}

// The third frame (the traces laid) of a warm blob over the skin at 160x90, its spread effect
// carrying `keys` too (JSON members, each followed by a comma; or none).
Result<ImageRgba8> blob_frame(const std::string& name, const std::string& keys) {
  const std::string scene = write_test_file(
      name + ".json",
      std::string(R"({"resolution": [160, 90], "camera": {"tonemap": "none"}, "backdrop": {"visible": false},
        "effects": [{"type": "spread", "cells": 32, "thickness_cells": 64, )") +
          keys + R"("blobs": [{"centre": [0.89, 0.5], "radius": 0.3, "amount": 0.02, "color": [0.9, 0.66, 0.5]}]}]})");
  const std::string out = test_output_path(name);
  const CliResult r = run_cli("render '" + scene + "' --out '" + out + "' --frames 3");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  return read_png(out + "/" + name + "_0002.png");
}

TEST(SpreadSceneTest, AMatcapOfTheUsersLightsTheLiquid) {
  // The same blob with the built-in light and with a pure blue matcap: the blob turns blue, the
  // skin around it does not.
  ImageRgba8 blue(4, 4);
  for (std::size_t i = 0; i < blue.pixels.size(); i += 4) blue.pixels[i + 2] = blue.pixels[i + 3] = 255;
  const std::string matcap = test_output_path("spread_blue_matcap.png");
  ASSERT_TRUE(write_png(matcap, blue));
  std::array<ImageRgba8, 2> frames;
  for (int with = 0; with < 2; ++with) {
    auto image = blob_frame("spread_matcap_" + std::to_string(with), with ? "\"matcap\": \"" + matcap + "\", " : "");
    ASSERT_TRUE(image);
    frames[std::size_t(with)] = *image;
  }
  const std::uint8_t* plain = frames[0].at(80, 45);
  const std::uint8_t* lit = frames[1].at(80, 45);
  const std::uint8_t* skin = frames[1].at(5, 5);
  std::printf("blob centre: rgb %d %d %d with the built-in light, %d %d %d with a blue matcap; skin %d %d %d\n",
              plain[0], plain[1], plain[2], lit[0], lit[1], lit[2], skin[0], skin[1], skin[2]);
  EXPECT_GT(plain[0], plain[2]);              // foundation: warm
  EXPECT_GT(lit[2], lit[0] + 40);             // lit by the blue matcap
  EXPECT_EQ(frames[0].at(5, 5)[0], skin[0]);  // the picture around it is the same
}

TEST(SpreadSceneTest, TheBandingKnobShadesTheSeedsEightBitSteps) {
  // The same blob shaded from its thickness and from the thickness rounded to 8 bits (a variant of
  // the shading of its own): the blob's shading changes, the skin around it does not.
  std::array<ImageRgba8, 2> frames;
  for (int banded = 0; banded < 2; ++banded) {
    auto image = blob_frame("spread_banding_" + std::to_string(banded),
                            std::string(R"("banding": )") + (banded ? "true" : "false") + ", ");
    ASSERT_TRUE(image);
    frames[std::size_t(banded)] = *image;
  }
  int changed = 0, most = 0;
  for (int y = 0; y < 90; ++y)
    for (int x = 0; x < 160; ++x)
      for (int c = 0; c < 3; ++c) {
        const int d = std::abs(int(frames[0].at(x, y)[c]) - int(frames[1].at(x, y)[c]));
        changed += d > 0;
        most = std::max(most, d);
      }
  std::printf("banding changed %d channels, at most by %d\n", changed, most);
  EXPECT_GT(changed, 100);
  EXPECT_GE(most, 2);
  EXPECT_EQ(std::memcmp(frames[0].at(5, 5), frames[1].at(5, 5), 4), 0);  // the skin is the same
}

// A blob at rest over the skin, rendered for 12 frames with `camera` (the scene's "camera"
// object): once its fields stop changing a frame shades it (statistic shading_kept 0), and every
// frame after computes no shading (1); those frames must be the freshly shaded one, pixel for
// pixel.
void expect_rest_frames_equal_the_shaded_one(const std::string& name, const std::string& camera) {
  const std::string scene =
      write_test_file(name + ".json", R"({"camera": )" + camera + R"(, "backdrop": {"visible": false},
          "effects": [{"type": "spread", "name": "blob", "cells": 32, "thickness_cells": 64,
                       "blobs": [{"centre": [0.89, 0.5], "radius": 0.3, "amount": 0.02}]}]})");
  const std::string out = test_output_path(name);
  std::filesystem::remove_all(out);
  const CliResult r =
      run_cli("render '" + scene + "' --out '" + out + "' --frames 12 --size 160x90 --stats '" + out + "/stats.csv'");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  std::vector<int> kept;
  for (const std::string& cell : stats_column(out + "/stats.csv", "blob.shading_kept"))
    kept.push_back(cell.empty() ? -1 : std::stoi(cell));  // empty before the first measurement
  ASSERT_EQ(kept.size(), 12u);
  const auto first_kept = std::find(kept.begin(), kept.end(), 1);
  ASSERT_NE(first_kept, kept.end()) << "no frame kept its shading";
  ASSERT_NE(first_kept, kept.begin());
  EXPECT_TRUE(std::all_of(first_kept, kept.end(), [](int k) { return k == 1; }));
  const int shaded = int(first_kept - kept.begin()) - 1;  // the last frame that shaded
  auto frame = [&](int f) {
    char file[64];
    std::snprintf(file, sizeof(file), "/%s_%04d.png", name.c_str(), f);
    return read_png(out + file);
  };
  const auto fresh = frame(shaded);
  ASSERT_TRUE(fresh);
  std::printf("frames %d to 11 show the shading of frame %d\n", shaded + 1, shaded);
  for (int f = shaded + 1; f < 12; ++f) {
    const auto laid = frame(f);
    ASSERT_TRUE(laid);
    EXPECT_EQ(laid->pixels, fresh->pixels) << "frame " << f;
  }
}

TEST(SpreadSceneTest, AFrameWhereNothingMovesKeepsTheLastPicture) {
  // A still camera: the whole frame keeps its last picture (no passes but the steps).
  expect_rest_frames_equal_the_shaded_one("spread_still", R"({"tonemap": "none"})");
}

TEST(SpreadSceneTest, ALiquidAtRestUnderAMovingCameraLaysItsKeptShading) {
  // The camera moves (the frame is drawn again) but the liquid over its own picture does not:
  // the spread lays the shading it kept instead of shading again.
  expect_rest_frames_equal_the_shaded_one("spread_at_rest",
                                          R"({"tonemap": "none", "keys": [{"time": 2, "position": [0.5, 1.5, 3]}]})");
}

TEST_F(SpreadGpuTest, AKeptPictureIsTheDrawnOneAndAnyChangeDrawsAgain) {
  // Two players of one scene, a blob at rest: one keeps the still frames' pictures (the
  // default), the other draws every frame. Every frame's picture is the same in both; the first
  // keeps some, the second none. A knob, a view, a write to the output or a stroke after still
  // frames draws the next frame again, and that is the drawn one too; during the stroke the
  // keeping one tonemaps only the tiles the liquid covered or covers, to the same picture.
  auto s = scene::parse_scene(R"({"camera": {"tonemap": "none"}, "backdrop": {"visible": false},
      "effects": [{"type": "spread", "name": "blob", "cells": 32, "thickness_cells": 64,
                   "blobs": [{"centre": [0.89, 0.5], "radius": 0.3, "amount": 0.02}]}]})",
                              "still.json");
  ASSERT_TRUE(s) << s.error().message;
  auto keeping = scene::ScenePlayer::create(ctx(), *s, 160, 90);
  auto drawing = scene::ScenePlayer::create(ctx(), *s, 160, 90);
  ASSERT_TRUE(keeping && drawing);
  (*drawing)->renderer().set_keep_still_frames(false);
  int kept = 0;
  // One frame of both (advanced first but for the first); whether the keeping one kept it.
  const auto frame = [&](int f) {
    bool frame_kept = false;
    for (scene::ScenePlayer* p : {keeping->get(), drawing->get()}) {
      if (f > 0) {
        EXPECT_TRUE(p->advance(1.0 / 30.0));
      }
      const auto picture = p->render();
      EXPECT_TRUE(picture) << picture.error().message;
      if (p == keeping->get()) {
        frame_kept = p->renderer().kept_last_picture();
      }
      if (p == drawing->get()) {
        EXPECT_FALSE(p->renderer().kept_last_picture());
        const auto kept_picture = read_image_rgba8(ctx(), (*keeping)->renderer().targets().output);
        EXPECT_TRUE(kept_picture && kept_picture->pixels == picture->pixels) << "frame " << f;
      }
    }
    kept += frame_kept;
    return frame_kept;
  };
  int f = 0;
  for (; f < 8; ++f) frame(f);
  EXPECT_GE(kept, 5) << "a blob at rest should keep most frames";
  ASSERT_TRUE(frame(f++)) << "still frames";
  // A knob the shading reads.
  for (scene::ScenePlayer* p : {keeping->get(), drawing->get()}) ASSERT_TRUE(p->set_knob("blob", "shine", 1.5));
  EXPECT_FALSE(frame(f++)) << "after a knob changed";
  EXPECT_TRUE(frame(f++));
  // The view.
  for (scene::ScenePlayer* p : {keeping->get(), drawing->get()}) {
    Camera camera = p->camera();
    camera.position.x += 0.5f;
    p->set_camera(camera);
  }
  EXPECT_FALSE(frame(f++)) << "after the view changed";
  EXPECT_TRUE(frame(f++));
  // The output taken for writing by someone else (a host's pass over it): the next frame is
  // drawn again.
  gpu::Image& output = (*keeping)->renderer().targets().output;
  ASSERT_TRUE(ctx().submit_and_wait([&](VkCommandBuffer cmd) { output.use(cmd, gpu::access::kComputeWrite); }));
  EXPECT_FALSE(frame(f++)) << "after the output was written";
  EXPECT_TRUE(frame(f++));
  // A stroke through the blob.
  scene::InputEvent e;
  e.kind = scene::InputKind::press;
  e.position = {0.3f, 0.5f};
  for (scene::ScenePlayer* p : {keeping->get(), drawing->get()}) EXPECT_TRUE(p->input(e));
  e.kind = scene::InputKind::drag;
  e.held = true;
  e.position = {0.7f, 0.5f};
  for (scene::ScenePlayer* p : {keeping->get(), drawing->get()}) EXPECT_TRUE(p->input(e));
  // While it moves, the frame is the last one but on the tiles the liquid covered or covers: only
  // those are tonemapped again.
  int redrawn = 0;
  for (int stroke = 0; stroke < 6; ++stroke) {
    EXPECT_FALSE(frame(f++)) << "during a stroke";
    redrawn += (*keeping)->renderer().redrew_listed_tiles();
    EXPECT_FALSE((*drawing)->renderer().redrew_listed_tiles());
    e.position.y += 0.05f;
    for (scene::ScenePlayer* p : {keeping->get(), drawing->get()}) EXPECT_TRUE(p->input(e));
  }
  EXPECT_GE(redrawn, 5);
  // Laid out anew (a knob that re-grids), the liquid is the blob again: the tiles the strokes
  // had spread it over are the picture again, and they too are tonemapped anew.
  e.kind = scene::InputKind::release;
  for (scene::ScenePlayer* p : {keeping->get(), drawing->get()}) {
    EXPECT_TRUE(p->input(e));
    ASSERT_TRUE(p->set_knob("blob", "thickness_cells", 48.0));
  }
  EXPECT_FALSE(frame(f++)) << "after the liquid was laid out anew";
  EXPECT_TRUE((*keeping)->renderer().redrew_listed_tiles());
  std::printf("%d of %d frames kept their picture\n", kept, f);
}

// Among the opaque passes, the whole colour painted magenta; and whether the frame said a later
// pass would cover it.
class PaintTheColour : public gpu::FramePasses {
 public:
  void record_opaque(gpu::FrameContext& frame) override {
    told_covered = frame.color_covered;
    gpu::Image& color = frame.targets.color;
    color.use(frame.cmd, gpu::access::kTransferDst);
    const VkClearColorValue magenta{{1.0f, 0.0f, 1.0f, 1.0f}};
    const VkImageSubresourceRange all{VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
    vkCmdClearColorImage(frame.cmd, color.handle(), VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &magenta, 1, &all);
  }
  bool samples_scene_copy() const override { return false; }
  bool told_covered = false;
};

TEST_F(SpreadGpuTest, OverAPictureOfItsOwnTheSpreadCoversTheFrameSoItsColourIsNotCleared) {
  // Over the skin every pixel is the spread's: what the passes before it drew in colour never
  // shows, so the frame is not cleared (the room clears the depth only). Over the scene it
  // covers nothing, and the frame clears as before.
  for (const std::string background : {"skin", "scene"}) {
    SCOPED_TRACE(background);
    auto s = scene::parse_scene(R"({"camera": {"tonemap": "none"}, "backdrop": {"visible": false},
        "effects": [{"type": "spread", "name": "blob", "cells": 32, "thickness_cells": 64, "background": ")" +
                                    background +
                                    R"(", "blobs": [{"centre": [0.89, 0.5], "radius": 0.3, "amount": 0.02}]}]})",
                                "covered.json");
    ASSERT_TRUE(s) << s.error().message;
    auto player = scene::ScenePlayer::create(ctx(), *s, 160, 90);
    ASSERT_TRUE(player);
    auto room = gpu::Room::create(ctx(), s->backdrop);
    auto effects = (*player)->effect_passes();
    ASSERT_TRUE(room && effects);
    PaintTheColour paint;
    std::vector<gpu::FramePasses*> plain{room->get()}, painted{room->get(), &paint};
    plain.insert(plain.end(), effects->begin(), effects->end());
    painted.insert(painted.end(), effects->begin(), effects->end());
    gpu::FrameView view = gpu::FrameView::through((*player)->camera(), 160, 90);
    view.lighting = (*room)->lighting();
    for (int frame = 0; frame < 3; ++frame) {
      ASSERT_TRUE((*player)->advance(1.0 / 30.0));
      view.time = (*player)->time();
      const auto drawn = (*player)->renderer().render(view, plain);
      const auto over_paint = (*player)->renderer().render(view, painted);
      ASSERT_TRUE(drawn && over_paint);
      EXPECT_EQ(paint.told_covered, background == "skin");
      if (background == "skin") {
        EXPECT_TRUE(drawn->pixels == over_paint->pixels) << "frame " << frame << ": the paint shows through";
      } else {
        // Over the scene the paint is the picture under the liquid: its corner, far from the blob.
        const std::uint8_t* corner = over_paint->at(0, 0);
        EXPECT_GT(corner[0], 200);
        EXPECT_LT(corner[1], 50);
      }
    }
  }
}

TEST(SpreadSceneTest, ThePictureUnderTheLiquidIsStretchedOverTheFrameAtEverySize) {
  // A picture of four coloured quarters under a small blob: away from the blob each quarter of
  // the frame shows its colour, at two frame sizes (the picture is resampled for each).
  ImageRgba8 quarters(8, 8);
  const std::uint8_t colours[4][3] = {{200, 40, 40}, {40, 200, 40}, {40, 40, 200}, {200, 200, 40}};
  for (int y = 0; y < 8; ++y)
    for (int x = 0; x < 8; ++x) {
      const std::uint8_t* c = colours[(y / 4) * 2 + x / 4];
      std::copy(c, c + 3, quarters.at(x, y));
      quarters.at(x, y)[3] = 255;
    }
  const std::string picture = test_output_path("spread_quarters.png");
  ASSERT_TRUE(write_png(picture, quarters));
  const std::string scene = write_test_file("spread_picture.json",
                                            R"({"camera": {"tonemap": "none"}, "backdrop": {"visible": false},
          "effects": [{"type": "spread", "cells": 32, "thickness_cells": 64, "background": "image",
                       "image": ")" + picture + R"(",
                       "blobs": [{"centre": [0.89, 0.5], "radius": 0.1, "amount": 0.02}]}]})");
  for (const char* size : {"160x90", "96x96"}) {
    SCOPED_TRACE(size);
    const std::string out = test_output_path(std::string("spread_picture_") + size);
    const CliResult r = run_cli("render '" + scene + "' --out '" + out + "' --frames 1 --size " + size);
    ASSERT_EQ(r.exit_code, 0) << r.output;
    auto image = read_png(out + "/spread_picture_0000.png");
    ASSERT_TRUE(image);
    const int w = image->width, h = image->height;
    const int probes[4][2] = {
        {w / 8, h / 8}, {w - 1 - w / 8, h / 8}, {w / 8, h - 1 - h / 8}, {w - 1 - w / 8, h - 1 - h / 8}};
    for (int q = 0; q < 4; ++q) {
      const std::uint8_t* seen = image->at(probes[q][0], probes[q][1]);
      for (int k = 0; k < 3; ++k) EXPECT_NEAR(seen[k], colours[q][k], 3) << "quarter " << q << " channel " << k;
    }
  }
}

TEST(SpreadSceneTest, ABlobOverTheWholeFrameIsShadedOnEveryTile) {
  // 1280x720 is 14,400 tiles of 8 x 8, all covered: the shading's indirect dispatch runs in rows
  // (kSpreadTilesPerRow), and every pixel shows the blue liquid, none the warm skin under it.
  const std::string scene = write_test_file("spread_everywhere.json",
                                            R"({"camera": {"tonemap": "none"}, "backdrop": {"visible": false},
          "effects": [{"type": "spread", "cells": 32, "thickness_cells": 64,
                       "blobs": [{"centre": [0.89, 0.5], "radius": 2.0, "amount": 0.05, "color": [0.1, 0.2, 0.9]}]}]})");
  const std::string out = test_output_path("spread_everywhere");
  const CliResult r = run_cli("render '" + scene + "' --out '" + out + "' --frames 1 --size 1280x720");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  auto image = read_png(out + "/spread_everywhere_0000.png");
  ASSERT_TRUE(image);
  int warm = 0;
  for (int y = 0; y < image->height; ++y)
    for (int x = 0; x < image->width; ++x) warm += image->at(x, y)[0] >= image->at(x, y)[2];
  EXPECT_EQ(warm, 0) << "pixels showing the skin instead of the liquid";
}

}  // namespace
}  // namespace lfx::test

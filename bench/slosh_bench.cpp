// Slosh core costs: one container update, many containers with bubbles, the exact fill solve
// against triangle count, and the baked table's look-up.
#include <benchmark/benchmark.h>

#include <cmath>
#include <glm/geometric.hpp>
#include <map>
#include <memory>

#include "liquidfx/core/container/closed_mesh.h"
#include "liquidfx/core/container/fill_solver.h"
#include "liquidfx/core/container/fill_table.h"
#include "liquidfx/core/container/shapes.h"
#include "liquidfx/core/container/volume.h"
#include "liquidfx/core/slosh/liquid_container.h"

namespace {

std::shared_ptr<const lfx::ContainerShape> bottle() {
  static auto shape = *lfx::ContainerShape::create(*lfx::make_shape("bottle"), "bottle", 0.94f);
  return shape;
}

// A hand carrying the container around: smooth, never at rest.
lfx::Pose carried(double t) {
  return {glm::vec3(float(0.2 * std::sin(1.7 * t)), float(0.05 * std::sin(3.1 * t)), float(0.15 * std::cos(1.3 * t))),
          glm::angleAxis(float(0.4 * std::sin(0.9 * t)), glm::normalize(glm::vec3(0.3f, 0.2f, 1.0f)))};
}

// A minute of poses at 60 Hz, made before timing so that only the update is measured.
const std::vector<lfx::Pose>& minute_of_poses() {
  static const std::vector<lfx::Pose> poses = [] {
    std::vector<lfx::Pose> p(3600);
    for (std::size_t i = 0; i < p.size(); ++i) p[i] = carried(double(i) / 60.0);
    return p;
  }();
  return poses;
}

void BM_ContainerUpdate(benchmark::State& state) {
  lfx::SloshKnobs knobs;
  knobs.bubbles = 0;
  lfx::LiquidContainer c(bottle(), knobs);
  const std::vector<lfx::Pose>& poses = minute_of_poses();
  c.update(poses[0], 0.0);
  std::size_t i = 0;
  for (auto _ : state) {
    i = (i + 1) % poses.size();
    benchmark::DoNotOptimize(c.update(poses[i], 1.0 / 60.0));
  }
}
BENCHMARK(BM_ContainerUpdate);

void BM_ThousandContainersWithBubbles(benchmark::State& state) {
  lfx::SloshKnobs knobs;
  knobs.nucleation_rate = 20.0f;  // fizzy: the pools stay busy
  std::vector<lfx::LiquidContainer> containers;
  for (int i = 0; i < 1000; ++i) {
    knobs.seed = i;
    containers.emplace_back(bottle(), knobs);
  }
  double t = 0.0;
  for (auto& c : containers) c.update(carried(t), 0.0);
  for (int warm = 0; warm < 120; ++warm) {  // two seconds: the pools fill up
    t += 1.0 / 60.0;
    for (std::size_t i = 0; i < containers.size(); ++i) containers[i].update(carried(t + double(i)), 1.0 / 60.0);
  }
  int live = 0;
  for (auto _ : state) {
    t += 1.0 / 60.0;
    live = 0;
    for (std::size_t i = 0; i < containers.size(); ++i) {
      containers[i].update(carried(t + double(i)), 1.0 / 60.0);
      live += containers[i].state().live_bubbles;
    }
  }
  state.counters["live_bubbles"] = live;
}
BENCHMARK(BM_ThousandContainersWithBubbles)->Unit(benchmark::kMillisecond);

lfx::Mesh sphere_with(int segments) {
  return *lfx::close_and_orient(lfx::make_sphere(0.05f, segments, segments / 2), "sphere");
}

void BM_ExactFillSolveCold(benchmark::State& state) {
  const lfx::Mesh mesh = sphere_with(int(state.range(0)));
  const double total = lfx::volume_of(mesh).volume;
  const glm::dvec3 n = glm::normalize(glm::dvec3(0.3, 1.0, 0.2));
  for (auto _ : state) benchmark::DoNotOptimize(lfx::solve_fill(mesh, total, n, 0.37).offset);
  state.counters["triangles"] = double(mesh.triangles.size());
  state.SetComplexityN(std::int64_t(mesh.triangles.size()));
}
BENCHMARK(BM_ExactFillSolveCold)->Arg(16)->Arg(32)->Arg(64)->Arg(128)->Arg(256)->Complexity(benchmark::oN);

void BM_ExactFillSolveWarm(benchmark::State& state) {
  const lfx::Mesh mesh = sphere_with(int(state.range(0)));
  const double total = lfx::volume_of(mesh).volume;
  lfx::FillOptions options;
  double angle = 0.0;
  options.warm_start = lfx::solve_fill(mesh, total, {0, 1, 0}, 0.37).offset;
  for (auto _ : state) {
    angle += 0.01;  // the normal moves a little each frame
    const glm::dvec3 n = glm::normalize(glm::dvec3(0.3 * std::sin(angle), 1.0, 0.2));
    const lfx::FillSolution s = lfx::solve_fill(mesh, total, n, 0.37, options);
    options.warm_start = s.offset;
    benchmark::DoNotOptimize(s.offset);
  }
  state.counters["triangles"] = double(mesh.triangles.size());
  state.SetComplexityN(std::int64_t(mesh.triangles.size()));
}
BENCHMARK(BM_ExactFillSolveWarm)->Arg(16)->Arg(32)->Arg(64)->Arg(128)->Arg(256)->Complexity(benchmark::oN);

void BM_TableLookup(benchmark::State& state) {
  const lfx::FillTable& table = bottle()->table;
  std::vector<glm::vec3> directions(4096);
  for (std::size_t i = 0; i < directions.size(); ++i)
    directions[i] = glm::normalize(glm::vec3(std::sin(0.01f * float(i)), 1.0f, 0.3f * std::cos(0.013f * float(i))));
  const lfx::FillTable::Level level = table.level_of(0.42f);
  std::size_t i = 0;
  for (auto _ : state) {
    i = (i + 1) % directions.size();
    benchmark::DoNotOptimize(table.lookup(directions[i], level).offset);
  }
}
BENCHMARK(BM_TableLookup);

void BM_TableBake(benchmark::State& state) {
  const lfx::Mesh& mesh = bottle()->liquid;
  for (auto _ : state) benchmark::DoNotOptimize(lfx::FillTable::bake(mesh)->total_volume());
  state.counters["triangles"] = double(mesh.triangles.size());
}
BENCHMARK(BM_TableBake)->Unit(benchmark::kMillisecond)->Iterations(3);

}  // namespace

// Ripple core costs per frame: the pool's advance, adds and GPU packing against its capacity
// (the CPU side of `ripples.count`), and one CPU sub-step of the wave field.
#include <benchmark/benchmark.h>

#include <random>

#include "liquidfx/core/ripples/ripple_pool.h"
#include "liquidfx/core/ripples/wave_field.h"

namespace {

// A 60 Hz frame of a full pool: advance, replace four ripples (the full pool's worst case, a
// search for the least life left), pack the live ones for the GPU.
void BM_RipplePoolFrame(benchmark::State& state) {
  const std::size_t capacity = std::size_t(state.range(0));
  lfx::RipplesKnobs knobs;
  knobs.max_radius = 0.15f;
  knobs.speed = 0.01f;  // 15 s lives: the pool stays full and every add replaces a ripple
  knobs.decay = 0.0f;
  lfx::RipplePool pool(capacity);
  std::mt19937 rng(3);
  std::uniform_real_distribution<float> u(0.0f, 1.0f);
  for (std::size_t i = 0; i < capacity; ++i) pool.add({u(rng), u(rng)}, 1.0f, knobs, 0.1 * u(rng));
  for (auto _ : state) {
    pool.advance(1.0 / 60.0, knobs);
    for (int i = 0; i < 4; ++i) pool.add({u(rng), u(rng)}, 1.0f, knobs);
    benchmark::DoNotOptimize(pool.gpu({1280.0f, 720.0f}, knobs));
  }
  state.SetComplexityN(state.range(0));
}
BENCHMARK(BM_RipplePoolFrame)->Arg(8)->Arg(64)->Arg(256)->Arg(1024)->Complexity(benchmark::oN);

// One sub-step of the CPU reference wave field at 256 cells along the short side, 16:9.
void BM_WaveFieldStep(benchmark::State& state) {
  lfx::RipplesKnobs knobs;
  lfx::WaveField field(256, 16.0f / 9.0f);
  field.disturb({glm::vec4(0.8f, 0.5f, 0.02f, 0.05f)});
  const float dt = 0.5f * field.cell_size() / knobs.wave_speed;
  for (auto _ : state) field.step(dt, knobs, {});
  state.SetItemsProcessed(state.iterations() * field.width() * field.height());
}
BENCHMARK(BM_WaveFieldStep)->Unit(benchmark::kMillisecond);

}  // namespace

#include "ripple_effect.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <random>

#include "liquidfx/core/image.h"
#include "liquidfx/core/log.h"
#include "liquidfx/core/ripples/ripple_pool.h"
#include "liquidfx/core/ripples/wave_field.h"
#include "liquidfx/gpu/effects/ripple_renderer.h"

namespace lfx::scene {
namespace {

enum class Source { scene, sunset, pebbles, puzzle, image };
constexpr std::string_view kSources[] = {"scene", "sunset", "pebbles", "puzzle", "image"};
constexpr std::string_view kMasks[] = {"none", "ellipse"};

struct Swap {
  double time;
  glm::ivec2 from, to;
};
struct Touch {
  double time;
  glm::vec2 position;
  float intensity;
};
struct Drag {
  double start, end;
  std::vector<glm::vec2> path;
  glm::vec2 at(double t) const {
    const double s = std::clamp((t - start) / (end - start), 0.0, 1.0) * double(path.size() - 1);
    const std::size_t i = std::min(std::size_t(s), path.size() - 2);
    return glm::mix(path[i], path[i + 1], float(s - double(i)));
  }
};
// Sources in image UV until the frame's size turns them into short-side units.
struct UvSource {
  glm::vec2 uv;
  float radius, depth;
};
struct WaveBatch {
  WaveStepping stepping;
  std::vector<UvSource> drops, held;
};

class RippleEffect : public Effect {
 public:
  RippleKnobs knobs_;
  Source source_ = Source::scene;
  bool has_board_ = false;
  glm::vec4 board_rect_{0.05f, 0.05f, 0.95f, 0.95f};
  int columns_ = 4, rows_ = 3;
  float padding_ = 0.01f, margin_ = 0.02f;
  std::vector<std::uint32_t> tile_of_cell_;
  std::vector<Swap> swaps_;
  std::vector<Touch> touches_;
  std::vector<Drag> drags_;
  float rain_rate_ = 0.0f;
  bool keep_alive_ = false;
  glm::vec4 keep_alive_rect_{0.0f, 0.0f, 1.0f, 1.0f};  // where kept-alive ripples are spawned (uv)
  bool ellipse_mask_ = false;
  std::mt19937 rng_{1};
  double rain_budget_ = 0.0;
  double time_ = 0.0;
  RipplePool pool_{8};
  std::vector<WaveBatch> batches_;
  double carried_ = 0.0;
  UvSource pointer_{};
  bool pointer_down_ = false;
  std::unique_ptr<gpu::RippleRenderer> renderer_;
  glm::uvec2 wave_frame_{0, 0};  // frame size the wave field was made for

  float uniform() { return std::uniform_real_distribution<float>(0.0f, 1.0f)(rng_); }

  // A ripple (rings) or a drop (waves) at uv.
  void touch(glm::vec2 uv, float intensity, std::vector<UvSource>& drops) {
    if (knobs_.mode == RippleMode::rings) {
      pool_.add(uv, intensity, knobs_);
    } else {
      drops.push_back({uv, knobs_.drop_radius, knobs_.drop_depth * intensity});
    }
  }

  Result<void> advance(double dt) override {
    const double before = time_;
    time_ += dt;
    pool_.advance(dt, knobs_);
    auto due = [&](double t) { return t > before && t <= time_; };
    std::vector<UvSource> drops;
    for (const Swap& s : swaps_) {
      if (!due(s.time)) continue;
      std::swap(tile_of_cell_[std::size_t(s.from.y * columns_ + s.from.x)],
                tile_of_cell_[std::size_t(s.to.y * columns_ + s.to.x)]);
      touch(cell_uv(s.from), kSwapFromIntensity, drops);
      touch(cell_uv(s.to), kSwapToIntensity, drops);
    }
    for (const Touch& t : touches_)
      if (due(t.time)) touch(t.position, t.intensity, drops);
    rain_budget_ += dt * rain_rate_;
    for (; rain_budget_ >= 1.0; rain_budget_ -= 1.0) touch({uniform(), uniform()}, 0.6f + 0.4f * uniform(), drops);
    if (keep_alive_) {
      // Keep the pool full, every ripple somewhere in its life, spread over the keep-alive rectangle.
      const double life = pool_.remaining_life({glm::vec2(0.0f), pool_.time(), 1.0f, true}, knobs_);
      const glm::vec2 lo(keep_alive_rect_.x, keep_alive_rect_.y), hi(keep_alive_rect_.z, keep_alive_rect_.w);
      while (pool_.live() < pool_.capacity())
        pool_.add(glm::mix(lo, hi, glm::vec2(uniform(), uniform())), 1.0f, knobs_, life * uniform());
    }
    if (pointer_down_) {
      if (knobs_.mode == RippleMode::rings) pool_.add(pointer_.uv, 0.5f, knobs_);
    }
    if (knobs_.mode == RippleMode::waves) {
      WaveBatch batch;
      batch.stepping = plan_wave_steps(1.0f / float(knobs_.wave_resolution), knobs_.wave_speed, dt, &carried_);
      batch.drops = std::move(drops);
      for (const Drag& d : drags_)
        if (time_ >= d.start && time_ <= d.end)
          batch.held.push_back({d.at(time_), knobs_.drop_radius, knobs_.drop_depth});
      if (pointer_down_) batch.held.push_back(pointer_);
      batches_.push_back(std::move(batch));
    }
    return success();
  }

  glm::vec2 cell_uv(glm::ivec2 cell) const {
    // Board geometry in a unit square of the board rectangle's aspect does not depend on pixels.
    const GridRect grid = board_grid({1.0f, 1.0f});
    return RipplePool::cell_center(grid, cell.x, cell.y, {1.0f, 1.0f});
  }

  GridRect board_grid(glm::vec2 image) const {
    const float short_side = std::min(image.x, image.y);
    GridRect g;
    g.origin = glm::vec2(board_rect_.x, board_rect_.y) * image;
    g.size = glm::vec2(board_rect_.z - board_rect_.x, board_rect_.w - board_rect_.y) * image;
    g.columns = columns_;
    g.rows = rows_;
    g.padding = padding_ * short_side;
    g.margin = margin_ * short_side;
    return g;
  }

  void record_opaque(gpu::FrameContext& frame) override {
    if (source_ == Source::scene) return;
    const glm::vec2 image(float(frame.targets.width()), float(frame.targets.height()));
    const gpu::Picture picture = source_ == Source::pebbles ? gpu::Picture::pebbles
                                 : source_ == Source::image ? gpu::Picture::user
                                                            : gpu::Picture::sunset;
    if (has_board_) {
      const gpu::Board board{board_grid(image), tile_of_cell_};
      renderer_->record_picture(frame, picture, &board);
    } else {
      renderer_->record_picture(frame, picture, nullptr);
    }
  }

  void record_post(gpu::FrameContext& frame) override {
    const glm::vec2 image(float(frame.targets.width()), float(frame.targets.height()));
    const float caustic_time = float(std::fmod(time_ * knobs_.caustic_speed, 2.0 * 3.14159265358979 * 1000.0));
    if (knobs_.mode == RippleMode::rings) {
      const std::vector<shared::RippleGpu> ripples = pool_.gpu(image, knobs_);
      renderer_->record_rings(frame, ripples, knobs_, caustic_time);
      return;
    }
    const float short_side = std::min(image.x, image.y);
    if (wave_frame_ != glm::uvec2(image)) {
      const float aspect = image.x / image.y;
      WaveField layout(knobs_.wave_resolution, aspect);
      std::vector<std::uint8_t> mask;
      if (ellipse_mask_) {
        mask.resize(std::size_t(layout.width()) * layout.height());
        for (int y = 0; y < layout.height(); ++y)
          for (int x = 0; x < layout.width(); ++x) {
            const glm::vec2 q = (glm::vec2(float(x), float(y)) + 0.5f) /
                                    glm::vec2(float(layout.width()), float(layout.height())) * 2.0f -
                                1.0f;
            mask[std::size_t(y) * layout.width() + x] = glm::dot(q / 0.92f, q / 0.92f) <= 1.0f ? 1 : 0;
          }
      }
      if (auto r = renderer_->configure_waves(layout.width(), layout.height(), layout.cell_size(), mask); !r) {
        log_error(r.error().message);
        return;
      }
      wave_frame_ = glm::uvec2(image);
    }
    // Every batch of sub-steps since the last frame drawn, in order (a skipped frame keeps its steps).
    auto to_short = [&](const std::vector<UvSource>& list) {
      std::vector<shared::WaveSource> out;
      for (const UvSource& s : list) out.push_back({glm::vec4(s.uv * image / short_side, s.radius, s.depth)});
      return out;
    };
    for (const WaveBatch& batch : batches_)
      renderer_->record_wave_steps(frame, batch.stepping, to_short(batch.drops), to_short(batch.held), knobs_);
    batches_.clear();
    renderer_->record_wave_shading(frame, knobs_, caustic_time);
  }

  std::vector<EffectStat> stats() const override {
    return {{"live ripples", double(pool_.live())}, {"pool capacity", double(pool_.capacity())}};
  }

  void pointer(const PointerEvent& e) override {
    if (e.pressed && !pointer_down_) {
      std::vector<UvSource> drops;
      touch(e.position, 1.0f, drops);
      if (!drops.empty() && !batches_.empty()) batches_.back().drops.push_back(drops.front());
    }
    pointer_down_ = e.pressed;
    pointer_ = {e.position, knobs_.drop_radius, knobs_.drop_depth};
  }
};

Result<glm::vec2> read_uv(const JsonObject& o, std::string_view key) {
  auto v = o.raw(key);
  if (!v || !v->is_array() || v->size() != 2 || !(*v)[0].is_number() || !(*v)[1].is_number())
    return o.error_at(key, "expected [u, v] with each in [0, 1]");
  const glm::vec2 uv((*v)[0].get<float>(), (*v)[1].get<float>());
  if (uv.x < 0 || uv.x > 1 || uv.y < 0 || uv.y > 1) return o.error_at(key, "expected [u, v] with each in [0, 1]");
  return uv;
}

// An optional [x0, y0, x1, y1] rectangle in image fractions; *rect keeps its default when absent.
Result<void> read_rect(const JsonObject& o, std::string_view key, glm::vec4* rect) {
  const nlohmann::json* v = o.raw(key);
  if (!v) return success();
  const char* expected = "expected [x0, y0, x1, y1] with 0 <= x0 <= x1 <= 1 and 0 <= y0 <= y1 <= 1";
  if (!v->is_array() || v->size() != 4) return o.error_at(key, expected);
  glm::vec4 r;
  for (int i = 0; i < 4; ++i) {
    if (!(*v)[i].is_number()) return o.error_at(key, expected);
    r[i] = (*v)[i].get<float>();
  }
  if (!(r.x >= 0 && r.x <= r.z && r.z <= 1 && r.y >= 0 && r.y <= r.w && r.w <= 1)) return o.error_at(key, expected);
  *rect = r;
  return success();
}

Result<glm::ivec2> read_cell(const JsonObject& o, std::string_view key, int columns, int rows) {
  auto v = o.raw(key);
  const std::string expected =
      "expected [column, row] inside the " + std::to_string(columns) + " x " + std::to_string(rows) + " board";
  if (!v || !v->is_array() || v->size() != 2 || !(*v)[0].is_number_integer() || !(*v)[1].is_number_integer())
    return o.error_at(key, expected);
  const glm::ivec2 cell((*v)[0].get<int>(), (*v)[1].get<int>());
  if (cell.x < 0 || cell.x >= columns || cell.y < 0 || cell.y >= rows) return o.error_at(key, expected);
  return cell;
}

}  // namespace

Result<std::unique_ptr<Effect>> create_ripple_effect(const EffectSetup& setup) {
  auto e = std::make_unique<RippleEffect>();
  const JsonObject& b = setup.block;
  if (auto r = setup.read_knobs(&e->knobs_, RippleKnobs::knobs()); !r) return r.error();
  e->pool_ = RipplePool(std::size_t(e->knobs_.count));

  auto source = b.string("source", "scene", kSources);
  if (!source) return source.error();
  e->source_ = Source(std::find(std::begin(kSources), std::end(kSources), *source) - std::begin(kSources));
  std::optional<ImageRgba8> user_picture;
  if (e->source_ == Source::image) {
    // A PNG of the user's, relative to the scene file, stretched over the frame or the board.
    auto file = b.string("image");
    if (!file) return file.error();
    auto picture = read_png(setup.scene_relative(*file));
    if (!picture) return b.error_at("image", picture.error().message);
    user_picture = std::move(picture.value());
  }
  auto board = b.object("board");
  if (!board) return board.error();
  e->has_board_ = e->source_ == Source::puzzle || *board;
  if (*board) {
    const JsonObject& o = **board;
    auto columns = o.integer("columns", {1, 64}, 4);
    auto rows = o.integer("rows", {1, 64}, 3);
    auto padding = o.number("padding", {0.0, 0.2}, 0.01);
    auto margin = o.number("margin", {0.0, 0.3}, 0.02);
    for (auto* r : {&columns, &rows})
      if (!*r) return r->error();
    for (auto* r : {&padding, &margin})
      if (!*r) return r->error();
    e->columns_ = *columns;
    e->rows_ = *rows;
    e->padding_ = float(*padding);
    e->margin_ = float(*margin);
    if (auto r = read_rect(o, "rect", &e->board_rect_); !r) return r.error();
    if (e->board_rect_.x == e->board_rect_.z || e->board_rect_.y == e->board_rect_.w)
      return o.error_at("rect", "the board needs a width and a height");
    if (auto r = o.finish(); !r) return r.error();
  }
  e->tile_of_cell_.resize(std::size_t(e->columns_ * e->rows_));
  for (std::size_t i = 0; i < e->tile_of_cell_.size(); ++i) e->tile_of_cell_[i] = std::uint32_t(i);

  auto swaps = b.objects("swaps");
  if (!swaps) return swaps.error();
  for (const JsonObject& s : *swaps) {
    auto time = s.number("time", {0.0, 3600.0});
    if (!time) return time.error();
    auto from = read_cell(s, "from", e->columns_, e->rows_);
    if (!from) return from.error();
    auto to = read_cell(s, "to", e->columns_, e->rows_);
    if (!to) return to.error();
    if (auto r = s.finish(); !r) return r.error();
    e->swaps_.push_back({*time, *from, *to});
  }
  auto touches = b.objects("touches");
  if (!touches) return touches.error();
  for (const JsonObject& t : *touches) {
    auto time = t.number("time", {0.0, 3600.0});
    if (!time) return time.error();
    auto position = read_uv(t, "position");
    if (!position) return position.error();
    auto intensity = t.number("intensity", {0.0, 10.0}, 1.0);
    if (!intensity) return intensity.error();
    if (auto r = t.finish(); !r) return r.error();
    e->touches_.push_back({*time, *position, float(*intensity)});
  }
  auto drags = b.objects("drags");
  if (!drags) return drags.error();
  for (const JsonObject& d : *drags) {
    auto start = d.number("start", {0.0, 3600.0});
    if (!start) return start.error();
    auto end = d.number("end", {0.0, 3600.0});
    if (!end) return end.error();
    if (*end <= *start) return d.error_at("end", "must be after start");
    const nlohmann::json* path = d.raw("path");
    if (!path || !path->is_array() || path->size() < 2)
      return d.error_at("path", "expected at least two [u, v] points");
    Drag drag{*start, *end, {}};
    for (const auto& point : *path) {
      if (!point.is_array() || point.size() != 2 || !point[0].is_number() || !point[1].is_number())
        return d.error_at("path", "expected [u, v] points");
      drag.path.emplace_back(point[0].get<float>(), point[1].get<float>());
    }
    if (auto r = d.finish(); !r) return r.error();
    e->drags_.push_back(std::move(drag));
  }
  auto rain = b.object("rain");
  if (!rain) return rain.error();
  if (*rain) {
    auto rate = (*rain)->number("rate", {0.0, 10000.0});
    if (!rate) return rate.error();
    auto seed = (*rain)->integer("seed", {0, 1 << 30}, 1);
    if (!seed) return seed.error();
    if (auto r = (*rain)->finish(); !r) return r.error();
    e->rain_rate_ = float(*rate);
    e->rng_.seed(std::uint32_t(*seed));
  }
  auto mask = b.string("mask", "none", kMasks);
  if (!mask) return mask.error();
  e->ellipse_mask_ = *mask == "ellipse";
  auto keep_alive = b.boolean("keep_alive", false);
  if (!keep_alive) return keep_alive.error();
  e->keep_alive_ = *keep_alive;
  if (auto r = read_rect(b, "keep_alive_rect", &e->keep_alive_rect_); !r) return r.error();
  if (auto r = b.finish(); !r) return r.error();

  auto renderer = gpu::RippleRenderer::create(setup.ctx);
  if (!renderer) return renderer.error();
  e->renderer_ = std::move(renderer.value());
  if (user_picture)
    if (auto r = e->renderer_->set_user_picture(*user_picture); !r) return b.error_at("image", r.error().message);
  return std::unique_ptr<Effect>(std::move(e));
}

}  // namespace lfx::scene

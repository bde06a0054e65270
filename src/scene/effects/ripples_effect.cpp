#include "ripples_effect.h"

#include <optional>

#include "liquidfx/core/image.h"
#include "liquidfx/core/ripples/ripples_knobs.h"
#include "liquidfx/core/ripples/ripples_simulation.h"
#include "liquidfx/gpu/effects/ripples_renderer.h"
#include "liquidfx/scene/pointer_drag.h"
#include "liquidfx/scene/scripted_input.h"

namespace lfx::scene {
namespace {

enum class Source { scene, sunset, pebbles, puzzle, image };
constexpr std::string_view kSources[] = {"scene", "sunset", "pebbles", "puzzle", "image"};
constexpr std::string_view kMasks[] = {"none", "ellipse"};

struct Swap {
  double time;
  glm::ivec2 from, to;
};

class RipplesEffect : public Effect {
 public:
  RipplesEffect(std::string name, RipplesSetup setup, ScriptedInput script, std::vector<Swap> swaps,
                const RipplesKnobs& knobs)
      : name_(std::move(name)),
        knobs_(knobs),
        sim_(knobs_, std::move(setup)),
        script_(std::move(script)),
        swaps_(std::move(swaps)) {}

  std::vector<KnobGroup> knob_groups() override { return {{name_, RipplesKnobs::knobs(), &knobs_}}; }

  Result<void> knob_changed(const KnobGroup&, const KnobSpec&) override {
    sim_.knobs_changed();
    return success();
  }

  Result<void> advance(double dt) override {
    const double t0 = sim_.time(), t1 = t0 + dt;
    RipplesInput in;
    for (const Swap& s : swaps_)
      if (happens_in_step(s.time, t0, t1)) in.swaps.emplace_back(s.from, s.to);
    script_.step(t0, dt, in.touches, in.held);
    in.touches.insert(in.touches.end(), pressed_.begin(), pressed_.end());
    pressed_.clear();
    if (pointer_) in.held.push_back(*pointer_);
    sim_.advance(dt, in);
    return success();
  }

  std::vector<gpu::FramePasses*> passes() override { return {renderer_.get()}; }

  std::vector<EffectStat> stats() const override {
    return {{"live_ripples", double(sim_.pool().live())}, {"pool_capacity", double(sim_.pool().capacity())}};
  }

  // A press drops a ripple; a held button keeps pressing the water where the pointer is.
  bool input(const InputEvent& e) override {
    return drag_.handle(e, {.start =
                                [&](const InputEvent& press) {
                                  pressed_.push_back({press.position, 1.0f});
                                  pointer_ = press.position;
                                  return true;
                                },
                            .move = [&](const InputEvent& moved) { pointer_ = moved.position; },
                            .end = [&](const InputEvent&) { pointer_.reset(); }});
  }

  std::string name_;
  RipplesKnobs knobs_;
  RipplesSimulation sim_;
  ScriptedInput script_;
  std::vector<Swap> swaps_;
  std::unique_ptr<gpu::RipplesRenderer> renderer_;
  std::vector<Touch> pressed_;
  std::optional<glm::vec2> pointer_;
  PointerDrag drag_;
};

Result<RipplesBoard> read_board(const JsonObject& o) {
  RipplesBoard board;
  LFX_TRY_ASSIGN(board.columns, o.integer("columns", {1, 64}, 4));
  LFX_TRY_ASSIGN(board.rows, o.integer("rows", {1, 64}, 3));
  LFX_TRY_ASSIGN(const double padding, o.number("padding", {0.0, 0.2}, 0.01));
  LFX_TRY_ASSIGN(const double margin, o.number("margin", {0.0, 0.3}, 0.02));
  LFX_TRY_ASSIGN(board.rect, o.rect("rect", board.rect));
  if (board.rect.x == board.rect.z || board.rect.y == board.rect.w)
    return o.error_at("rect", "the board needs a width and a height");
  LFX_TRY(o.finish());
  board.padding = float(padding);
  board.margin = float(margin);
  return board;
}

}  // namespace

Result<std::unique_ptr<Effect>> create_ripples_effect(const EffectSetup& setup) {
  const JsonObject& b = setup.block;
  RipplesKnobs knobs;
  LFX_TRY(b.knobs(&knobs, RipplesKnobs::knobs()));

  LFX_TRY_ASSIGN(const std::size_t source_index, b.choice("source", "scene", kSources));
  const auto source = Source(source_index);
  std::optional<ImageRgba8> user_picture;
  if (source == Source::image) {
    // A PNG of the user's, relative to the scene file, stretched over the frame or the board.
    LFX_TRY_ASSIGN(const std::string file, b.string("image"));
    if (setup.device) {
      auto picture = read_png(setup.scene_relative(file));
      if (!picture) return b.error_at("image", picture.error().message);
      user_picture = std::move(picture.value());
    }
  } else if (b.has("image")) {
    return b.error_at("image", "is read only with \"source\": \"image\"; add that, or remove image");
  }

  RipplesSetup ripples;
  LFX_TRY_ASSIGN(const auto board, b.object("board"));
  if (board) {
    LFX_TRY_ASSIGN(ripples.board, read_board(*board));
  } else if (source == Source::puzzle) {
    ripples.board = RipplesBoard{};
  }
  const int columns = ripples.board ? ripples.board->columns : 0, rows = ripples.board ? ripples.board->rows : 0;
  std::vector<Swap> swaps;
  LFX_TRY_ASSIGN(const auto swap_blocks, b.objects("swaps"));
  if (!swap_blocks.empty() && !ripples.board)
    return b.error_at("swaps", "swaps need a board (\"board\" or \"source\": \"puzzle\")");
  for (const JsonObject& s : swap_blocks) {
    LFX_TRY_ASSIGN(const double time, s.number("time", {0.0, 3600.0}));
    LFX_TRY_ASSIGN(const glm::ivec2 from, s.cell("from", columns, rows));
    LFX_TRY_ASSIGN(const glm::ivec2 to, s.cell("to", columns, rows));
    LFX_TRY(s.finish());
    swaps.push_back({time, from, to});
  }
  LFX_TRY_ASSIGN(auto script, ScriptedInput::read(b));
  LFX_TRY_ASSIGN(const std::string mask, b.string("mask", "none", kMasks));
  ripples.mask = mask == "ellipse" ? RipplesMask::ellipse : RipplesMask::none;
  LFX_TRY_ASSIGN(ripples.keep_alive, b.boolean("keep_alive", false));
  LFX_TRY_ASSIGN(ripples.keep_alive_rect, b.rect("keep_alive_rect", ripples.keep_alive_rect));
  LFX_TRY(b.finish());
  if (!setup.device) return std::unique_ptr<Effect>();  // checked only

  auto e = std::make_unique<RipplesEffect>(setup.instance.name, std::move(ripples), std::move(script), std::move(swaps),
                                           knobs);
  LFX_TRY_ASSIGN(e->renderer_, gpu::RipplesRenderer::create(*setup.device, e->sim_));
  switch (source) {
    case Source::scene:
      break;
    case Source::sunset:
    case Source::puzzle:
      e->renderer_->set_picture(gpu::Picture::sunset);
      break;
    case Source::pebbles:
      e->renderer_->set_picture(gpu::Picture::pebbles);
      break;
    case Source::image:
      e->renderer_->set_picture(gpu::Picture::user);
      if (auto r = e->renderer_->set_user_picture(*user_picture); !r) return b.error_at("image", r.error().message);
      break;
  }
  return std::unique_ptr<Effect>(std::move(e));
}

}  // namespace lfx::scene

#include "liquidfx/gpu/effects/spread_solver.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <glm/geometric.hpp>
#include <utility>

#include "liquidfx/gpu/barriers.h"
#include "liquidfx/gpu/detail/descriptors.h"
#include "liquidfx/gpu/transfer.h"

namespace lfx::gpu {
namespace {

constexpr VkBufferUsageFlags kStorage =
    VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT;
constexpr std::uint32_t kStatistics = 5;  // reduce.comp's partials an invocation

void compute_barrier(VkCommandBuffer cmd) {
  memory_barrier(
      cmd, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT,
      VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT | VK_ACCESS_2_TRANSFER_WRITE_BIT,
      VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT,
      VK_ACCESS_2_SHADER_STORAGE_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT | VK_ACCESS_2_TRANSFER_READ_BIT);
}

std::uint32_t groups(std::uint32_t threads, std::uint32_t size) {
  return (std::max(threads, 1u) + size - 1) / size;
}

// Invocations that cover both axes' faces of a grid of `cells` (one pass computes a face of each).
std::uint32_t face_invocations(glm::ivec2 cells) {
  return std::uint32_t(std::max((cells.x + 1) * cells.y, cells.x * (cells.y + 1)));
}

// `texels`: the passes also read it as texels (Buffer::word_texels).
Result<Buffer> device_buffer(Context& ctx, std::size_t floats, const char* name, bool texels) {
  // Indirect: the control buffer holds the sub-steps' dispatch arguments.
  const VkBufferUsageFlags usage = kStorage | VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT |
                                   (texels ? VkBufferUsageFlags(VK_BUFFER_USAGE_STORAGE_TEXEL_BUFFER_BIT) : 0u);
  return Buffer::create(ctx, std::max<std::size_t>(floats, 1) * sizeof(float), usage, MemoryUsage::device, name);
}

}  // namespace

Result<std::unique_ptr<SpreadSolver>> SpreadSolver::create(Context& ctx, const SpreadKnobs& knobs,
                                                           const SpreadSimulation& state) {
  std::unique_ptr<SpreadSolver> s(new SpreadSolver(ctx, knobs));
  const std::uint32_t push = sizeof(shared::SpreadPush);
  const ComputePipelineSpec specs[] = {
      {&s->blob_, "spread/blob.comp", push},
      {&s->forces_, "spread/forces.comp", push},
      {&s->divergence_, "spread/divergence.comp", push},
      {&s->transport_bound_, "spread/transport_bound.comp", push},
      {&s->substeps_, "spread/substeps.comp", push},
      {&s->flux_, "spread/flux.comp", push},
      {&s->limit_, "spread/limit.comp", push},
      {&s->apply_, "spread/apply.comp", push},
      {&s->seed_, "spread/seed.comp", push},
      {&s->settle_, "spread/settle.comp", push},
      {&s->multigrid_group_, "spread/multigrid_group.comp", push},
  };
  LFX_TRY(create_compute_pipelines(ctx, specs));
  const SpecializationConstant grouped[] = {{0, shared::kSpreadTilesPerGroup}};  // tile_args.comp's kTilesPerGroup
  LFX_TRY_ASSIGN(s->tile_args_, Pipeline::compute(ctx, "spread/tile_args.comp", 0, grouped));
  // The passes with two variants, without and with their constant's bit.
  const std::pair<SpecializedComputePipeline*, std::uint32_t> two_variants[] = {
      {&s->faces_, kListedFacesBit}, {&s->sweep_, kAlongYBit}, {&s->departures_, kAlongYBit}};
  // (Each also for a liquid of one colour: a bit those without its constant ignore.)
  for (const auto& [pass, bit] : two_variants)
    for (std::uint32_t flags : {0u, bit})
      for (std::uint32_t colour : {0u, kOneColourBit}) LFX_TRY(pass->prepare(ctx, flags | colour));
  // The seed's traces without film and over film, and film traces (film always may lie there).
  for (std::uint32_t flags : {0u, kAnyFilmBit, kFilmTracesBit | kAnyFilmBit})
    for (std::uint32_t colour : {0u, kOneColourBit}) LFX_TRY(s->traces_.prepare(ctx, flags | colour));
  LFX_TRY(s->faces_.prepare(ctx, kListedFacesBit | kPlowedFacesBit));
  for (ModedPipeline* pass : {&s->advect_, &s->diffuse_, &s->gradient_, &s->reduce_, &s->multigrid_, &s->vorticity_,
                              &s->level_, &s->activate_})
    for (std::uint32_t mode = 0; mode < pass->modes; ++mode)
      for (std::uint32_t colour : {0u, kOneColourBit})
        LFX_TRY(pass->variants.prepare(ctx, mode << LFX_SPREAD_MODE_BIT0_CONSTANT | colour));
  LFX_TRY(s->reset(state));
  return s;
}

Result<void> SpreadSolver::reset(const SpreadSimulation& state) {
  const SpreadField& h = state.thickness();
  cells_ = {state.velocity_y().nx, state.velocity_x().ny};
  grid_ = {h.nx, h.ny};
  time_ = changed_at_ = state.time();
  auto zero = [](const SpreadField& f) {
    return std::all_of(f.values.begin(), f.values.end(), [](float x) { return x == 0.0f; });
  };
  flow_still_ = zero(state.velocity_x()) && zero(state.velocity_y());  // the pressure starts at zero
  last_thickness_push_ = {};
  other_buffer_empty_ = false;
  ++fields_version_;
  colors_.assign(state.pigment_colors().begin(), state.pigment_colors().end());
  pending_blobs_.clear();
  levels_.assign(1, cells_);
  while (levels_.back().x > shared::kSpreadCoarsestCells && levels_.back().y > shared::kSpreadCoarsestCells)
    levels_.push_back((levels_.back() + 1) / 2);
  level_offsets_.clear();
  std::uint32_t pressure_floats = 0;
  for (const glm::ivec2 l : levels_) {
    level_offsets_.push_back(pressure_floats);
    pressure_floats += std::uint32_t(l.x * l.y);
  }
  const std::size_t cells = std::size_t(grid_.x) * grid_.y;
  const glm::ivec2 tiles = tile_grid();
  const std::size_t tile_count = std::size_t(tiles.x) * tiles.y;
  // fields.glsl's TileFlags: five words a tile, then for each line of tiles its piled mark and
  // the range of its running tiles (two words).
  const std::size_t flag_words = 5 * tile_count + 3 * std::size_t(tiles.x + tiles.y);
  const std::size_t planes = std::size_t(kSpreadPigments) * cells;
  partial_stride_ =
      std::max(groups(std::uint32_t(tiles.x), std::uint32_t(shared::kSpreadReduceTiles)) * std::uint32_t(tiles.y),
               groups(std::uint32_t(cells_.x * cells_.y), shared::kSpreadReduceRun));

  // Every buffer made anew; the old ones are retired (frames in flight may use them).
  struct Made {
    Buffer* buffer;
    std::size_t floats;
    const char* name;
    bool texels = false;  // read as texels too (fields.glsl)
  };
  const Made made[] = {
      {&u_[0], state.velocity_x().values.size(), "spread u", true},
      {&u_[1], state.velocity_x().values.size(), "spread u", true},
      {&v_[0], state.velocity_y().values.size(), "spread v", true},
      {&v_[1], state.velocity_y().values.size(), "spread v", true},
      {&u_back_, state.velocity_x().values.size(), "spread u round trip"},
      {&v_back_, state.velocity_y().values.size(), "spread v round trip"},
      {&pressure_, pressure_floats, "spread pressure", true},
      {&rhs_, pressure_floats, "spread pressure rhs", true},
      {&h_[0], cells, "spread thickness", true},
      {&h_[1], cells, "spread thickness", true},
      {&pigments_[0], planes, "spread pigments", true},
      {&pigments_[1], planes, "spread pigments", true},
      {&film_, cells, "spread film", true},
      {&film_pigments_, planes, "spread film pigments", true},
      {&history_, cells, "spread history", true},
      {&face_x_, std::size_t(grid_.x + 1) * grid_.y, "spread faces x", true},
      {&face_y_, std::size_t(grid_.x) * (grid_.y + 1), "spread faces y", true},
      {&flux_x_, std::size_t(grid_.x + 1) * grid_.y, "spread flux x", true},
      {&flux_y_, std::size_t(grid_.x) * (grid_.y + 1), "spread flux y", true},
      {&scale_, cells, "spread outflow scale"},
      {&curl_, std::size_t(cells_.x) * cells_.y, "spread curl"},
      {&control_, shared::kSpreadControlWords, "spread control"},
      {&strokes_, shared::kSpreadMostStrokes * sizeof(shared::SpreadStrokeGpu) / sizeof(float), "spread strokes", true},
      {&partials_, kStatistics * partial_stride_, "spread statistics"},
      {&tile_flags_, flag_words, "spread tiles", true},
      {&tile_list_, 4 + 2 * tile_count, "spread tiles that run", true},  // fields.glsl's TileList
  };
  for (const Made& m : made) {
    LFX_TRY_ASSIGN(Buffer fresh, device_buffer(ctx_, m.floats, m.name, m.texels));
    ctx_.retire(std::move(*m.buffer));
    *m.buffer = std::move(fresh);
  }
  poison_pending_ = true;
  // The control's first two uints, the partials, the count of tiles the step ran on.
  LFX_TRY(readbacks_.make(ctx_, 3 * sizeof(std::uint32_t) + partials_.size(), "spread statistics read-back"));
  current_velocity_ = current_h_ = 0;
  auto upload = [&](const Buffer& b, const std::vector<float>& values, std::size_t offset = 0) {
    return upload_buffer(ctx_, b, std::as_bytes(std::span(values)), offset * sizeof(float));
  };
  LFX_TRY(upload(u_[0], state.velocity_x().values));
  LFX_TRY(upload(v_[0], state.velocity_y().values));
  LFX_TRY(upload(h_[0], h.values));
  LFX_TRY(upload(film_, state.film().values));
  film_laid_ = std::any_of(state.film().values.begin(), state.film().values.end(), [](float f) { return f != 0.0f; });
  LFX_TRY(upload(history_, state.coverage().values));
  planes_held_ = pigment_planes();
  for (std::uint32_t k = 0; k < planes_held_; ++k) {
    LFX_TRY(upload(pigments_[0], state.pigment(int(k)).values, k * cells));
    LFX_TRY(upload(film_pigments_, state.film_pigment(int(k)).values, k * cells));
  }
  // The tiles that hold liquid (activate.comp lists those within reach of one each step), and
  // those stained by film or traces (the shading's).
  std::vector<std::uint32_t> flags(flag_words, 0u);
  for (int j = 0; j < grid_.y; ++j)
    for (int i = 0; i < grid_.x; ++i) {
      const glm::ivec2 tile = glm::ivec2(i, j) / shared::kSpreadThicknessTile;
      const std::size_t at = std::size_t(tile.y) * tiles.x + tile.x;
      if (h.at(i, j) > 0.0f) flags[tile_count + at] = 1u;
      if (state.film().at(i, j) > 0.0f || state.coverage().at(i, j) > shared::kSpreadTraceShown)
        flags[3 * tile_count + at] = 1u;
    }
  LFX_TRY(upload_buffer(ctx_, tile_flags_, std::as_bytes(std::span(flags))));
  // Buffers start zeroed where nothing was uploaded (pressure and its right side - read by the
  // statistics while the flow is still and the projection skipped -, unused pigment planes).
  const std::vector<float> zeros(std::max<std::size_t>(planes, pressure_floats), 0.0f);
  LFX_TRY(upload_buffer(ctx_, pressure_, std::as_bytes(std::span(zeros.data(), pressure_floats))));
  LFX_TRY(upload_buffer(ctx_, rhs_, std::as_bytes(std::span(zeros.data(), pressure_floats))));
  for (std::uint32_t k = planes_held_; k < std::uint32_t(kSpreadPigments); ++k) {
    LFX_TRY(
        upload_buffer(ctx_, pigments_[0], std::as_bytes(std::span(zeros.data(), cells)), k * cells * sizeof(float)));
    LFX_TRY(
        upload_buffer(ctx_, film_pigments_, std::as_bytes(std::span(zeros.data(), cells)), k * cells * sizeof(float)));
  }
  return success();
}

void SpreadSolver::record_planes(VkCommandBuffer cmd) {
  if (planes_held_ != 0 || pigment_planes() == 0) return;
  // A second colour arrives: the first colour's planes are the thickness and the film, which the
  // passes carried alike (to the bit with the swept scheme, to round-off with the others, whose
  // pigments move in their donor cell's proportion); the new colours' were zeroed at reset.
  const VkBufferCopy whole{0, 0, std::size_t(grid_.x) * grid_.y * sizeof(float)};
  vkCmdCopyBuffer(cmd, h_[current_h_].handle(), pigments_[current_h_].handle(), 1, &whole);
  vkCmdCopyBuffer(cmd, film_.handle(), film_pigments_.handle(), 1, &whole);
  memory_barrier(cmd, VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                 VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                 VK_ACCESS_2_SHADER_STORAGE_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT);
  planes_held_ = pigment_planes();
}

Result<void> SpreadSolver::add_blob(const SpreadBlob& blob) {
  const int plane = pigment_plane(colors_, blob.color);  // a new colour's planes were zeroed at reset
  if (plane < 0)
    return input_error("spread: a blob of a fifth colour (at most " + std::to_string(kSpreadPigments) + ")");
  pending_blobs_.push_back({blob, std::uint32_t(plane)});
  return success();
}

void SpreadSolver::bind(VkCommandBuffer cmd, const Pipeline& pipeline, const shared::SpreadPush& push) const {
  const int cv = current_velocity_, ch = current_h_;
  pipeline.bind(cmd);
  DescriptorWrites()
      .storage_buffer(0, u_[cv].handle())
      .storage_buffer(1, v_[cv].handle())
      .storage_buffer(2, u_[1 - cv].handle())
      .storage_buffer(3, v_[1 - cv].handle())
      .storage_buffer(4, pressure_.handle())
      .storage_buffer(5, rhs_.handle())
      .storage_buffer(7, h_[ch].handle())
      .storage_buffer(8, h_[1 - ch].handle())
      .storage_buffer(9, pigments_[ch].handle())
      .storage_buffer(10, pigments_[1 - ch].handle())
      .storage_buffer(11, film_.handle())
      .storage_buffer(12, film_pigments_.handle())
      .storage_buffer(13, history_.handle())
      .storage_buffer(14, face_x_.handle())
      .storage_buffer(15, face_y_.handle())
      .storage_buffer(16, flux_x_.handle())
      .storage_buffer(17, flux_y_.handle())
      .storage_buffer(18, scale_.handle())
      .storage_buffer(19, control_.handle())
      .storage_texel_buffer(20, strokes_.word_texels())
      .storage_buffer(21, partials_.handle())
      .storage_buffer(22, curl_.handle())
      .storage_buffer(23, u_back_.handle())
      .storage_buffer(24, v_back_.handle())
      .storage_buffer(25, tile_flags_.handle())
      .storage_buffer(26, tile_list_.handle())
      .storage_texel_buffer(28, h_[ch].word_texels())
      .storage_texel_buffer(29, pigments_[ch].word_texels())
      .storage_texel_buffer(30, face_x_.word_texels())
      .storage_texel_buffer(31, face_y_.word_texels())
      .storage_texel_buffer(32, flux_x_.word_texels())
      .storage_texel_buffer(33, flux_y_.word_texels())
      .storage_texel_buffer(35, u_[cv].word_texels())
      .storage_texel_buffer(36, v_[cv].word_texels())
      .storage_texel_buffer(37, film_.word_texels())
      .storage_texel_buffer(38, pressure_.word_texels())
      .storage_texel_buffer(39, rhs_.word_texels())
      .storage_texel_buffer(41, tile_flags_.word_texels())
      .storage_texel_buffer(42, history_.word_texels())
      .storage_texel_buffer(43, tile_list_.word_texels())
      .push(ctx_, cmd, pipeline);
  pipeline.push_constants(cmd, push);
}

void SpreadSolver::dispatch(VkCommandBuffer cmd, const Pipeline& pipeline, const shared::SpreadPush& push,
                            std::uint32_t threads, std::uint32_t group) const {
  bind(cmd, pipeline, push);
  vkCmdDispatch(cmd, groups(threads, group), 1, 1);
  compute_barrier(cmd);
}

void SpreadSolver::record_v_cycle(VkCommandBuffer cmd, shared::SpreadPush push, std::size_t level,
                                  bool red_relaxed) const {
  // pressure_multigrid.cpp's v_cycle, a dispatch a step. `red_relaxed`: the restriction that
  // made this level's right side also did its first red sweep.
  const glm::ivec2 l = levels_[level];
  push.level = l;
  push.level_offset = level_offsets_[level];
  push.coarse_offset = level + 1 < levels_.size() ? level_offsets_[level + 1] : 0;
  if (in_group(level)) {
    bind(cmd, multigrid_group_, push);  // the rest of the cycle in one workgroup
    vkCmdDispatch(cmd, 1, 1, 1);
    compute_barrier(cmd);
    return;
  }
  // multigrid.comp's step `mode`, a thread a cell of `extent` (rows of 64-thread workgroups).
  auto step = [&](std::uint32_t mode, glm::ivec2 extent) {
    push.mode = mode;
    bind(cmd, multigrid_, push);
    vkCmdDispatch(cmd, groups(std::uint32_t(extent.x), 64), std::uint32_t(extent.y), 1);
    compute_barrier(cmd);
  };
  const glm::ivec2 colour_cells = shared::spread_colour_columns(l);
  // `sweeps` red-black sweeps, the first red one done already where `red_done`.
  auto sweeps = [&](int count, bool red_done) {
    for (int s = 0; s < count; ++s)
      for (std::uint32_t colour = 0; colour < 2; ++colour)
        if (s > 0 || colour > 0 || !red_done) step(colour, colour_cells);
  };
  if (level + 1 == levels_.size()) {
    sweeps(shared::kSpreadCoarsestSweeps, red_relaxed);
    return;
  }
  sweeps(shared::kSpreadSmoothing, red_relaxed);
  // The residual restricted, and where the coarser level is dispatched too, its first red sweep.
  const bool coarse_dispatched = !in_group(level + 1);
  step(coarse_dispatched ? 4 : 2, levels_[level + 1]);
  record_v_cycle(cmd, push, level + 1, coarse_dispatched);  // takes its own copy of push
  step(3, colour_cells);  // the first red sweep, with the correction prolonged as it reads
  step(1, colour_cells);
  static_assert(shared::kSpreadSmoothing >= 1);
  sweeps(shared::kSpreadSmoothing - 1, false);
}

bool SpreadSolver::in_group(std::size_t level) const {
  return levels_[level].x * levels_[level].y <= shared::kSpreadGroupLevelCells;
}

void SpreadSolver::record_tiles(VkCommandBuffer cmd, shared::SpreadPush push) const {
  // After faces.comp's fastest sweeps along each axis: the tiles within reach of liquid.
  const glm::ivec2 tiles = tile_grid();
  for (std::uint32_t mode : {0u, 1u}) {  // within reach along x, then y (listed, marks cleared)
    push.mode = mode;
    bind(cmd, activate_, push);
    Pipeline::dispatch_2d(cmd, std::uint32_t(tiles.x), std::uint32_t(tiles.y));
    compute_barrier(cmd);
  }
  record_tile_args(cmd);
}

void SpreadSolver::record_tile_args(VkCommandBuffer cmd) const {
  tile_args_.bind(cmd);
  DescriptorWrites().storage_buffer(0, tile_list_.handle()).push(ctx_, cmd, tile_args_);
  vkCmdDispatch(cmd, 1, 1, 1);
  memory_barrier(cmd, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT,
                 VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT | VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                 VK_ACCESS_2_INDIRECT_COMMAND_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_READ_BIT |
                     VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT);
}

void SpreadSolver::dispatch_tiles(VkCommandBuffer cmd, const Pipeline& pipeline, const shared::SpreadPush& push) const {
  bind(cmd, pipeline, push);
  // A workgroup kSpreadTilesPerGroup listed tiles (fields.glsl's listed_slot).
  vkCmdDispatchIndirect(cmd, tile_list_.handle(), sizeof(std::uint32_t));
  compute_barrier(cmd);
}

void SpreadSolver::record_flow(VkCommandBuffer cmd, shared::SpreadPush push, int diffusion_steps) {
  // advect.comp's last step applies the strokes' drag, the last diffusion sub-step the damping
  // where dry and the walls (face_forces.glsl); without diffusion forces.comp does.
  const std::uint32_t faces = face_invocations(cells_);
  if (knobs_.velocity_advection == SpreadVelocityAdvection::maccormack) {
    for (std::uint32_t mode : {0u, 1u, 2u}) {  // the step back, the round trip, its miss halved and taken back
      push.mode = mode;
      dispatch(cmd, advect_, push, faces);
    }
  } else {
    push.mode = 3;  // the step back, dragged
    dispatch(cmd, advect_, push, faces);
  }
  current_velocity_ = 1 - current_velocity_;
  if (knobs_.vorticity > 0.0f) {
    push.mode = 0;  // the curl
    dispatch(cmd, vorticity_, push, std::uint32_t(cells_.x * cells_.y));
    push.mode = 1;  // the confinement force on the faces
    dispatch(cmd, vorticity_, push, faces);
  }
  const int steps = knobs_.viscosity > 0.0f ? diffusion_steps : 0;
  for (int s = 0; s < steps; ++s) {
    push.mode = s + 1 == steps ? 1 : 0;  // the last damped
    dispatch(cmd, diffuse_, push, faces);
    current_velocity_ = 1 - current_velocity_;
  }
  if (steps == 0) dispatch(cmd, forces_, push, faces);
}

SpreadSolver::TileBox SpreadSolver::plowed_tiles(std::span<const shared::SpreadStrokeGpu> strokes) const {
  // faces.comp's plow_reaches: a tile whose centre lies within the stroke's radius, half a tile's
  // diagonal and a cell (here a tile) of its path; and a tile more each side against roundings.
  const float dh = 1.0f / float(knobs_.thickness_cells), tile = float(shared::kSpreadThicknessTile) * dh;
  const glm::ivec2 tiles = tile_grid();
  glm::ivec2 first = tiles, last{-1};
  for (const shared::SpreadStrokeGpu& s : strokes) {
    const float reach = s.radius + (0.5f * std::sqrt(2.0f) + 1.0f) * tile;
    first = glm::min(first, glm::ivec2(glm::floor((glm::min(s.from, s.to) - reach) / tile)) - 1);
    last = glm::max(last, glm::ivec2(glm::floor((glm::max(s.from, s.to) + reach) / tile)) + 1);
  }
  first = glm::max(first, glm::ivec2(0));
  last = glm::min(last, tiles - 1);
  if (glm::any(glm::lessThan(last, first))) return {};
  return {first, last - first + 1};
}

void SpreadSolver::record_thickness(VkCommandBuffer cmd, shared::SpreadPush push, std::uint32_t most,
                                    std::span<const shared::SpreadStrokeGpu> strokes, bool bound_raised) {
  const std::uint32_t thickness_faces = face_invocations(grid_);
  const auto thickness_cells = std::uint32_t(grid_.x * grid_.y);
  const bool swept = knobs_.thickness_scheme == SpreadThicknessScheme::swept;
  if (swept && !other_buffer_empty_) {
    // The swept scheme's y sweep reads the other buffer wherever its walks reach: it must hold
    // nothing where no tile runs (activate.comp keeps it so from here on).
    vkCmdFillBuffer(cmd, h_[1 - current_h_].handle(), 0, VK_WHOLE_SIZE, 0);
    vkCmdFillBuffer(cmd, pigments_[1 - current_h_].handle(), 0, VK_WHOLE_SIZE, 0);
    compute_barrier(cmd);
  }
  other_buffer_empty_ = swept;
  if (swept) {
    // Faces only where the step may read them: the swept scheme reads them only on the tiles
    // within reach of liquid and those its departures scan (the other schemes' sub-step count
    // is the fastest face anywhere, as the CPU reference counts it). Those tiles are listed,
    // and their faces computed (faces.comp); then the list is emptied for the step's own.
    const std::uint32_t coarse_faces = face_invocations(cells_);
    if (!bound_raised) dispatch(cmd, transport_bound_, push, coarse_faces);  // else the projection's gradient did
    const glm::ivec2 tiles = tile_grid();
    for (std::uint32_t mode : {2u, 3u}) {  // within reach along x, then y (listed)
      push.mode = mode;
      bind(cmd, activate_, push);
      Pipeline::dispatch_2d(cmd, std::uint32_t(tiles.x), std::uint32_t(tiles.y));
      compute_barrier(cmd);
    }
    record_tile_args(cmd);
    dispatch_tiles(cmd, faces_.get(kListedFacesBit), push);
    if (const TileBox box = plowed_tiles(strokes); box.count.x > 0) {
      shared::SpreadPush plowed = push;
      plowed.level = box.first;
      bind(cmd, faces_.get(kListedFacesBit | kPlowedFacesBit), plowed);
      vkCmdDispatch(cmd, groups(std::uint32_t(box.count.x), shared::kSpreadTilesPerGroup), std::uint32_t(box.count.y),
                    1);
      compute_barrier(cmd);
    }
    vkCmdFillBuffer(cmd, tile_list_.handle(), 0, sizeof(std::uint32_t), 0);
    compute_barrier(cmd);
  } else {
    dispatch(cmd, faces_.get(0), push, thickness_faces, shared::kSpreadTileFacePairs);
  }
  const bool substepped = knobs_.thickness_scheme == SpreadThicknessScheme::donor_cell ||
                          knobs_.thickness_scheme == SpreadThicknessScheme::muscl;
  if (substepped) dispatch(cmd, substeps_, push, 64, 64);  // their sub-steps' dispatches
  record_tiles(cmd, push);
  if (knobs_.thickness_scheme == SpreadThicknessScheme::swept) {
    // A line each: the x lines (rows), the y lines (columns); they write apart, flux_x and flux_y.
    dispatch(cmd, departures_.get(0u), push, std::uint32_t(grid_.y));
    dispatch(cmd, departures_.get(kAlongYBit), push, std::uint32_t(grid_.x));
    for (std::uint32_t axis = 0; axis < 2; ++axis) {  // x, then y: back in the current buffer
      dispatch_tiles(cmd, sweep_.get((axis == 1 ? kAlongYBit : 0u) | colour_bit(push)), push);
      current_h_ = 1 - current_h_;
    }
  } else if (knobs_.thickness_scheme == SpreadThicknessScheme::semi_lagrangian) {
    dispatch(cmd, seed_, push, thickness_cells);
    current_h_ = 1 - current_h_;
  } else {
    // Slot s reads the buffer the previous one wrote; after an odd number run, the closing
    // copy brings the result back into the current buffer.
    const int start = current_h_;
    auto indirect = [&](const Pipeline& pipeline, VkDeviceSize arg) {
      bind(cmd, pipeline, push);
      vkCmdDispatchIndirect(cmd, control_.handle(), arg * sizeof(std::uint32_t));
      compute_barrier(cmd);
    };
    for (std::uint32_t s = 0; s < most; ++s) {
      current_h_ = start ^ int(s & 1u);
      push.mode = s;
      const VkDeviceSize args = shared::kSpreadControlArgs + 6 * s;
      indirect(flux_, args);
      indirect(limit_, args + 3);
      indirect(apply_, args + 3);
    }
    current_h_ = 1 - start;
    indirect(settle_, shared::kSpreadControlArgs + 6 * most);
    current_h_ = start;
  }
  if (knobs_.pile_height > 0.0f)
    for (std::uint32_t axis = 0; axis < 2; ++axis) {  // x lines, then y lines, in place
      push.mode = axis;
      dispatch(cmd, level_, push, std::uint32_t(axis == 0 ? grid_.y : grid_.x));
    }
  dispatch_tiles(cmd,
                 traces_.get((knobs_.traces == SpreadTraces::film ? kFilmTracesBit : 0u) |
                             (film_laid() ? kAnyFilmBit : 0u) | colour_bit(push)),
                 push);
}

bool SpreadSolver::thickness_settled(const shared::SpreadPush& push) const {
  // With the flow still and no stroke, nothing is carried; the levelling moves liquid only above
  // the pile height, and the traces change only with the liquid or their own knobs. So once a
  // step after the last change has been read back with nothing above the height, and the traces'
  // knobs are as that step's, a step changes nothing.
  if (!flow_still_ || push.stroke_count > 0 || !pending_blobs_.empty()) return false;
  if (push.film != last_thickness_push_.film || push.options != last_thickness_push_.options ||
      push.film_laid != last_thickness_push_.film_laid)
    return false;
  const std::optional<SpreadStats> s = stats();
  return s && s->time > changed_at_ && (knobs_.pile_height <= 0.0f || s->max_thickness <= knobs_.pile_height);
}

void SpreadSolver::record_step(VkCommandBuffer cmd, double dt_seconds, std::span<const SpreadStroke> strokes,
                               GpuTimer* timer) {
  const float dt = float(dt_seconds);
  const float dx = 1.0f / float(knobs_.cells), dh = 1.0f / float(knobs_.thickness_cells);
  std::vector<shared::SpreadStrokeGpu> gpu_strokes;
  float fastest_finger = 0.0f;
  for (const SpreadStroke& s : strokes.first(std::min<std::size_t>(strokes.size(), shared::kSpreadMostStrokes))) {
    gpu_strokes.push_back({s.from, s.to, s.radius, 0.0f, 0.0f, 0.0f});
    fastest_finger = std::max(fastest_finger, glm::length(s.to - s.from) / dt);
  }
  // Sub-step slots recorded for twice the fastest finger (the plow carries the liquid at its
  // speed) or the fastest flow read back; the GPU runs as many as the flow it finds needs and
  // skips the rest (empty indirect dispatches). Past them the outflow limiter would still keep
  // every cell >= 0 and the volume.
  if (const ReadbackRing::Slot* newest = readbacks_.newest(ctx_))
    std::memcpy(&last_fastest_, newest->buffer.mapped(), sizeof(float));
  const float bound = 2.0f * std::max(fastest_finger, last_fastest_);
  const auto most =
      std::uint32_t(std::clamp(int(std::ceil(bound * dt / (knobs_.cfl * dh))), 1, shared::kSpreadMostSubsteps));
  const int diffusion_steps = shared::spread_diffusion_steps(knobs_.viscosity, dt, dx);

  shared::SpreadPush push{};
  push.cells = cells_;
  push.thickness_grid = grid_;
  push.dx = dx;
  push.dh = dh;
  push.dt = dt;
  push.stroke_count = std::uint32_t(gpu_strokes.size());
  push.drag = knobs_.drag;
  push.plow = knobs_.plow;
  push.yield_speed = knobs_.yield_speed;
  push.dry_threshold = knobs_.dry_threshold;
  push.keep = std::exp(-shared::kSpreadDryDamping * dt);
  push.diffusion = knobs_.viscosity * dt / float(diffusion_steps) / (dx * dx);
  push.pigments = pigment_planes();
  push.cfl = knobs_.cfl;
  push.most_substeps = most;
  push.film = knobs_.film;
  push.film_laid = 1.0f - std::exp(-knobs_.film_rate * dt);
  if (knobs_.traces == SpreadTraces::film) film_laid_ = true;
  push.options = (knobs_.traces == SpreadTraces::film ? 1u : 0u) |
                 (knobs_.thickness_scheme == SpreadThicknessScheme::muscl ? 2u : 0u) |
                 (knobs_.thickness_scheme == SpreadThicknessScheme::swept ? 4u : 0u);
  push.pile_height = knobs_.pile_height;
  push.partial_stride = partial_stride_;
  push.vorticity = knobs_.vorticity;
  const std::uint32_t faces = face_invocations(cells_);
  const auto thickness_cells = std::uint32_t(grid_.x * grid_.y);
  // Skipped where they would change nothing: the flow while it is still, the thickness once
  // it has settled (see flow_still_, thickness_settled).
  const bool still = flow_still_ && gpu_strokes.empty();
  const bool settled = thickness_settled(push);
  const bool had_blobs = !pending_blobs_.empty();
  {
    PassScope pass(timer, cmd, "spread velocity");
    record_planes(cmd);
    for (const PendingBlob& b : pending_blobs_) {
      shared::SpreadPush laid = push;
      laid.mode = b.plane;
      laid.blob_centre = b.blob.centre;
      laid.blob_radius = b.blob.radius;
      laid.blob_amount = b.blob.amount;
      dispatch(cmd, blob_, laid, thickness_cells);
    }
    pending_blobs_.clear();
    if (!gpu_strokes.empty()) record_buffer_update(cmd, strokes_, std::as_bytes(std::span(gpu_strokes)));
    // The previous step's passes and statistics copy are done with the sub-step counter.
    memory_barrier(cmd, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT | VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_NONE,
                   VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT);
#ifndef NDEBUG
    // Debug builds fill the buffers nothing laid out with a large value (1e6) before the first
    // step: a pass that reads what no pass wrote this step or before (a fresh buffer's memory is
    // whatever it held) then shows in the tests against the CPU reference every time, not once
    // in a while. (Recorded here, not submitted at reset: hosts see no submission of ours.)
    if (poison_pending_) {
      for (const Buffer* b : {&u_[1], &v_[1], &u_back_, &v_back_, &h_[1], &pigments_[1], &face_x_, &face_y_, &flux_x_,
                              &flux_y_, &scale_, &curl_, &partials_})
        vkCmdFillBuffer(cmd, b->handle(), 0, VK_WHOLE_SIZE, 0x49742400u);  // 1e6f
      memory_barrier(cmd, VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                     VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT);
    }
#endif
    poison_pending_ = false;
    vkCmdFillBuffer(cmd, control_.handle(), 0, VK_WHOLE_SIZE, 0);
    vkCmdFillBuffer(cmd, tile_list_.handle(), 0, sizeof(std::uint32_t), 0);
    compute_barrier(cmd);
    if (!still) record_flow(cmd, push, diffusion_steps);
  }
  if (!still) {
    PassScope pass(timer, cmd, "spread projection");
    dispatch(cmd, divergence_, push, std::uint32_t(cells_.x * cells_.y));
    for (int c = 0; c < knobs_.projection_cycles; ++c) record_v_cycle(cmd, push, 0);
    // For the swept scheme the gradient raises its bound on the transport too (mode 1).
    shared::SpreadPush projected = push;
    projected.mode = knobs_.thickness_scheme == SpreadThicknessScheme::swept ? 1 : 0;
    dispatch(cmd, gradient_, projected, faces);
  }
  if (!settled) {
    PassScope pass(timer, cmd, "spread thickness");
    record_thickness(cmd, push, most, gpu_strokes, !still);
    last_thickness_push_ = push;
  }
  time_ += dt_seconds;
  last_push_ = push;
  if (!still || !settled || had_blobs) ++fields_version_;
  if (!gpu_strokes.empty()) flow_still_ = false;
  if (!gpu_strokes.empty() || had_blobs) changed_at_ = time_;
}

void SpreadSolver::record_stats(VkCommandBuffer cmd, GpuTimer* timer) {
  PassScope pass(timer, cmd, "spread statistics");
  shared::SpreadPush push = last_push_;
  push.mode = film_laid() ? 1 : 0;
  if (reduced_version_ != fields_version_) dispatch(cmd, reduce_.get(push), push, partial_stride_, 64);
  reduced_version_ = fields_version_;
  ReadbackRing::Slot& r = readbacks_.next(ctx_, time_);
  const VkBufferCopy control{0, 0, 2 * sizeof(std::uint32_t)};
  const VkBufferCopy partials{0, 2 * sizeof(std::uint32_t), partials_.size()};
  vkCmdCopyBuffer(cmd, control_.handle(), r.buffer.handle(), 1, &control);
  vkCmdCopyBuffer(cmd, partials_.handle(), r.buffer.handle(), 1, &partials);
  const VkBufferCopy tiles{0, partials.dstOffset + partials_.size(), sizeof(std::uint32_t)};
  vkCmdCopyBuffer(cmd, tile_list_.handle(), r.buffer.handle(), 1, &tiles);
  memory_barrier(cmd, VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                 VK_PIPELINE_STAGE_2_HOST_BIT, VK_ACCESS_2_HOST_READ_BIT);
}

std::optional<SpreadStats> SpreadSolver::stats() const {
  const ReadbackRing::Slot* newest = readbacks_.newest(ctx_);
  if (!newest) return std::nullopt;
  const auto* bytes = static_cast<const std::byte*>(newest->buffer.mapped());
  // After the control's fastest speed and sub-step count (record_step reads those).
  std::vector<float> partials(kStatistics * partial_stride_);
  std::memcpy(partials.data(), bytes + 2 * sizeof(std::uint32_t), partials.size() * sizeof(float));
  SpreadStats s;
  s.time = newest->time;
  double divergence[2] = {0.0, 0.0};
  s.min_thickness = partials[partial_stride_];
  for (std::uint32_t g = 0; g < partial_stride_; ++g) {  // every invocation's share of both grids
    s.volume += partials[g];
    s.min_thickness = std::min(s.min_thickness, double(partials[partial_stride_ + g]));
    s.max_thickness = std::max(s.max_thickness, double(partials[2 * partial_stride_ + g]));
    divergence[0] += partials[3 * partial_stride_ + g];
    divergence[1] += partials[4 * partial_stride_ + g];
  }
  const double dh = 1.0 / double(knobs_.thickness_cells), cells = double(cells_.x) * cells_.y;
  s.volume *= dh * dh;
  s.divergence_after = std::sqrt(divergence[0] / cells);
  s.divergence_before = std::sqrt(divergence[1] / cells);
  std::uint32_t tiles_run = 0;
  std::memcpy(&tiles_run, bytes + 2 * sizeof(std::uint32_t) + partials_.size(), sizeof(tiles_run));
  const glm::ivec2 tiles = tile_grid();
  s.tiles_run = double(tiles_run) / (double(tiles.x) * tiles.y);
  return s;
}

Result<SpreadSolver::Fields> SpreadSolver::read_fields() {
  auto field = [&](const Buffer& b, std::size_t offset_floats) -> Result<SpreadField> {
    LFX_TRY_ASSIGN(const std::vector<std::byte> bytes, read_buffer(ctx_, b));
    SpreadField f(grid_.x, grid_.y);
    std::memcpy(f.values.data(), bytes.data() + offset_floats * sizeof(float), f.values.size() * sizeof(float));
    return f;
  };
  Fields f;
  LFX_TRY_ASSIGN(f.thickness, field(h_[current_h_], 0));
  LFX_TRY_ASSIGN(f.film, field(film_, 0));
  LFX_TRY_ASSIGN(f.history, field(history_, 0));
  // A field for each colour, as before planes could be left out: those the buffers hold; else a
  // lone colour's amount is the thickness, and a colour added since (its blob not yet laid)
  // holds nothing.
  for (std::uint32_t k = 0; k < pigment_count(); ++k) {
    if (k < planes_held_) {
      LFX_TRY_ASSIGN(SpreadField p, field(pigments_[current_h_], std::size_t(k) * grid_.x * grid_.y));
      f.pigments.push_back(std::move(p));
    } else {
      f.pigments.push_back(k == 0 ? f.thickness : SpreadField(grid_.x, grid_.y));
    }
  }
  return f;
}

Result<SpreadSolver::TileMarks> SpreadSolver::read_tile_marks() {
  LFX_TRY_ASSIGN(const std::vector<std::byte> bytes, read_buffer(ctx_, tile_flags_));
  const glm::ivec2 tiles = tile_grid();
  const auto count = std::size_t(tiles.x) * tiles.y;
  std::vector<std::uint32_t> flags(bytes.size() / sizeof(std::uint32_t));
  std::memcpy(flags.data(), bytes.data(), flags.size() * sizeof(std::uint32_t));
  TileMarks marks;
  marks.tiles = tiles;
  for (std::size_t t = 0; t < count; ++t) {  // the sections of fields.glsl's TileFlags
    marks.wet.push_back(flags[count + t] != 0);
    marks.stained.push_back(flags[3 * count + t] != 0);
  }
  return marks;
}

}  // namespace lfx::gpu

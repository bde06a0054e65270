#include "liquidfx/gpu/effects/ripples_renderer.h"

#include <algorithm>
#include <cmath>

#include "liquidfx/gpu/detail/descriptors.h"
#include "liquidfx/gpu/transfer.h"

namespace lfx::gpu {
namespace {

// An upper bound of the tile entries: every tile of each ripple's bounding box.
std::size_t entry_bound(std::span<const shared::RippleGpu> ripples, const shared::RippleParams& params,
                        glm::ivec2 image, glm::ivec2 tiles) {
  const float short_side = float(std::min(image.x, image.y));
  std::size_t total = 0;
  for (const shared::RippleGpu& r : ripples) {
    const float outer = shared::ripple_annulus(r, params).y * short_side;
    const int span = int(std::ceil(2.0f * outer / shared::kRippleTileSize)) + 2;
    total += std::size_t(std::min(span, tiles.x)) * std::size_t(std::min(span, tiles.y));
  }
  return total;
}

}  // namespace

Result<std::unique_ptr<RipplesRenderer>> RipplesRenderer::create(Context& ctx, RipplesSimulation& simulation) {
  std::unique_ptr<RipplesRenderer> r(new RipplesRenderer(ctx, simulation));
  const ComputePipelineSpec specs[] = {
      {&r->picture_pass_, "ripples/picture.comp", sizeof(shared::RipplesPicturePush)},
      {&r->board_, "ripples/board.comp", sizeof(shared::RipplesBoardPush)},
      {&r->bin_fill_, "ripples/bin_fill.comp", sizeof(shared::RipplesBinPush)},
      {&r->bin_scan_, "ripples/bin_scan.comp", sizeof(shared::RipplesBinPush)},
      {&r->rings_, "ripples/rings.comp", sizeof(shared::RipplesBinPush)},
      {&r->wave_step_, "ripples/wave_step.comp", sizeof(shared::RipplesWaveStepPush)},
      {&r->waves_shade_, "ripples/waves_shade.comp", sizeof(shared::RipplesWaveShadePush)},
  };
  if (auto made = create_compute_pipelines(ctx, specs); !made) return made.error();
  return r;
}

Result<void> RipplesRenderer::set_user_picture(const ImageRgba8& picture) {
  const std::string size = std::to_string(picture.width) + " x " + std::to_string(picture.height);
  if (picture.width <= 0 || picture.height <= 0 ||
      picture.pixels.size() != std::size_t(picture.width) * picture.height * 4)
    return input_error("ripples picture: expected width x height RGBA8 pixels, got " + size + " and " +
                       std::to_string(picture.pixels.size()) + " bytes");
  const std::uint32_t largest = ctx_.properties().limits.maxImageDimension2D;
  if (std::uint32_t(std::max(picture.width, picture.height)) > largest)
    return input_error("ripples picture: " + size + " is larger than the device's largest image, " +
                       std::to_string(largest));
  auto image =
      Image::create(ctx_, {std::uint32_t(picture.width), std::uint32_t(picture.height), VK_FORMAT_R8G8B8A8_SRGB, 1,
                           VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT, "ripples user picture"});
  if (!image) return image.error();
  LFX_TRY(upload_image(ctx_, *image, std::as_bytes(std::span(picture.pixels)), access::kComputeSampled));
  ctx_.retire(std::move(user_picture_));  // frames in flight may still show the old one
  user_picture_ = std::move(image.value());
  return success();
}

float RipplesRenderer::caustic_time() const {
  // Wrapped so that the float keeps its precision over hours; the caustics repeat every 2 pi.
  return float(std::fmod(sim_.time() * sim_.knobs().caustic_speed, 2.0 * 3.14159265358979 * 1000.0));
}

Result<void> RipplesRenderer::prepare(const FramePrepare& frame) {
  const glm::ivec2 image(int(frame.width), int(frame.height));
  if (picture_) LFX_TRY(prepare_picture(frame.width, frame.height));
  if (sim_.knobs().mode == RippleMode::rings) return prepare_rings(image);
  return prepare_waves(image);
}

Result<void> RipplesRenderer::prepare_picture(std::uint32_t width, std::uint32_t height) {
  if (*picture_ == Picture::user && !user_picture_.handle())
    return input_error("ripples: the picture is the user's, but none was given (set_user_picture)");
  if (*picture_ != Picture::user && (!picture_image_.handle() || picture_image_.width() != width ||
                                     picture_image_.height() != height || picture_kind_ != *picture_)) {
    auto image = Image::create(ctx_, {width, height, kHdrFormat, 1,
                                      VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_SAMPLED_BIT, "ripples picture"});
    if (!image) return image.error();
    ctx_.retire(std::move(picture_image_));
    picture_image_ = std::move(image.value());
    picture_kind_ = *picture_;
    picture_stale_ = true;
  }
  return ensure_device_buffer(ctx_, tiles_buffer_, sim_.tile_of_cell().size_bytes(),
                              VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT, "puzzle tiles");
}

void RipplesRenderer::record_opaque(FrameContext& frame) {
  if (!picture_) return;
  PassScope pass(frame.timer, frame.cmd, "ripples picture");
  VkCommandBuffer cmd = frame.cmd;
  Image& target = frame.targets.color;
  if (picture_stale_) {
    picture_image_.use(cmd, access::kComputeWrite);
    picture_pass_.bind(cmd);
    DescriptorWrites().storage_image(0, picture_image_.view()).push(ctx_, cmd, picture_pass_);
    picture_pass_.push_constants(cmd, shared::RipplesPicturePush{std::uint32_t(picture_kind_)});
    Pipeline::dispatch_2d(cmd, target.width(), target.height());
    picture_stale_ = false;
  }
  Image& shown = *picture_ == Picture::user ? user_picture_ : picture_image_;
  shown.use(cmd, access::kComputeSampled);
  target.use(cmd, access::kComputeWrite);
  // Without a board, the picture fills the frame as one tile.
  const glm::vec2 size(float(target.width()), float(target.height()));
  const std::optional<RipplesBoard>& board = sim_.setup().board;
  const GridRect grid = board ? board->grid(size) : GridRect{{0.0f, 0.0f}, size, 1, 1, 0.0f, 0.0f};
  record_buffer_update(cmd, tiles_buffer_, std::as_bytes(sim_.tile_of_cell()));
  board_.bind(cmd);
  DescriptorWrites()
      .sampled_image(0, shown.view(), frame.linear_clamp.handle())
      .storage_buffer(1, tiles_buffer_.handle())
      .storage_image(2, target.view())
      .push(ctx_, cmd, board_);
  const shared::RipplesBoardPush push{glm::vec4(grid.origin, grid.size), glm::ivec2(grid.columns, grid.rows),
                                      glm::vec2(grid.padding, grid.margin), board ? 4.0f : 0.0f};
  board_.push_constants(cmd, push);
  Pipeline::dispatch_2d(cmd, target.width(), target.height());
}

void RipplesRenderer::record_post(FrameContext& frame) {
  if (sim_.knobs().mode == RippleMode::rings) {
    record_rings(frame);
    return;
  }
  record_wave_steps(frame);
  record_wave_shading(frame);
}

Result<void> RipplesRenderer::prepare_rings(glm::ivec2 image) {
  ripples_gpu_ = sim_.pool().gpu(glm::vec2(image), sim_.knobs());
  const glm::ivec2 tiles((image + shared::kRippleTileSize - 1) / shared::kRippleTileSize);
  const std::size_t entries = entry_bound(ripples_gpu_, RipplePool::gpu_params(sim_.knobs()), image, tiles);
  const VkBufferUsageFlags usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
  const std::size_t tile_count = std::size_t(tiles.x) * std::size_t(tiles.y);
  struct Need {
    Buffer* buffer;
    VkDeviceSize bytes;
    const char* name;
  };
  const Need needs[] = {{&ripples_, ripples_gpu_.size() * sizeof(shared::RippleGpu), "ripples"},
                        {&tile_counts_, tile_count * sizeof(std::uint32_t), "ripple tile counts"},
                        {&tile_offsets_, tile_count * sizeof(std::uint32_t), "ripple tile offsets"},
                        {&tile_entries_, entries * sizeof(std::uint32_t), "ripple tile entries"}};
  for (const Need& n : needs) LFX_TRY(ensure_device_buffer(ctx_, *n.buffer, n.bytes, usage, n.name));
  return success();
}

void RipplesRenderer::record_rings(FrameContext& frame) {
  VkCommandBuffer cmd = frame.cmd;
  FrameTargets& t = frame.targets;
  const RipplesKnobs& knobs = sim_.knobs();
  const glm::ivec2 image(int(t.width()), int(t.height()));
  const glm::ivec2 tiles((image + shared::kRippleTileSize - 1) / shared::kRippleTileSize);
  const std::span<const shared::RippleGpu> ripples = ripples_gpu_;
  shared::RipplesBinPush push{RipplePool::gpu_params(knobs),
                              image,
                              tiles,
                              std::uint32_t(ripples.size()),
                              0,
                              glm::vec4(knobs.caustics, caustic_time(), knobs.highlight, knobs.binning ? 0.0f : 1.0f)};
  auto bind_buffers = [&](const Pipeline& p) {
    DescriptorWrites()
        .storage_buffer(0, ripples_.handle())
        .storage_buffer(1, tile_counts_.handle())
        .storage_buffer(2, tile_offsets_.handle())
        .storage_buffer(3, tile_entries_.handle())
        .push(ctx_, cmd, p);
  };
  {
    PassScope pass(frame.timer, cmd, "ripples bin");
    if (!ripples.empty()) record_buffer_update(cmd, ripples_, std::as_bytes(ripples));
    memory_barrier(cmd, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, VK_ACCESS_2_SHADER_STORAGE_READ_BIT,
                   VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT);
    vkCmdFillBuffer(cmd, tile_counts_.handle(), 0, VK_WHOLE_SIZE, 0);
    memory_barrier(cmd, VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                   VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                   VK_ACCESS_2_SHADER_STORAGE_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT);
    const std::uint32_t groups = (std::uint32_t(ripples.size()) + 63) / 64;
    bin_fill_.bind(cmd);
    bind_buffers(bin_fill_);
    bin_fill_.push_constants(cmd, push);
    if (groups) vkCmdDispatch(cmd, groups, 1, 1);
    compute_to_compute_barrier(cmd);
    bin_scan_.bind(cmd);
    bind_buffers(bin_scan_);
    bin_scan_.push_constants(cmd, push);
    vkCmdDispatch(cmd, 1, 1, 1);
    compute_to_compute_barrier(cmd);
    push.pass = 1;
    bin_fill_.bind(cmd);
    bind_buffers(bin_fill_);
    bin_fill_.push_constants(cmd, push);
    if (groups) vkCmdDispatch(cmd, groups, 1, 1);
    compute_to_compute_barrier(cmd);
  }
  {
    // The rings read the scene copy of what is under them and write the frame.
    frame.refresh_scene_copy();
    PassScope pass(frame.timer, cmd, "ripples");
    t.color.use(cmd, access::kComputeWrite);
    rings_.bind(cmd);
    DescriptorWrites()
        .storage_buffer(0, ripples_.handle())
        .storage_buffer(1, tile_counts_.handle())
        .storage_buffer(2, tile_offsets_.handle())
        .storage_buffer(3, tile_entries_.handle())
        .sampled_image(4, t.scene_color.view(), frame.linear_clamp.handle())
        .storage_image(5, t.color.view())
        .push(ctx_, cmd, rings_);
    rings_.push_constants(cmd, push);
    Pipeline::dispatch_2d(cmd, t.width(), t.height());
  }
}

Result<void> RipplesRenderer::prepare_waves(glm::ivec2 image) {
  const RipplesKnobs& knobs = sim_.knobs();
  if (image != wave_frame_ || sim_.wave_generation() != wave_generation_) {
    const WaveField layout(knobs.wave_resolution, float(image.x) / float(image.y));
    const int width = layout.width(), height = layout.height();
    const std::uint32_t largest = ctx_.properties().limits.maxImageDimension2D;
    if (std::uint32_t(std::max(width, height)) > largest)
      return input_error("ripples: a wave field of " + std::to_string(width) + " x " + std::to_string(height) +
                         " cells for a " + std::to_string(image.x) + " x " + std::to_string(image.y) +
                         " frame is larger than the device's largest image (" + std::to_string(largest) +
                         "); lower the knob wave_resolution or use a less elongated frame");
    const VkImageUsageFlags usage = VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_SAMPLED_BIT |
                                    VK_IMAGE_USAGE_TRANSFER_DST_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT;
    Image fields[2], mask;
    for (Image& field : fields) {
      LFX_TRY_ASSIGN(field, Image::create(ctx_, {std::uint32_t(width), std::uint32_t(height), VK_FORMAT_R32G32_SFLOAT,
                                                 1, usage, "wave field"}));
    }
    LFX_TRY_ASSIGN(mask,
                   Image::create(ctx_, {std::uint32_t(width), std::uint32_t(height), VK_FORMAT_R8_UNORM, 1,
                                        VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT, "wave mask"}));
    const std::vector<std::uint8_t> walls = sim_.wave_mask(width, height);
    std::vector<std::byte> water(std::size_t(width) * height, std::byte{255});
    for (std::size_t i = 0; i < walls.size(); ++i) water[i] = walls[i] ? std::byte{255} : std::byte{0};
    LFX_TRY(upload_image(ctx_, mask, water, access::kComputeReadWrite));
    const std::vector<std::byte> still(std::size_t(width) * height * 8, std::byte{0});
    for (Image& field : fields) LFX_TRY(upload_image(ctx_, field, still, access::kComputeReadWrite));
    // Frames in flight may still step the old field.
    for (int i = 0; i < 2; ++i) {
      ctx_.retire(std::move(fields_[i]));
      fields_[i] = std::move(fields[i]);
    }
    ctx_.retire(std::move(mask_));
    mask_ = std::move(mask);
    current_ = 0;
    cell_ = layout.cell_size();
    wave_frame_ = image;
    wave_generation_ = sim_.wave_generation();
  }
  // Every batch of sub-steps since the last frame drawn, in order (a skipped frame keeps its
  // steps), with its sources from image UV into short-side units.
  const float short_side = float(std::min(image.x, image.y));
  auto to_short = [&](const std::vector<RipplesSource>& list) {
    std::vector<shared::WaveSource> out;
    for (const RipplesSource& s : list)
      out.push_back({glm::vec4(s.uv * glm::vec2(image) / short_side, s.radius, s.depth)});
    return out;
  };
  batches_.clear();
  std::size_t most = 1;
  for (const WaveBatch& b : sim_.take_wave_batches()) {
    batches_.push_back({b.stepping, to_short(b.drops), to_short(b.held)});
    most = std::max({most, b.drops.size(), b.held.size()});
  }
  return ensure_device_buffer(ctx_, sources_, most * sizeof(shared::WaveSource),
                              VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT, "wave sources");
}

void RipplesRenderer::record_wave_steps(FrameContext& frame) {
  VkCommandBuffer cmd = frame.cmd;
  const RipplesKnobs& knobs = sim_.knobs();
  const std::uint32_t width = fields_[0].width(), height = fields_[0].height();
  PassScope pass(frame.timer, cmd, "waves step");
  for (const GpuBatch& batch : batches_) {
    const float k = shared::wave_laplacian_weight(knobs.wave_speed, batch.stepping.dt, cell_);
    shared::RipplesWaveStepPush push{
        k, knobs.wave_damping, batch.stepping.dt, cell_, 0, knobs.wave_edges == RippleEdges::reflecting ? 1u : 0u, 0};
    // The sources buffer holds the drops for their one dispatch, then the held sources for
    // every sub-step (uploaded once: they stay put during a frame's sub-steps).
    auto upload = [&](std::span<const shared::WaveSource> sources) {
      if (!sources.empty()) record_buffer_update(cmd, sources_, std::as_bytes(sources));
      return std::uint32_t(sources.size());
    };
    auto dispatch = [&](std::uint32_t count, bool disturb) {
      Image& from = fields_[current_];
      Image& to = fields_[1 - current_];
      from.use(cmd, access::kComputeReadWrite);
      to.use(cmd, access::kComputeWrite);
      wave_step_.bind(cmd);
      DescriptorWrites()
          .storage_image(0, from.view())
          .storage_image(1, to.view())
          .storage_image(2, mask_.view())
          .storage_buffer(3, sources_.handle())
          .push(ctx_, cmd, wave_step_);
      push.held_count = count;
      push.disturb = disturb ? 1u : 0u;
      wave_step_.push_constants(cmd, push);
      Pipeline::dispatch_2d(cmd, width, height);
      current_ = 1 - current_;
    };
    if (!batch.drops.empty()) dispatch(upload(batch.drops), true);
    const std::uint32_t held_count = upload(batch.held);
    for (int i = 0; i < batch.stepping.steps; ++i) dispatch(held_count, false);
  }
  batches_.clear();
}

void RipplesRenderer::record_wave_shading(FrameContext& frame) {
  VkCommandBuffer cmd = frame.cmd;
  FrameTargets& t = frame.targets;
  const RipplesKnobs& knobs = sim_.knobs();
  frame.refresh_scene_copy();
  PassScope pass(frame.timer, cmd, "waves shade");
  fields_[current_].use(cmd, access::kComputeSampled);
  t.color.use(cmd, access::kComputeWrite);
  waves_shade_.bind(cmd);
  DescriptorWrites()
      .sampled_image(0, fields_[current_].view(), frame.linear_clamp.handle())
      .sampled_image(1, t.scene_color.view(), frame.linear_clamp.handle())
      .storage_image(2, t.color.view())
      .push(ctx_, cmd, waves_shade_);
  const shared::RipplesWaveShadePush shade{
      glm::vec4(knobs.wave_refraction, knobs.highlight, knobs.caustics, caustic_time()), cell_};
  waves_shade_.push_constants(cmd, shade);
  Pipeline::dispatch_2d(cmd, t.width(), t.height());
}

}  // namespace lfx::gpu

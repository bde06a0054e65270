#include "liquidfx/gpu/effects/ripple_renderer.h"

#include <algorithm>
#include <cmath>

#include "liquidfx/core/log.h"
#include "liquidfx/gpu/descriptors.h"
#include "liquidfx/gpu/render/frame_renderer.h"
#include "liquidfx/gpu/transfer.h"

namespace lfx::gpu {
namespace {

struct BinPush {  // as the push block of shaders/ripples/bin_common.glsl (std430)
  shared::RippleParams params;
  glm::ivec2 image_size;
  glm::ivec2 tiles;
  std::uint32_t ripple_count;
  std::uint32_t pass;
  alignas(16) glm::vec4 look;
};
static_assert(offsetof(BinPush, look) == 64 && sizeof(BinPush) == 80);

struct BoardPush {
  glm::vec4 rect;
  glm::ivec2 cells;
  glm::vec2 spacing;
  float bevel;  // width of the tiles' bevel in pixels; 0 for a picture without a board
};

struct WavePush {
  float k, damping, dt, cell;
  std::uint32_t held_count, reflecting, disturb;
};

struct ShadePush {
  glm::vec4 look;
  float cell;
};

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

Result<std::unique_ptr<RippleRenderer>> RippleRenderer::create(Context& ctx) {
  std::unique_ptr<RippleRenderer> r(new RippleRenderer(ctx));
  const VkDescriptorType ssbo = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, storage = VK_DESCRIPTOR_TYPE_STORAGE_IMAGE;
  const VkDescriptorType sampled = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
  const ComputePipelineSpec specs[] = {
      {&r->picture_, "ripples/picture.comp", {{storage}, sizeof(std::uint32_t)}},
      {&r->board_, "ripples/board.comp", {{sampled, ssbo, storage}, sizeof(BoardPush)}},
      {&r->bin_fill_, "ripples/bin_fill.comp", {{ssbo, ssbo, ssbo, ssbo}, sizeof(BinPush)}},
      {&r->bin_scan_, "ripples/bin_scan.comp", {{ssbo, ssbo, ssbo, ssbo}, sizeof(BinPush)}},
      {&r->rings_, "ripples/rings.comp", {{ssbo, ssbo, ssbo, ssbo, sampled, storage}, sizeof(BinPush)}},
      {&r->wave_step_, "ripples/wave_step.comp", {{storage, storage, storage, ssbo}, sizeof(WavePush)}},
      {&r->waves_shade_, "ripples/waves_shade.comp", {{sampled, sampled, storage}, sizeof(ShadePush)}},
  };
  if (auto made = create_compute_pipelines(ctx, specs); !made) return made.error();
  auto held = Buffer::create(ctx, 64 * sizeof(shared::WaveSource),
                             VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT, MemoryUsage::device,
                             "wave sources");
  if (!held) return held.error();
  r->held_ = std::move(held.value());
  return r;
}

Result<void> RippleRenderer::set_user_picture(const ImageRgba8& picture) {
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
  if (auto r = upload_image(ctx_, *image, std::as_bytes(std::span(picture.pixels)), access::kComputeSampled); !r)
    return r.error();
  vkDeviceWaitIdle(ctx_.device());
  user_picture_ = std::move(image.value());
  return success();
}

void RippleRenderer::record_picture(FrameContext& frame, Picture picture, const Board* board) {
  PassScope pass(frame.timer, frame.cmd, "ripples picture");
  VkCommandBuffer cmd = frame.cmd;
  Image& target = frame.targets.color;
  if (picture == Picture::user && !user_picture_.handle()) {
    log_error("ripples: Picture::user without set_user_picture(); drawing the sunset");
    picture = Picture::sunset;
  }
  const bool stale =
      picture != Picture::user && (!picture_image_.handle() || picture_image_.extent().width != target.width() ||
                                   picture_image_.extent().height != target.height() || picture_kind_ != picture);
  if (stale) {
    auto image = Image::create(ctx_, {target.width(), target.height(), kHdrFormat, 1,
                                      VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_SAMPLED_BIT, "ripples picture"});
    if (!image) {
      log_error(image.error().message);
      return;
    }
    vkDeviceWaitIdle(ctx_.device());
    picture_image_ = std::move(image.value());
    picture_kind_ = picture;
    picture_image_.use(cmd, access::kComputeWrite);
    picture_.bind(cmd);
    DescriptorWrites().storage_image(0, picture_image_.view()).push(ctx_, cmd, picture_);
    picture_.push_constants(cmd, std::uint32_t(picture));
    Pipeline::dispatch_2d(cmd, target.width(), target.height());
  }
  Image& shown = picture == Picture::user ? user_picture_ : picture_image_;
  shown.use(cmd, access::kComputeSampled);
  target.use(cmd, access::kComputeWrite);
  // Without a board, the picture fills the frame as one tile.
  Board whole{{{0.0f, 0.0f}, {float(target.width()), float(target.height())}, 1, 1, 0.0f, 0.0f}, {0}};
  const Board& b = board ? *board : whole;
  if (auto r =
          ensure_device_buffer(ctx_, tiles_buffer_, b.tile_of_cell.size() * sizeof(std::uint32_t),
                               VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT, "puzzle tiles");
      !r) {
    log_error(r.error().message);
    return;
  }
  record_buffer_update(cmd, tiles_buffer_, std::as_bytes(std::span(b.tile_of_cell)));
  board_.bind(cmd);
  DescriptorWrites()
      .sampled_image(0, shown.view(), frame.linear_clamp.handle())
      .storage_buffer(1, tiles_buffer_.handle())
      .storage_image(2, target.view())
      .push(ctx_, cmd, board_);
  const BoardPush push{glm::vec4(b.grid.origin, b.grid.size), glm::ivec2(b.grid.columns, b.grid.rows),
                       glm::vec2(b.grid.padding, b.grid.margin), board ? 4.0f : 0.0f};
  board_.push_constants(cmd, push);
  Pipeline::dispatch_2d(cmd, target.width(), target.height());
}

Result<void> RippleRenderer::ensure_rings_buffers(std::size_t ripples, std::size_t tiles, std::size_t entries) {
  const VkBufferUsageFlags usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
  struct Need {
    Buffer* buffer;
    VkDeviceSize bytes;
    const char* name;
  };
  const Need needs[] = {{&ripples_, ripples * sizeof(shared::RippleGpu), "ripples"},
                        {&tile_counts_, tiles * sizeof(std::uint32_t), "ripple tile counts"},
                        {&tile_offsets_, tiles * sizeof(std::uint32_t), "ripple tile offsets"},
                        {&tile_entries_, entries * sizeof(std::uint32_t), "ripple tile entries"}};
  for (const Need& n : needs)
    if (auto r = ensure_device_buffer(ctx_, *n.buffer, n.bytes, usage, n.name); !r) return r;
  return success();
}

void RippleRenderer::record_rings(FrameContext& frame, std::span<const shared::RippleGpu> ripples,
                                  const RippleKnobs& knobs, float caustic_time) {
  VkCommandBuffer cmd = frame.cmd;
  FrameTargets& t = frame.targets;
  const glm::ivec2 image(int(t.width()), int(t.height()));
  const glm::ivec2 tiles((image + shared::kRippleTileSize - 1) / shared::kRippleTileSize);
  const shared::RippleParams params = RipplePool::gpu_params(knobs);
  if (auto r = ensure_rings_buffers(ripples.size(), std::size_t(tiles.x) * tiles.y,
                                    entry_bound(ripples, params, image, tiles));
      !r) {
    log_error(r.error().message);
    return;
  }
  BinPush push{params, image,
               tiles,  std::uint32_t(ripples.size()),
               0,      glm::vec4(knobs.caustics, caustic_time, knobs.highlight, knobs.binning ? 0.0f : 1.0f)};
  auto bind_buffers = [&](const Pipeline& p) {
    DescriptorWrites()
        .storage_buffer(0, ripples_.handle())
        .storage_buffer(1, tile_counts_.handle())
        .storage_buffer(2, tile_offsets_.handle())
        .storage_buffer(3, tile_entries_.handle())
        .push(ctx_, cmd, p);
  };
  const auto compute_to_compute = [&] {
    memory_barrier(cmd, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT,
                   VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                   VK_ACCESS_2_SHADER_STORAGE_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT);
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
    compute_to_compute();
    bin_scan_.bind(cmd);
    bind_buffers(bin_scan_);
    bin_scan_.push_constants(cmd, push);
    vkCmdDispatch(cmd, 1, 1, 1);
    compute_to_compute();
    push.pass = 1;
    bin_fill_.bind(cmd);
    bind_buffers(bin_fill_);
    bin_fill_.push_constants(cmd, push);
    if (groups) vkCmdDispatch(cmd, groups, 1, 1);
    compute_to_compute();
  }
  {
    // The rings read the scene copy of what is under them and write the frame.
    frame.renderer.refresh_scene_copy(frame);
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

Result<void> RippleRenderer::configure_waves(int width, int height, float cell, const std::vector<std::uint8_t>& mask) {
  vkDeviceWaitIdle(ctx_.device());
  cell_ = cell;
  current_ = 0;
  const VkImageUsageFlags usage = VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_SAMPLED_BIT |
                                  VK_IMAGE_USAGE_TRANSFER_DST_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT;
  for (Image& field : fields_) {
    auto image = Image::create(
        ctx_, {std::uint32_t(width), std::uint32_t(height), VK_FORMAT_R32G32_SFLOAT, 1, usage, "wave field"});
    if (!image) return image.error();
    field = std::move(image.value());
  }
  auto m = Image::create(ctx_, {std::uint32_t(width), std::uint32_t(height), VK_FORMAT_R8_UNORM, 1,
                                VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT, "wave mask"});
  if (!m) return m.error();
  mask_ = std::move(m.value());
  std::vector<std::byte> water(std::size_t(width) * height, std::byte{255});
  for (std::size_t i = 0; i < mask.size() && i < water.size(); ++i) water[i] = mask[i] ? std::byte{255} : std::byte{0};
  if (auto r = upload_image(ctx_, mask_, water, access::kComputeReadWrite); !r) return r;
  const std::vector<std::byte> still(std::size_t(width) * height * 8, std::byte{0});
  for (Image& field : fields_)
    if (auto r = upload_image(ctx_, field, still, access::kComputeReadWrite); !r) return r;
  return success();
}

void RippleRenderer::record_wave_steps(FrameContext& frame, const WaveStepping& stepping,
                                       std::span<const shared::WaveSource> drops,
                                       std::span<const shared::WaveSource> held, const RippleKnobs& knobs) {
  VkCommandBuffer cmd = frame.cmd;
  if (!fields_[0].handle()) return;
  const std::uint32_t width = fields_[0].width(), height = fields_[0].height();
  const float k = shared::wave_laplacian_weight(knobs.wave_speed, stepping.dt, cell_);
  WavePush push{k, knobs.wave_damping, stepping.dt, cell_, 0, knobs.wave_edges == RippleEdges::reflecting ? 1u : 0u, 0};
  // The sources buffer holds the drops for their one dispatch, then the held sources for every
  // sub-step (uploaded once: they stay put during a frame's sub-steps).
  auto upload = [&](std::span<const shared::WaveSource> sources) {
    const std::size_t count = std::min<std::size_t>(sources.size(), held_.size() / sizeof(shared::WaveSource));
    if (count) record_buffer_update(cmd, held_, std::as_bytes(sources.first(count)));
    return std::uint32_t(count);
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
        .storage_buffer(3, held_.handle())
        .push(ctx_, cmd, wave_step_);
    push.held_count = count;
    push.disturb = disturb ? 1u : 0u;
    wave_step_.push_constants(cmd, push);
    Pipeline::dispatch_2d(cmd, width, height);
    current_ = 1 - current_;
  };
  PassScope pass(frame.timer, cmd, "waves step");
  if (!drops.empty()) dispatch(upload(drops), true);
  const std::uint32_t held_count = upload(held);
  for (int i = 0; i < stepping.steps; ++i) dispatch(held_count, false);
}

void RippleRenderer::record_wave_shading(FrameContext& frame, const RippleKnobs& knobs, float caustic_time) {
  VkCommandBuffer cmd = frame.cmd;
  FrameTargets& t = frame.targets;
  if (!fields_[0].handle()) return;
  frame.renderer.refresh_scene_copy(frame);
  PassScope pass(frame.timer, cmd, "waves shade");
  fields_[current_].use(cmd, access::kComputeSampled);
  t.color.use(cmd, access::kComputeWrite);
  waves_shade_.bind(cmd);
  DescriptorWrites()
      .sampled_image(0, fields_[current_].view(), frame.linear_clamp.handle())
      .sampled_image(1, t.scene_color.view(), frame.linear_clamp.handle())
      .storage_image(2, t.color.view())
      .push(ctx_, cmd, waves_shade_);
  const ShadePush shade{glm::vec4(knobs.wave_refraction, knobs.highlight, knobs.caustics, caustic_time), cell_};
  waves_shade_.push_constants(cmd, shade);
  Pipeline::dispatch_2d(cmd, t.width(), t.height());
}

}  // namespace lfx::gpu

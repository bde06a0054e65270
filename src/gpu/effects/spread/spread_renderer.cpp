#include "liquidfx/gpu/effects/spread_renderer.h"

#include <algorithm>
#include <cstring>

#include "liquidfx/gpu/barriers.h"
#include "liquidfx/gpu/detail/descriptors.h"
#include "liquidfx/gpu/transfer.h"
#include "liquidfx/shared/frame.h"
#include "liquidfx/shared/spread.h"

namespace lfx::gpu {
namespace {

// The 8 x 8 tiles the shading classifies a frame into, across and down. Its list of covered
// tiles is a list of the frame's tiles (shared/frame.h), which the frame's tonemap reads.
VkExtent2D tiles_over(std::uint32_t width, std::uint32_t height) {
  return {(width + 7) / 8, (height + 7) / 8};
}
static_assert(shared::kFrameTile == 8 && shared::kSpreadTilesPerRow == shared::kFrameTilesPerRow);

}  // namespace

Result<std::unique_ptr<SpreadRenderer>> SpreadRenderer::create(Context& ctx) {
  std::unique_ptr<SpreadRenderer> r(new SpreadRenderer(ctx));
  const ComputePipelineSpec specs[] = {
      {&r->tile_args_, "spread/tile_args.comp", 0},
      {&r->background_pass_, "spread/background.comp", sizeof(shared::SpreadShadePush)},
      {&r->frame_copy_, "spread/frame_copy.comp", 0},
      {&r->lay_, "spread/lay.comp", sizeof(shared::SpreadShadePush)},
  };
  LFX_TRY(create_compute_pipelines(ctx, specs));
  ImageRgba8 white(1, 1);
  std::fill(white.pixels.begin(), white.pixels.end(), std::uint8_t(255));
  LFX_TRY(r->set_picture(white));
  LFX_TRY_ASSIGN(r->matcap_, r->upload(white, "matcap"));
  return r;
}

Result<Image> SpreadRenderer::upload(const ImageRgba8& picture, const char* what) {
  const std::string size = std::to_string(picture.width) + " x " + std::to_string(picture.height);
  if (picture.width <= 0 || picture.height <= 0 ||
      picture.pixels.size() != std::size_t(picture.width) * std::size_t(picture.height) * 4)
    return input_error(std::string("spread ") + what + ": expected width x height RGBA8 pixels, got " + size);
  LFX_TRY_ASSIGN(
      Image image,
      Image::create(ctx_, {std::uint32_t(picture.width), std::uint32_t(picture.height), VK_FORMAT_R8G8B8A8_SRGB, 1,
                           VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT, what}));
  LFX_TRY(upload_image(ctx_, image, std::as_bytes(std::span(picture.pixels)), access::kComputeSampled));
  return image;
}

Result<void> SpreadRenderer::set_picture(const ImageRgba8& picture) {
  LFX_TRY_ASSIGN(Image image, upload(picture, "picture"));
  ctx_.retire(std::move(picture_));  // frames in flight may still show the old one
  picture_ = std::move(image);
  under_made_ = false;  // resampled at the next frame
  kept_valid_ = drawn_valid_ = false;
  return success();
}

Result<void> SpreadRenderer::set_matcap(const ImageRgba8& matcap) {
  LFX_TRY_ASSIGN(Image image, upload(matcap, "matcap"));
  ctx_.retire(std::move(matcap_));
  matcap_ = std::move(image);
  use_matcap_ = true;
  kept_valid_ = drawn_valid_ = false;
  return success();
}

Result<bool> SpreadRenderer::ensure_frame_image(Image& image, std::uint32_t width, std::uint32_t height,
                                                const char* name) {
  if (image.handle() && image.width() == width && image.height() == height) return false;
  LFX_TRY_ASSIGN(Image made, Image::create(ctx_, {width, height, kFrameImageFormat, 1,
                                                  VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
                                                      VK_IMAGE_USAGE_TRANSFER_DST_BIT,
                                                  name}));
  ctx_.retire(std::move(image));  // frames in flight may still read the old one
  image = std::move(made);
  return true;
}

Result<void> SpreadRenderer::prepare(std::uint32_t width, std::uint32_t height, const SpreadKnobs& knobs,
                                     SpreadBackground background, bool film) {
  if (background != SpreadBackground::frame) {
    LFX_TRY_ASSIGN(const bool made, ensure_frame_image(under_, width, height, "spread background"));
    if (made) under_made_ = false;  // drawn at the next frame
    LFX_TRY_ASSIGN(const bool kept_made, ensure_frame_image(kept_, width, height, "spread kept shading"));
    if (kept_made) kept_valid_ = false;
  }
  if (knobs.reference_pass) LFX_TRY(ensure_frame_image(reference_, width, height, "spread reference copy"));
  // The shading's variants for this frame, and over a background of its own the one that keeps
  // its shading too; each for a liquid of one colour or of several (as the step leaves it).
  shade_flags_ = (background == SpreadBackground::frame ? kOverFrameBit : 0u) | (use_matcap_ ? kMatcapBit : 0u) |
                 (knobs.traces == SpreadTraces::film ? kFilmTracesBit : 0u);
  LFX_TRY(classify_.prepare(ctx_, shade_flags_));
  if (film) shade_flags_ |= kFilmBit;  // the shade's only
  if (knobs.banding) shade_flags_ |= kBandingBit;
  for (std::uint32_t colour : {0u, kOneColourBit}) {
    LFX_TRY(shade_.prepare(ctx_, shade_flags_ | colour));
    if (background != SpreadBackground::frame) LFX_TRY(shade_.prepare(ctx_, shade_flags_ | kKeepBit | colour));
  }
  const VkExtent2D tiles = tiles_over(width, height);
  const VkBuffer listed = tiles_.handle();
  constexpr VkBufferUsageFlags kUsage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT |
                                        VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;
  LFX_TRY(ensure_device_buffer(ctx_, tiles_, (4 + 2 * VkDeviceSize(tiles.width) * tiles.height) * sizeof(std::uint32_t),
                               kUsage, "spread covered tiles"));
  const VkBuffer vacated = vacated_tiles_.handle();
  LFX_TRY(ensure_device_buffer(ctx_, vacated_tiles_,
                               (4 + VkDeviceSize(tiles.width) * tiles.height) * sizeof(std::uint32_t), kUsage,
                               "spread vacated tiles"));
  if (tiles_.handle() != listed || vacated_tiles_.handle() != vacated) {
    lists_blank_ = true;  // emptied before anything reads them
    list_shown_ = false;
  }
  return success();
}

std::vector<const Buffer*> SpreadRenderer::redrawn_tiles(VkExtent2D frame, SpreadBackground background) const {
  // A frame over a picture of its own copied whole is that picture but on the tiles the shade
  // listed, so between two such frames only the tiles of either list change.
  if (!list_shown_ || !drawn_valid_ || background == SpreadBackground::frame ||
      drawn_push_.background != std::uint32_t(background) || drawn_push_.frame_size.x != int(frame.width) ||
      drawn_push_.frame_size.y != int(frame.height))
    return {};
  return {&vacated_tiles_, &tiles_};
}

void SpreadRenderer::record_frame_copy(FrameContext& frame) {
  PassScope pass(frame.timer, frame.cmd, "spread reference (frame copy)");
  Image& target = frame.targets.color;
  target.use(frame.cmd, access::kComputeReadWrite);
  reference_.use(frame.cmd, access::kComputeWrite);
  frame_copy_.bind(frame.cmd);
  DescriptorWrites()
      .storage_image(0, target.view())
      .storage_image(1, reference_.view())
      .push(ctx_, frame.cmd, frame_copy_);
  Pipeline::dispatch_2d(frame.cmd, target.width(), target.height());
}

shared::SpreadShadePush SpreadRenderer::shade_push(VkExtent2D frame, const SpreadSolver& solver,
                                                   const SpreadKnobs& knobs, SpreadBackground background) const {
  const std::span<const glm::vec3> colors = solver.pigment_colors();
  shared::SpreadShadePush push{};
  push.frame_size = {int(frame.width), int(frame.height)};
  push.short_side = float(std::min(frame.width, frame.height));
  push.background = std::uint32_t(background);
  push.thickness_grid = solver.thickness_grid();
  push.dh = 1.0f / float(knobs.thickness_cells);
  push.relief = knobs.relief;
  push.shine = knobs.shine;
  push.traces = knobs.traces == SpreadTraces::film ? 1u : 0u;
  push.film = knobs.film;
  push.pigments = solver.pigment_planes();  // none: one colour, colors[0] (shade.comp)
  // The seed's 8-bit target held heights up to about five times a blob's: 256 levels over 0.1
  // short sides here.
  push.banding_top = knobs.banding ? 0.1f : 0.0f;
  push.use_matcap = use_matcap_ ? 1u : 0u;
  for (std::size_t k = 0; k < std::min<std::size_t>(colors.size(), kSpreadPigments); ++k)
    push.colors[k] = glm::vec4(colors[k], 1.0f);
  return push;
}

bool SpreadRenderer::draws_last_picture(VkExtent2D frame, const SpreadSolver& solver, const SpreadKnobs& knobs,
                                        SpreadBackground background) const {
  if (!drawn_valid_ || knobs.reference_pass || solver.fields_version() != drawn_version_) return false;
  const shared::SpreadShadePush push = shade_push(frame, solver, knobs, background);
  return std::memcmp(&push, &drawn_push_, sizeof(push)) == 0;
}

void SpreadRenderer::record(FrameContext& frame, const SpreadSolver& solver, const SpreadKnobs& knobs,
                            SpreadBackground background) {
  if (knobs.reference_pass) record_frame_copy(frame);
  VkCommandBuffer cmd = frame.cmd;
  Image& target = frame.targets.color;
  shared::SpreadShadePush push = shade_push({target.width(), target.height()}, solver, knobs, background);
  drawn_push_ = push;
  drawn_version_ = solver.fields_version();
  drawn_valid_ = true;
  const bool own_background = background != SpreadBackground::frame;
  if (own_background && !under_made_) {
    kept_valid_ = false;
    // Once for each frame size and picture: the skin's noise and the picture's filtering are
    // not paid on every frame.
    PassScope pass(frame.timer, cmd, "spread background");
    picture_.use(cmd, access::kComputeSampled);
    under_.use(cmd, access::kComputeWrite);
    background_pass_.bind(cmd);
    DescriptorWrites()
        .storage_image(0, under_.view())
        .sampled_image(1, picture_.view(), frame.linear_clamp.handle())
        .push(ctx_, cmd, background_pass_);
    background_pass_.push_constants(cmd, push);
    Pipeline::dispatch_2d(cmd, target.width(), target.height());
    under_made_ = true;
  }
  // A liquid at rest over a background of its own: its shading kept on a frame whose fields did
  // not change since the last, and laid again while nothing it depends on changes.
  const std::uint64_t version = solver.fields_version();
  const bool same_inputs = std::memcmp(&push, &kept_push_, sizeof(push)) == 0;
  if (own_background && kept_valid_ && same_inputs && version == kept_version_) {
    push.kept = 2;
  } else if (own_background && version == last_version_) {
    push.kept = 1;
    kept_push_ = push;
    kept_push_.kept = 0;
    kept_version_ = version;
    kept_valid_ = true;
  } else {
    kept_valid_ = false;
  }
  last_version_ = version;
  laid_kept_ = push.kept == 2;

  // Classify (every tile: whether a pixel of it may be covered, those listed), the picture or the
  // kept shading laid where the shade does not run, then the shading on the listed tiles only,
  // dispatched indirectly. When the frame's image takes a copy of ours (its format, transfers),
  // the picture is copied whole instead (a transfer costs a CPU driver a memcpy, a pass far
  // more); then the frame that keeps its shading keeps the whole frame, picture and shading, and
  // a frame at rest is one copy of it.
  PassScope pass(frame.timer, cmd, "spread shade");
  const bool copies =
      own_background && target.format() == kFrameImageFormat && (target.usage() & VK_IMAGE_USAGE_TRANSFER_DST_BIT) != 0;
  const auto copy_whole = [&](Image& from, Image& to) {
    from.use(cmd, access::kTransferSrc);
    to.use(cmd, access::kTransferDst);
    const VkImageCopy whole{{VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                            {0, 0, 0},
                            {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1},
                            {0, 0, 0},
                            {target.width(), target.height(), 1}};
    vkCmdCopyImage(cmd, from.handle(), VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, to.handle(),
                   VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &whole);
  };
  // A new list starts with no tiles, and every tile's state as the picture (classify.comp's
  // vacated tiles are those whose state says shaded); the vacated list is emptied every frame.
  if (lists_blank_) {
    vkCmdFillBuffer(cmd, tiles_.handle(), 0, VK_WHOLE_SIZE, 0);
    lists_blank_ = false;
  }
  constexpr VkAccessFlags2 kReadWrite = VK_ACCESS_2_SHADER_STORAGE_READ_BIT | VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT;
  // Once the last frame's shade and tonemap have read the lists.
  memory_barrier(cmd,
                 VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT | VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT |
                     VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT,
                 VK_ACCESS_2_INDIRECT_COMMAND_READ_BIT | kReadWrite | VK_ACCESS_2_TRANSFER_WRITE_BIT,
                 VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT);
  // Nothing vacated yet (its count and dispatch 0).
  vkCmdFillBuffer(cmd, vacated_tiles_.handle(), 0, 4 * sizeof(std::uint32_t), 0);
  if (copies && push.kept == 2 && kept_whole_) {
    copy_whole(kept_, target);  // tiles_ stays the list the kept shading was made on
    return;
  }
  // tiles_'s count starts at 0 (its states stay for classify.comp).
  vkCmdFillBuffer(cmd, tiles_.handle(), 0, sizeof(std::uint32_t), 0);
  // Where the frame's colour still holds the last frame (the picture and the last list's
  // shading), only the tiles of either list change: the vacated ones are shaded too (nothing
  // covers them: the shading lays the picture there), instead of a copy of the whole picture (a
  // memcpy of the frame on one core of a CPU driver, while its shader threads wait).
  const bool picture_kept = frame.color_kept && list_shown_ && push.kept == 0;
  // Otherwise the picture copied whole, the shading on the listed tiles: the list is all that changed.
  const bool copy_picture = copies && push.kept != 2 && !picture_kept;
  list_shown_ = copy_picture || picture_kept;
  if (copy_picture) {
    copy_whole(under_, target);
    if (push.kept == 1) copy_whole(under_, kept_);
    kept_whole_ = push.kept == 1;
  } else if (push.kept == 1) {
    kept_whole_ = false;
  }
  if (own_background) {
    under_.use(cmd, access::kComputeReadWrite);
    kept_.use(cmd, access::kComputeReadWrite);
  }
  matcap_.use(cmd, access::kComputeSampled);
  target.use(cmd, access::kComputeReadWrite);
  const auto bind = [&](const Pipeline& pipeline, const Buffer& listed) {
    pipeline.bind(cmd);
    DescriptorWrites()
        .storage_texel_buffer(0, solver.thickness_texels())
        .storage_texel_buffer(1, solver.pigment_texels())
        .storage_texel_buffer(2, solver.film_texels())
        .storage_texel_buffer(3, solver.film_pigment_texels())
        .storage_texel_buffer(4, solver.history_texels())
        .storage_image(5, target.view())
        .storage_image(6, own_background ? under_.view() : target.view())  // not read over the frame
        .sampled_image(7, matcap_.view(), frame.linear_clamp.handle())
        .storage_buffer(8, listed.handle())
        .storage_buffer(9, solver.tile_flags())
        .storage_image(10, own_background ? kept_.view() : target.view())  // not used over the frame
        .storage_buffer(11, vacated_tiles_.handle())
        .push(ctx_, cmd, pipeline);
    pipeline.push_constants(cmd, push);
  };
  memory_barrier(cmd, VK_PIPELINE_STAGE_2_ALL_TRANSFER_BIT, VK_ACCESS_2_TRANSFER_WRITE_BIT,
                 VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, kReadWrite);
  bind(classify_.get(shade_flags_ & ~kFilmBit), tiles_);
  const VkExtent2D tiles = tiles_over(target.width(), target.height());
  Pipeline::dispatch_2d(cmd, tiles.width, tiles.height);  // an invocation a tile
  compute_to_compute_barrier(cmd);
  tile_args_.bind(cmd);
  for (const Buffer* list : {&tiles_, &vacated_tiles_}) {
    DescriptorWrites().storage_buffer(0, list->handle()).push(ctx_, cmd, tile_args_);
    vkCmdDispatch(cmd, 1, 1, 1);
  }
  memory_barrier(cmd, VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT, VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT,
                 VK_PIPELINE_STAGE_2_DRAW_INDIRECT_BIT | VK_PIPELINE_STAGE_2_COMPUTE_SHADER_BIT,
                 VK_ACCESS_2_INDIRECT_COMMAND_READ_BIT | kReadWrite);
  if (own_background && !copy_picture && !picture_kept) {
    // The picture, or the kept shading, on the pixels the shade leaves (its tiles' states).
    bind(lay_, tiles_);
    Pipeline::dispatch_2d(cmd, target.width(), target.height());
    if (push.kept != 2) compute_to_compute_barrier(cmd);
  }
  if (push.kept == 2) return;  // classify.comp listed nothing: lay.comp laid the kept shading
  const Pipeline& shade =
      shade_.get(shade_flags_ | (push.kept == 1 ? kKeepBit : 0u) | (push.pigments == 0 ? kOneColourBit : 0u));
  bind(shade, tiles_);
  vkCmdDispatchIndirect(cmd, tiles_.handle(), sizeof(std::uint32_t));
  if (picture_kept) {
    compute_to_compute_barrier(cmd);  // the same image, on other tiles
    bind(shade, vacated_tiles_);
    vkCmdDispatchIndirect(cmd, vacated_tiles_.handle(), sizeof(std::uint32_t));
  }
}

}  // namespace lfx::gpu

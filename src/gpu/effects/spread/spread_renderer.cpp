#include "liquidfx/gpu/effects/spread_renderer.h"

#include <algorithm>

#include "liquidfx/gpu/detail/descriptors.h"
#include "liquidfx/gpu/transfer.h"
#include "liquidfx/shared/spread.h"

namespace lfx::gpu {

Result<std::unique_ptr<SpreadRenderer>> SpreadRenderer::create(Context& ctx) {
  std::unique_ptr<SpreadRenderer> r(new SpreadRenderer(ctx));
  const ComputePipelineSpec specs[] = {
      {&r->shade_, "spread/shade.comp", sizeof(shared::SpreadShadePush)},
      {&r->background_pass_, "spread/background.comp", sizeof(shared::SpreadShadePush)},
      {&r->frame_copy_, "spread/frame_copy.comp", 0},
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
  return success();
}

Result<void> SpreadRenderer::set_matcap(const ImageRgba8& matcap) {
  LFX_TRY_ASSIGN(Image image, upload(matcap, "matcap"));
  ctx_.retire(std::move(matcap_));
  matcap_ = std::move(image);
  use_matcap_ = true;
  return success();
}

Result<void> SpreadRenderer::ensure_frame_image(Image& image, std::uint32_t width, std::uint32_t height,
                                                const char* name) {
  if (image.handle() && image.width() == width && image.height() == height) return success();
  LFX_TRY_ASSIGN(Image made, Image::create(ctx_, {width, height, VK_FORMAT_R16G16B16A16_SFLOAT, 1,
                                                  VK_IMAGE_USAGE_STORAGE_BIT | VK_IMAGE_USAGE_SAMPLED_BIT, name}));
  ctx_.retire(std::move(image));  // frames in flight may still read the old one
  image = std::move(made);
  return success();
}

Result<void> SpreadRenderer::prepare(std::uint32_t width, std::uint32_t height, const SpreadKnobs& knobs,
                                     SpreadBackground background) {
  if (background != SpreadBackground::frame) {
    const bool same = under_.handle() && under_.width() == width && under_.height() == height;
    LFX_TRY(ensure_frame_image(under_, width, height, "spread background"));
    under_made_ = under_made_ && same;
  }
  if (knobs.reference_pass) LFX_TRY(ensure_frame_image(reference_, width, height, "spread reference copy"));
  return success();
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

void SpreadRenderer::record(FrameContext& frame, const SpreadSolver& solver, const SpreadKnobs& knobs,
                            SpreadBackground background) {
  if (knobs.reference_pass) record_frame_copy(frame);
  const std::span<const glm::vec3> colors = solver.pigment_colors();
  VkCommandBuffer cmd = frame.cmd;
  Image& target = frame.targets.color;
  shared::SpreadShadePush push{};
  push.frame_size = {int(target.width()), int(target.height())};
  push.short_side = float(std::min(target.width(), target.height()));
  push.background = std::uint32_t(background);
  const bool own_background = background != SpreadBackground::frame;
  if (own_background && !under_made_) {
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
  PassScope pass(frame.timer, cmd, "spread shade");
  if (own_background) under_.use(cmd, access::kComputeReadWrite);
  matcap_.use(cmd, access::kComputeSampled);
  target.use(cmd, access::kComputeReadWrite);
  shade_.bind(cmd);
  DescriptorWrites()
      .storage_buffer(0, solver.thickness())
      .storage_buffer(1, solver.pigments())
      .storage_buffer(2, solver.film())
      .storage_buffer(3, solver.film_pigments())
      .storage_buffer(4, solver.history())
      .storage_image(5, target.view())
      .storage_image(6, own_background ? under_.view() : target.view())  // not read over the frame
      .sampled_image(7, matcap_.view(), frame.linear_clamp.handle())
      .push(ctx_, cmd, shade_);
  push.thickness_grid = solver.thickness_grid();
  push.dh = 1.0f / float(knobs.thickness_cells);
  push.relief = knobs.relief;
  push.shine = knobs.shine;
  push.traces = knobs.traces == SpreadTraces::film ? 1u : 0u;
  push.film = knobs.film;
  push.pigments = std::uint32_t(std::min<std::size_t>(colors.size(), kSpreadPigments));
  // The seed's 8-bit target held heights up to about five times a blob's: 256 levels over 0.1
  // short sides here.
  push.banding_top = knobs.banding ? 0.1f : 0.0f;
  push.use_matcap = use_matcap_ ? 1u : 0u;
  for (std::size_t k = 0; k < push.pigments; ++k) push.colors[k] = glm::vec4(colors[k], 1.0f);
  shade_.push_constants(cmd, push);
  Pipeline::dispatch_2d(cmd, target.width(), target.height());
}

}  // namespace lfx::gpu

#include "liquidfx/gpu/effects/spread_renderer.h"

#include <algorithm>

#include "liquidfx/gpu/detail/descriptors.h"
#include "liquidfx/gpu/transfer.h"
#include "liquidfx/shared/spread.h"

namespace lfx::gpu {

Result<std::unique_ptr<SpreadRenderer>> SpreadRenderer::create(Context& ctx) {
  std::unique_ptr<SpreadRenderer> r(new SpreadRenderer(ctx));
  LFX_TRY_ASSIGN(r->shade_, Pipeline::compute(ctx, "spread/shade.comp", sizeof(shared::SpreadShadePush)));
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
  return success();
}

Result<void> SpreadRenderer::set_matcap(const ImageRgba8& matcap) {
  LFX_TRY_ASSIGN(Image image, upload(matcap, "matcap"));
  ctx_.retire(std::move(matcap_));
  matcap_ = std::move(image);
  use_matcap_ = true;
  return success();
}

void SpreadRenderer::record(FrameContext& frame, const SpreadSolver& solver, const SpreadKnobs& knobs,
                            SpreadBackground background) {
  const std::span<const glm::vec3> colors = solver.pigment_colors();
  PassScope pass(frame.timer, frame.cmd, "spread shade");
  VkCommandBuffer cmd = frame.cmd;
  Image& target = frame.targets.color;
  picture_.use(cmd, access::kComputeSampled);
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
      .sampled_image(6, picture_.view(), frame.linear_clamp.handle())
      .sampled_image(7, matcap_.view(), frame.linear_clamp.handle())
      .push(ctx_, cmd, shade_);
  shared::SpreadShadePush push{};
  push.frame_size = {int(target.width()), int(target.height())};
  push.thickness_grid = solver.thickness_grid();
  push.short_side = float(std::min(target.width(), target.height()));
  push.dh = 1.0f / float(knobs.thickness_cells);
  push.relief = knobs.relief;
  push.shine = knobs.shine;
  push.background = std::uint32_t(background);
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

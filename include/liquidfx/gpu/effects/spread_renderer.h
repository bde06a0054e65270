// lfx::gpu::SpreadRenderer: the spread effect's liquid shaded over the frame - matcap-like light
// on the thickness's normals, the pigments' mix, the traces' coverage - on a skin-toned picture,
// the frame as it is, or a picture of the user's.
#pragma once

#include <memory>
#include <span>

#include "liquidfx/core/image.h"
#include "liquidfx/core/result.h"
#include "liquidfx/core/spread/spread_knobs.h"
#include "liquidfx/gpu/buffer.h"
#include "liquidfx/gpu/effects/spread_solver.h"
#include "liquidfx/gpu/image.h"
#include "liquidfx/gpu/pipeline.h"
#include "liquidfx/gpu/render/frame_passes.h"
#include "liquidfx/shared/spread.h"

namespace lfx::gpu {

enum class SpreadBackground { skin, frame, picture };

class SpreadRenderer {
 public:
  static Result<std::unique_ptr<SpreadRenderer>> create(Context& ctx);
  /// The picture under the liquid for SpreadBackground::picture (stretched over the frame).
  Result<void> set_picture(const ImageRgba8& picture);
  /// A matcap (a lit sphere's picture) that lights the liquid instead of the built-in light.
  Result<void> set_matcap(const ImageRgba8& matcap);
  /// Before a frame of this size: the picture under the liquid at that size (the skin, or the
  /// user's picture resampled), the reference copy's target (knobs.reference_pass).
  /// `film`: whether any film may lie (SpreadSolver::film_laid).
  Result<void> prepare(std::uint32_t width, std::uint32_t height, const SpreadKnobs& knobs, SpreadBackground background,
                       bool film);
  /// Shades the solver's liquid over frame.targets.color (a full-frame post pass).
  void record(FrameContext& frame, const SpreadSolver& solver, const SpreadKnobs& knobs, SpreadBackground background);
  /// Whether record would draw, over a frame of this size, the picture it drew at its last
  /// record: the same fields (the solver's version), knobs, colours, picture and matcap.
  bool draws_last_picture(VkExtent2D frame, const SpreadSolver& solver, const SpreadKnobs& knobs,
                          SpreadBackground background) const;
  /// The lists of the frame's 8 x 8 tiles (shared/frame.h's layout) the next record changes,
  /// when it changes no other pixel of a frame of this size: the tiles the last record shaded
  /// and this one does not, and this one's (FramePasses::redrawn_tiles); none when that is not
  /// known.
  std::vector<const Buffer*> redrawn_tiles(VkExtent2D frame, SpreadBackground background) const;
  /// Whether the last frame recorded laid the shading kept from an earlier one (the liquid at
  /// rest over a background of its own), instead of shading it again.
  bool laid_kept() const { return laid_kept_; }

 private:
  explicit SpreadRenderer(Context& ctx) : ctx_(ctx) {}
  Context& ctx_;
  Pipeline tile_args_, background_pass_, frame_copy_;
  Pipeline lay_;  // the picture or the kept shading where the shade does not run (lay.comp)
  // The classifying and shading passes, made for the frame's background, matcap, traces and
  // (shade) whether any film may lie, whether it keeps its shading, whether the liquid is of one
  // colour and whether it is banded: a bit per LFX_SPREAD_*_CONSTANT. shade_flags_: the frame's, as prepared (without
  // kKeepBit and kOneColourBit, which record() adds from the push; classify is made without
  // kFilmBit).
  static constexpr std::uint32_t kOverFrameBit = 1u << LFX_SPREAD_OVER_FRAME_CONSTANT;
  static constexpr std::uint32_t kMatcapBit = 1u << LFX_SPREAD_MATCAP_CONSTANT;
  static constexpr std::uint32_t kFilmTracesBit = 1u << LFX_SPREAD_FILM_TRACES_CONSTANT;
  static constexpr std::uint32_t kKeepBit = 1u << LFX_SPREAD_KEEP_CONSTANT;
  static constexpr std::uint32_t kFilmBit = 1u << LFX_SPREAD_FILM_CONSTANT;
  static constexpr std::uint32_t kOneColourBit = 1u << LFX_SPREAD_ONE_COLOUR_CONSTANT;
  static constexpr std::uint32_t kBandingBit = 1u << LFX_SPREAD_BANDING_CONSTANT;
  SpecializedComputePipeline classify_{"spread/classify.comp", sizeof(shared::SpreadShadePush),
                                       kOverFrameBit | kMatcapBit | kFilmTracesBit};
  SpecializedComputePipeline shade_{
      "spread/shade.comp", sizeof(shared::SpreadShadePush),
      kOverFrameBit | kMatcapBit | kFilmTracesBit | kKeepBit | kFilmBit | kOneColourBit | kBandingBit};
  std::uint32_t shade_flags_ = 0;
  // The covered tiles' count, the shade's dispatch, the tiles, then every tile's state for
  // lay.comp (classify.comp).
  Buffer tiles_;
  // The tiles tiles_ listed before classify.comp lists them anew and that it does not list again
  // (count, dispatch, tiles: shaded at the last frame, the picture at this one): with tiles_,
  // what changed since the last frame while list_shown_ (the last record laid the picture whole
  // and shaded the listed tiles only). A tile in both lists would be tonemapped twice.
  Buffer vacated_tiles_;
  bool list_shown_ = false;
  bool lists_blank_ = true;  // new buffers: emptied (and the states the picture) at the next record
  Result<Image> upload(const ImageRgba8& picture, const char* what);
  // A frame-size storage image (a copy's source and destination too), made again (and true
  // returned) when the size changes.
  static constexpr VkFormat kFrameImageFormat = VK_FORMAT_R16G16B16A16_SFLOAT;
  Result<bool> ensure_frame_image(Image& image, std::uint32_t width, std::uint32_t height, const char* name);
  void record_frame_copy(FrameContext& frame);
  // What the shading passes are given for a frame of this size (kept = 0).
  shared::SpreadShadePush shade_push(VkExtent2D frame, const SpreadSolver& solver, const SpreadKnobs& knobs,
                                     SpreadBackground background) const;
  Image picture_;  // 1 x 1 until a picture is set
  Image under_;    // the picture under the liquid (skin or picture_) at the frame's size
  bool under_made_ = false;
  Image reference_;  // where the reference pass copies the frame
  Image matcap_;     // 1 x 1 until a matcap is set
  bool use_matcap_ = false;
  // Over a background of its own, a liquid at rest is shaded once: the shading of the covered
  // tiles is kept (kept_) on a frame whose fields did not change since the last, and while the
  // fields and the shading's inputs stay those it was made from, lay.comp lays it again.
  Image kept_;
  bool kept_valid_ = false;
  bool kept_whole_ = false;              // kept_ holds the whole frame (the picture copied in), not only the shading
  shared::SpreadShadePush kept_push_{};  // what it was shaded with (kept = 0)
  std::uint64_t kept_version_ = 0;       // of the fields it shows
  std::uint64_t last_version_ = ~0ull;   // the fields' at the last frame
  bool laid_kept_ = false;
  // What the last record drew with (draws_last_picture): its push (kept = 0) and the fields'
  // version; not valid before the first record or after a new picture or matcap.
  shared::SpreadShadePush drawn_push_{};
  std::uint64_t drawn_version_ = 0;
  bool drawn_valid_ = false;
};

}  // namespace lfx::gpu

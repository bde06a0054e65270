// lfx::gpu::FrameRenderer: records one whole frame (room, effects, scene copy, tonemap) into a
// command buffer the caller passes, or renders and reads it back for callers without a loop.
// Every frame: prepare(view, effects), which may fail, then record(cmd, room, effects).
#pragma once

#include <limits>
#include <memory>
#include <span>
#include <vector>

#include "liquidfx/core/image.h"
#include "liquidfx/core/result.h"
#include "liquidfx/gpu/buffer.h"
#include "liquidfx/gpu/context.h"
#include "liquidfx/gpu/detail/pipeline.h"
#include "liquidfx/gpu/render/frame_passes.h"
#include "liquidfx/gpu/render/frame_targets.h"
#include "liquidfx/gpu/render/frame_view.h"
#include "liquidfx/gpu/render/room.h"
#include "liquidfx/gpu/sampler.h"
#include "liquidfx/gpu/timing.h"

namespace lfx::gpu {

class FrameRenderer {
 public:
  static Result<std::unique_ptr<FrameRenderer>> create(Context& ctx, std::uint32_t width, std::uint32_t height);

  /// Recreates the targets at a new size (nothing when the size is unchanged); the old targets
  /// are retired, so frames in flight keep theirs. Call it before recording a frame.
  Result<void> resize(std::uint32_t width, std::uint32_t height);

  /// Sets the view of the next frame (check_frame_view's error when it cannot be drawn) and runs
  /// every effect's prepare step for it (allocations, uploads). Call it before record; its error
  /// is the frame's.
  Result<void> prepare(const FrameView& view, std::span<FramePasses* const> effects);

  /// Records the frame prepared last into cmd. `room` (optional) draws the backdrop first; without
  /// it the colour starts transparent black and the depth at the far plane. On exit
  /// targets().output holds the display image, last used as kComputeWrite; the other targets are
  /// as their last pass left them.
  void record(VkCommandBuffer cmd, Room* room, std::span<FramePasses* const> effects);

  /// Convenience path: prepares, records, submits, waits and reads the output back.
  Result<ImageRgba8> render(const FrameView& view, Room* room, std::span<FramePasses* const> effects);

  /// Copies the current targets.color into targets.scene_color (and its mips) again, so that
  /// transparent layers drawn next refract what was drawn so far. Also called once per frame
  /// after the opaque passes. Records nothing when neither colour nor depth has been written
  /// since the last whole-frame copy of this frame.
  void refresh_scene_copy(FrameContext& frame);
  /// The same over a rectangle of the frame only (in pixels): the copy and the parts of the mip
  /// chain it affects, in the first `levels` levels of the chain (for a caller that reads no
  /// coarser one until the next whole refresh: those keep what they held). Cost follows the
  /// rectangle's area. Where the depth was not written since the last whole copy, only colour
  /// is copied (an image copy, not a pass).
  void refresh_scene_copy(FrameContext& frame, VkRect2D rect,
                          std::uint32_t levels = std::numeric_limits<std::uint32_t>::max());

  FrameTargets& targets() { return targets_; }
  GpuTimer& timer() { return timer_; }
  Context& context() { return ctx_; }
  /// The uniforms of the frame prepared last.
  const shared::FrameUniforms& uniforms() const { return uniforms_; }

 private:
  explicit FrameRenderer(Context& ctx) : ctx_(ctx) {}
  void record_tonemap(FrameContext& frame);

  Context& ctx_;
  FrameTargets targets_;
  Buffer frame_uniforms_;
  shared::FrameUniforms uniforms_{};
  bool filmic_ = true;  // the prepared view's tonemap
  // Colour plus depth write counts at this frame's last whole-frame copy; kNoCopy before the first.
  static constexpr std::uint64_t kNoCopy = ~std::uint64_t(0);
  std::uint64_t copied_writes_ = kNoCopy;
  std::uint64_t copied_depth_writes_ = kNoCopy;  // the depth's alone at that copy
  Pipeline scene_copy_;
  Pipeline downsample_;
  Pipeline tonemap_;
  Sampler linear_clamp_;
  Sampler nearest_clamp_;
  GpuTimer timer_;
};

}  // namespace lfx::gpu

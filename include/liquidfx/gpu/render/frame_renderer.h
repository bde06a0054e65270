// lfx::gpu::FrameRenderer: records one whole frame (its passes, the scene copy, the tonemap) into
// a command buffer the caller passes, or renders and reads it back for callers without a loop.
// Every frame: prepare(view, passes[, host frame]), which may fail, then record(cmd), which records
// what prepare was given.
// The frame is liquidfx's own targets (which it tonemaps into targets().output) or a host's
// colour and depth images (HostFrame), which it leaves as the host asks.
#pragma once

#include <limits>
#include <memory>
#include <span>
#include <vector>

#include "liquidfx/core/image.h"
#include "liquidfx/core/result.h"
#include "liquidfx/gpu/buffer.h"
#include "liquidfx/gpu/context.h"
#include "liquidfx/gpu/pipeline.h"
#include "liquidfx/gpu/render/frame_passes.h"
#include "liquidfx/gpu/render/frame_targets.h"
#include "liquidfx/gpu/render/frame_view.h"
#include "liquidfx/gpu/render/host_frame.h"
#include "liquidfx/gpu/render/room.h"
#include "liquidfx/gpu/sampler.h"
#include "liquidfx/gpu/timing.h"

namespace lfx::gpu {

class FrameRenderer {
 public:
  /// A renderer with targets of its own of this size (the CLI, the viewer, offline renders).
  static Result<std::unique_ptr<FrameRenderer>> create(Context& ctx, std::uint32_t width, std::uint32_t height);
  /// A renderer of host frames only (prepare with a HostFrame): it makes no targets of its own,
  /// and a frame of its own is an error until resize gives it a size.
  static Result<std::unique_ptr<FrameRenderer>> create(Context& ctx);

  /// Recreates liquidfx's own targets at a new size (nothing when the size is unchanged); the old
  /// targets are retired, so frames in flight keep theirs. Call it before prepare. (A host frame
  /// has the host's images' size; while host frames are drawn the size is only kept.)
  Result<void> resize(std::uint32_t width, std::uint32_t height);

  /// Sets the next frame: its view (check_frame_view's error when it cannot be drawn) and where
  /// it is drawn (the host's images, check_host_frame's error when liquidfx cannot draw into them;
  /// nullptr: liquidfx's own targets), and runs every pass's prepare step for it (allocations,
  /// uploads). Call it before record; its error is the frame's. The host's images must live until
  /// the frame's submission has completed.
  Result<void> prepare(const FrameView& view, std::span<FramePasses* const> passes, const HostFrame* host = nullptr);

  /// Records the frame prepared last into cmd: every pass's opaque step (the backdrop room first,
  /// when there is one), the scene copy, their transparent and post steps. Own targets start
  /// cleared (transparent black, the far depth) unless the first pass clears them itself; on exit
  /// targets().output holds the display image, last used as kComputeWrite. A host frame keeps
  /// what the host drew and ends as its images' `after` say.
  void record(VkCommandBuffer cmd, std::span<FramePasses* const> passes);
  /// The same with the passes prepare was given last (record's list must be that one: another
  /// is logged as an error and the prepared one recorded).
  void record(VkCommandBuffer cmd) { record(cmd, prepared_); }

  /// The passes' simulation steps not recorded yet (FramePasses::pending_steps), summed: what
  /// the next record would hold. After prepare.
  std::size_t pending_steps(std::span<FramePasses* const> passes) const;
  /// Records up to `max_steps` pending steps of each pass into cmd (a host's own command buffer,
  /// submitted before the frame's), with the uploads prepare staged. After prepare, before record.
  void record_steps(VkCommandBuffer cmd, std::span<FramePasses* const> passes, std::size_t max_steps);
  /// Submits the steps beyond kStepsPerBatch a pass in batches of that size, one submission each,
  /// each waited for (and so bounded by the context's GPU timeout), so that the next record holds
  /// at most one batch. Submits on the context's queue: for liquidfx's own frames (render, the
  /// viewer), not for a host that submits everything itself (it uses record_steps).
  Result<void> submit_step_batches(std::span<FramePasses* const> passes);
  /// The three above for the passes prepare was given last.
  std::size_t pending_steps() const { return pending_steps(prepared_); }
  void record_steps(VkCommandBuffer cmd, std::size_t max_steps) { record_steps(cmd, prepared_, max_steps); }
  Result<void> submit_step_batches() { return submit_step_batches(prepared_); }

  /// Convenience path (liquidfx's own targets): prepares, submits pending steps beyond a batch
  /// (submit_step_batches), records, submits, waits and reads the output back.
  Result<ImageRgba8> render(const FrameView& view, std::span<FramePasses* const> passes);

  /// Whether a frame of liquidfx's own whose every pass draws its last picture again
  /// (FramePasses::draws_last_picture), with the same passes, view (the scene time aside) and
  /// output, records only its steps and keeps its output (on by default: a liquid at rest costs
  /// its steps). Off: every frame draws everything, for a caller that times the passes.
  void set_keep_still_frames(bool keep) { keep_still_frames_ = keep; }
  /// Whether the frame recorded last kept the picture before it (no passes drawn).
  bool kept_last_picture() const { return kept_last_picture_; }
  /// Whether the frame recorded last was the one before but on the tiles its passes listed
  /// (FramePasses::redrawn_tiles), and tonemapped those only.
  bool redrew_listed_tiles() const { return !redrawn_tiles_.empty(); }

  FrameTargets& targets() { return targets_; }
  GpuTimer& timer() { return timer_; }
  Context& context() { return ctx_; }
  /// The uniforms of the frame prepared last.
  const shared::FrameUniforms& uniforms() const { return uniforms_; }

 private:
  friend struct FrameContext;  // its refresh_scene_copy: what passes call
  explicit FrameRenderer(Context& ctx) : ctx_(ctx) {}
  // Copies the current targets.color into targets.scene_color (and its mips) again, so that
  // transparent layers drawn next refract what was drawn so far. Also called once per frame
  // after the opaque passes. Records nothing when neither colour nor depth has been written
  // since the last whole-frame copy of this frame.
  void refresh_scene_copy(FrameContext& frame);
  // The same over a rectangle of the frame only (in pixels): the copy and the parts of the mip
  // chain it affects, in the first `levels` levels of the chain (for a caller that reads no
  // coarser one until the next whole refresh: those keep what they held). Cost follows the
  // rectangle's area. Where the depth was not written since the last whole copy, only colour
  // is copied (an image copy, not a pass).
  void refresh_scene_copy(FrameContext& frame, VkRect2D rect,
                          std::uint32_t levels = std::numeric_limits<std::uint32_t>::max());
  Result<void> take_own_frame();
  Result<void> take_host_frame(const HostFrame& host);
  Result<void> make_copy_pipelines(VkFormat host_format);
  Result<void> make_depth_copy_pipelines(VkFormat host_format);
  // Whether this frame is the last one's again but for what its passes draw: the same passes,
  // view (scene time aside), tonemap, environment and untouched targets (set_keep_still_frames).
  bool same_frame(std::span<FramePasses* const> passes) const;
  // Whether this frame would draw the last frame's picture again.
  bool draws_last_picture(std::span<FramePasses* const> passes) const;
  // The lists of tiles the passes redraw where each of the others draws its last picture again
  // (FramePasses::redrawn_tiles); none: the whole frame may change.
  std::vector<const Buffer*> redrawn_tiles(std::span<FramePasses* const> passes) const;
  void record_start(FrameContext& frame, std::span<FramePasses* const> passes);
  void record_end(FrameContext& frame);
  void record_tonemap(FrameContext& frame);
  // A full-`area` draw of `to` from `from`, texel for texel (`from` texel = pixel + offset).
  void record_copy(VkCommandBuffer cmd, const Pipeline& pipeline, Image& from, Image& to, VkRect2D area,
                   glm::ivec2 offset);
  // The host's depth into the working depth (and depth_copied_in_), and back where it changed.
  void record_depth_in(VkCommandBuffer cmd, glm::ivec2 offset);
  void record_depth_out(VkCommandBuffer cmd, glm::ivec2 offset, bool keep_untouched);

  Context& ctx_;
  std::vector<FramePasses*> prepared_;  // what the last prepare was given, for record
  FrameTargets targets_;
  VkExtent2D own_size_{0, 0};  // liquidfx's own targets' size (resize)
  // The host's frame, when the frame prepared last is one.
  bool hosted_ = false;
  Image host_color_;   // the host's colour when it is drawn through a working copy (targets_.color)
  Pipeline copy_in_;   // host colour -> working RGBA16F (frame_copy)
  Pipeline copy_out_;  // working -> host colour, made for its format
  VkFormat copy_out_format_ = VK_FORMAT_UNDEFINED;
  // A viewport smaller than the host's images: its part of their depth goes through a working
  // D32 (targets_.depth) too, copied in and out like the colour.
  VkRect2D host_area_{};                 // the viewport in the host's images
  Image host_depth_;                     // the host's depth when it is drawn through a working copy
  FrameGraphicsPipeline depth_copy_in_;  // host depth -> working D32 and depth_copied_in_
  // The working depth's values as copied in (R32F), so that only what liquidfx changed goes back.
  static constexpr VkFormat kDepthCopiedInFormat = VK_FORMAT_R32_SFLOAT;
  Image depth_copied_in_;
  FrameGraphicsPipeline depth_copy_out_;  // working -> host depth, made for its format
  ImageAccess host_color_after_ = access::kUndefined, host_depth_after_ = access::kUndefined;
  bool clear_color_ = false, clear_depth_ = false;  // the host handed them over UNDEFINED
  bool own_depth_ = false;  // the frame's depth is liquidfx's (no host depth, or a working copy)
  Buffer frame_uniforms_;
  shared::FrameUniforms uniforms_{};
  bool filmic_ = true;  // the prepared view's tonemap
  // Colour plus depth write counts at this frame's last whole-frame copy; kNoCopy before the first.
  static constexpr std::uint64_t kNoCopy = ~std::uint64_t(0);
  std::uint64_t copied_writes_ = kNoCopy;
  std::uint64_t copied_depth_writes_ = kNoCopy;  // the depth's alone at that copy
  Pipeline scene_copy_;
  Pipeline downsample_;
  Pipeline tonemap_[2];        // clipped, filmic (filmic_)
  Pipeline tonemap_tiles_[2];  // the same on listed tiles (redrawn_tiles_)
  Sampler linear_clamp_;
  Sampler nearest_clamp_;
  VkImageView environment_ = VK_NULL_HANDLE;  // the prepared view's (the host's cube), if any
  Image black_environment_;                   // bound when there is none (1x1 cube, cleared once)
  GpuTimer timer_;
  // What the last own frame drew with (draws_last_picture): its passes, uniforms (scene time
  // zeroed), tonemap, environment, output, and the output's and colour's write counts at its end.
  struct Drawn {
    bool valid = false;
    std::vector<FramePasses*> passes;
    shared::FrameUniforms uniforms{};
    bool filmic = true;
    VkImageView environment = VK_NULL_HANDLE;
    VkImage output = VK_NULL_HANDLE;
    std::uint64_t output_writes = 0;
    std::uint64_t color_writes = 0;
  };
  Drawn drawn_;
  bool keep_still_frames_ = true;
  bool kept_last_picture_ = false;
  std::vector<const Buffer*> redrawn_tiles_;  // this frame's (redrawn_tiles); empty: the whole frame
};

}  // namespace lfx::gpu

// The hooks through which an effect draws into a frame, and what it sees while it does.
//
// Before recording, every effect's prepare: the one step that may allocate, upload, resize or
// fail (its Result reaches the caller). Then recording, which cannot fail:
// every pass's record_opaque (the backdrop room first, when there is one) -> scene copy (colour
// with mips, linear depth) -> every pass's record_transparent, layer by layer
// (transparent_layer) -> every pass's record_post -> tonemap (liquidfx's own targets).
#pragma once

#include <vulkan/vulkan.h>

#include <cstddef>
#include <cstdint>
#include <glm/mat4x4.hpp>
#include <span>
#include <vector>

#include "liquidfx/gpu/buffer.h"
#include "liquidfx/gpu/context.h"
#include "liquidfx/gpu/image.h"
#include "liquidfx/gpu/pipeline.h"
#include "liquidfx/gpu/render/frame_targets.h"
#include "liquidfx/gpu/sampler.h"
#include "liquidfx/gpu/timing.h"
#include "liquidfx/shared/frame.h"

namespace lfx::gpu {

class FrameRenderer;

/// What a prepare step sees: the device, the size of the frame about to be recorded, the
/// format of its depth (kDepthFormat, or a host's D24S8 or D16) and whether it has a host's
/// environment cube. Its colour is always kHdrFormat.
struct FramePrepare {
  Context& ctx;
  std::uint32_t width;   ///< Pixels.
  std::uint32_t height;  ///< Pixels.
  VkFormat depth_format = kDepthFormat;
  /// A pass whose shaders call frame_environment prepares the pipeline variant for it
  /// (EnvironmentComputePipeline, FrameGraphicsPipeline).
  bool environment_cube = false;
};

/// What a pass sees while the frame records. Made by the FrameRenderer recording the frame.
struct FrameContext {
  FrameContext(const Context& context, VkCommandBuffer command_buffer, FrameTargets& frame_targets,
               const Buffer& uniform_buffer, const shared::FrameUniforms& uniform_values, GpuTimer* pass_timer,
               const Sampler& linear, const Sampler& nearest, FrameRenderer& recording, VkImageView environment_view,
               bool host_environment)
      : ctx(context),
        cmd(command_buffer),
        targets(frame_targets),
        frame_uniforms(uniform_buffer),
        uniforms(uniform_values),
        timer(pass_timer),
        linear_clamp(linear),
        nearest_clamp(nearest),
        environment(environment_view),
        environment_cube(host_environment),
        renderer_(recording) {}

  const Context& ctx;
  VkCommandBuffer cmd;
  FrameTargets& targets;
  const Buffer& frame_uniforms;           ///< FrameUniforms (std140) for shaders.
  const shared::FrameUniforms& uniforms;  ///< The same values on the CPU.
  GpuTimer* timer;                        ///< Name each pass with PassScope(timer, cmd, "name").
  const Sampler& linear_clamp;            ///< Trilinear, clamp to edge.
  const Sampler& nearest_clamp;           ///< Point sampling, clamp to edge.
  /// The environment cube a pass that calls frame_environment binds at
  /// LFX_FRAME_ENVIRONMENT_BINDING (with linear_clamp): the host's, or a black one.
  VkImageView environment;
  /// Whether that is the host's (FramePrepare::environment_cube): the pipeline variant to bind.
  bool environment_cube = false;
  /// Whether a pass's record_post will cover the whole colour (FramePasses::covers_frame) and no
  /// pass samples the scene copy: the colour need not be cleared (a pass that clears the frame
  /// may clear the depth only), what is drawn in it before that pass is never seen.
  bool color_covered = false;
  /// Whether the colour holds the last frame's picture as it was left (nothing wrote it since),
  /// and this frame's passes change it only on the tiles they list (FramePasses::redrawn_tiles):
  /// a pass may then redraw only what it changes.
  bool color_kept = false;

  /// Copies the current colour (and depth) into targets.scene_color (with its mips) and
  /// targets.scene_depth again, so that what a pass draws next refracts what was drawn so far;
  /// nothing when neither changed since the last copy. The second form: over a rectangle of the
  /// frame only (pixels), in the first `levels` levels of the mip chain.
  void refresh_scene_copy();
  void refresh_scene_copy(VkRect2D rect, std::uint32_t levels = UINT32_MAX);

  /// Whether the frame's depth is reversed (near at 1, far at 0): depth tests compare the
  /// other way (Pipeline::bind(cmd, reversed_depth())) and depth clears to far_depth().
  bool reversed_depth() const { return uniforms.depth_planes.z > 0.5f; }
  /// The depth buffer's value at the far plane (where nothing is drawn): 1, or 0 when reversed.
  float far_depth() const { return reversed_depth() ? 0.0f : 1.0f; }

  /// Puts an effect's liquid into the frame's depth, for later passes (a host's fog, TAA): a
  /// full-frame draw of `pipeline` (render/frame_copy.vert and a fragment shader that writes
  /// gl_FragDepth from `source`, a storage image at binding `source_binding`, with the frame's
  /// uniforms at 0), depth-tested so only liquid nearer than what is there is kept.
  void draw_depth_out(const Pipeline& pipeline, Image& source, std::uint32_t source_binding,
                      std::span<const std::byte> push = {}) const;

 private:
  FrameRenderer& renderer_;  // recording the frame: passes reach it only through the calls above
};

/// Implemented by every effect. Images are tracked (Image::use): a pass states how it is about to
/// use a target and the barrier is recorded.
class FramePasses {
 public:
  virtual ~FramePasses() = default;
  /// Before the frame records: (re)allocate and upload what it needs. Resources it replaces go
  /// to Context::retire (frames in flight may still use them), never destroyed here.
  virtual Result<void> prepare(const FramePrepare&) { return success(); }
  /// Opaque geometry into targets.color and targets.depth.
  virtual void record_opaque(FrameContext&) {}
  /// Whether, as the frame's first pass, its record_opaque clears the whole colour and depth
  /// (the backdrop room): liquidfx's own targets are then not cleared before it.
  virtual bool clears_frame() const { return false; }
  /// Whether its later passes read targets.scene_color or scene_depth as the opaque passes left
  /// them: the frame copies them after the opaque passes only if some pass does (the copy costs a
  /// full-frame pass). Passes that refresh the copy themselves get it either way.
  virtual bool samples_scene_copy() const { return true; }
  /// Transparent geometry; may sample targets.scene_color (mips) and targets.scene_depth, and
  /// may call frame.refresh_scene_copy() so that it refracts what earlier layers drew.
  virtual void record_transparent(FrameContext&) {}
  /// Which layer the transparent step belongs to: the frame records the layers in increasing
  /// order, the passes of one layer in the order given. Free liquid (the particle surface, the
  /// 2D effects) is kFreeLiquidLayer; glass containers (the bottles) are kGlassLayer, drawn
  /// after it and refracting it, whatever order a host lists the passes in.
  virtual int transparent_layer() const { return kFreeLiquidLayer; }
  static constexpr int kFreeLiquidLayer = 0;
  static constexpr int kGlassLayer = 1;
  /// Full-frame passes over targets.color before tonemapping.
  virtual void record_post(FrameContext&) {}
  /// Whether its record_post writes every pixel of targets.color without reading what was there
  /// (a picture of its own under the liquid): what the passes before it drew in colour is never
  /// seen, so liquidfx's own frame does not clear its colour (FrameContext::color_covered).
  virtual bool covers_frame() const { return false; }

  /// Whether its passes would draw again exactly the picture they drew at their last record, in
  /// the same frame (the same uniforms, scene time aside, and targets): a liquid at rest, a room.
  /// Asked for liquidfx's own frames after prepare, of the state as it stands; when every pass
  /// says so the frame records the pending steps first (record_steps) and asks again. When every
  /// pass still says so, the frame records none of their passes and keeps its output
  /// (FrameRenderer::kept_last_picture). A pass whose picture moves with the scene time says
  /// false while it moves, and every pass before its first record.
  virtual bool draws_last_picture() const { return false; }
  /// Where it does not (asked then, in the same frame): whether its passes would draw the last
  /// picture again but on 8 x 8 pixel tiles of the frame that they list on the GPU as they record,
  /// in buffers laid out as shared/frame.h says (kFrameTilesPerRow): those buffers, which must stay
  /// until the frame's end; none (the default) when anywhere may change. When every pass draws
  /// its last picture or lists where it does not, liquidfx's own frame tonemaps only the listed
  /// tiles, and the rest of its output keeps what the last tonemap left.
  virtual std::vector<const Buffer*> redrawn_tiles() const { return {}; }

  /// Simulation steps advanced and not recorded yet (the particles' solver steps, the spread's
  /// steps): the frame records them all. After a long advance (a paused view, a catch-up after
  /// a hitch, a loading screen) that is a pile no one submission should hold, so the caller may
  /// record them ahead in batches of its own command buffers (record_steps); FrameRenderer's
  /// render and submit_step_batches (the viewer's) submit batches of kStepsPerBatch.
  virtual std::size_t pending_steps() const { return 0; }
  /// Records the first `max_steps` of the pending steps into cmd, after prepare and before the
  /// frame's record (which then records the rest). Cannot fail.
  virtual void record_steps(VkCommandBuffer, GpuTimer*, std::size_t /*max_steps*/) {}
};

/// The most steps of one pass that liquidfx's own submissions hold (FramePasses::pending_steps):
/// a frame records at most this many, the steps before them go in submissions of their own.
inline constexpr std::size_t kStepsPerBatch = 16;

}  // namespace lfx::gpu

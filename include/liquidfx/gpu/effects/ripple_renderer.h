// lfx::gpu::RippleRenderer: water ripples over any image.
//
// Rings (seed 001, any number): the live ripples are binned on the GPU into 16 x 16 pixel tiles
// by the annulus their rings cover now (count, scan, fill), and each pixel visits only its
// tile's list, so cost follows how many ripples overlap a pixel, not how many there are.
// Waves: a wave-equation height field with a physical wave speed, stepped in fixed sub-steps,
// with absorbing or reflecting edges, a mask of walls, drops and held (dragged) sources.
// Both read the frame's scene-colour copy and write the frame's colour.
#pragma once

#include <memory>
#include <span>
#include <vector>

#include "liquidfx/core/image.h"
#include "liquidfx/core/result.h"
#include "liquidfx/core/ripples/ripple_pool.h"
#include "liquidfx/core/ripples/wave_field.h"
#include "liquidfx/gpu/buffer.h"
#include "liquidfx/gpu/context.h"
#include "liquidfx/gpu/image.h"
#include "liquidfx/gpu/pipeline.h"
#include "liquidfx/gpu/render/frame_passes.h"

namespace lfx::gpu {

/// What the ripples play over when the frame has nothing of its own: a procedural picture, or an
/// image of the host's (set_user_picture), stretched over the frame or the board.
enum class Picture { sunset, pebbles, user };

/// A tile puzzle's board: the picture cut into the grid's cells, cell i showing tile_of_cell[i].
struct Board {
  GridRect grid;
  std::vector<std::uint32_t> tile_of_cell;
};

class RippleRenderer {
 public:
  static Result<std::unique_ptr<RippleRenderer>> create(Context& ctx);

  /// Uploads an image (sRGB RGBA8, any size) as Picture::user.
  Result<void> set_user_picture(const ImageRgba8& image);
  /// Draws a picture over the whole of targets.color, cut into a board when given.
  void record_picture(FrameContext& frame, Picture picture, const Board* board);
  /// Ring ripples over the frame (ripples from RipplePool::gpu).
  void record_rings(FrameContext& frame, std::span<const shared::RippleGpu> ripples, const RippleKnobs& knobs,
                    float caustic_time);
  /// Waves: sizes the field (cells across and down, `cell` short sides each) and its mask
  /// (1 water, 0 wall; empty: all water). Clears the water.
  Result<void> configure_waves(int width, int height, float cell, const std::vector<std::uint8_t>& mask);
  /// Waves: applies drops, then runs the sub-steps with the held sources pressing the surface.
  void record_wave_steps(FrameContext& frame, const WaveStepping& stepping, std::span<const shared::WaveSource> drops,
                         std::span<const shared::WaveSource> held, const RippleKnobs& knobs);
  /// Waves: the frame seen through the height field.
  void record_wave_shading(FrameContext& frame, const RippleKnobs& knobs, float caustic_time);
  /// The current height field (RG32F: height, velocity), for tests.
  Image& wave_field() { return fields_[current_]; }

 private:
  explicit RippleRenderer(Context& ctx) : ctx_(ctx) {}
  Result<void> ensure_rings_buffers(std::size_t ripples, std::size_t tiles, std::size_t entries);

  Context& ctx_;
  Pipeline picture_, board_, bin_fill_, bin_scan_, rings_, wave_step_, waves_shade_;
  Image picture_image_;  // the procedural picture, at the frame's size
  Picture picture_kind_ = Picture::sunset;
  Image user_picture_;
  Buffer tiles_buffer_;  // the board's tile_of_cell
  Buffer ripples_, tile_counts_, tile_offsets_, tile_entries_;
  Image fields_[2], mask_;
  Buffer held_;
  int current_ = 0;
  float cell_ = 1.0f;
};

}  // namespace lfx::gpu

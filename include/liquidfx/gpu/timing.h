// Per-pass GPU timestamps with names. Reset at the start of a frame's recording, bracket each
// pass with begin/end (or a PassScope); the times of the newest frame that has finished on the
// GPU are read without waiting, with up to kTimedFramesInFlight - 1 newer frames in flight (each
// frame has its own range of queries). Each pass also gets a debug label for captures. Passes do
// not nest; a name used several times in a frame (one pass per container) adds up to one time.
#pragma once

#include <vulkan/vulkan.h>

#include <cstdint>
#include <string>
#include <vector>

#include "liquidfx/core/result.h"
#include "liquidfx/gpu/context.h"

namespace lfx::gpu {

struct PassTime {
  std::string name;
  double milliseconds = 0.0;
};

/// Frames a GpuTimer keeps query ranges for: the newest finished one is read while the others
/// are in flight.
inline constexpr std::uint32_t kTimedFramesInFlight = 4;

class GpuTimer {
 public:
  static Result<GpuTimer> create(const Context& ctx, std::uint32_t max_passes = 1024);

  GpuTimer() = default;
  ~GpuTimer();
  GpuTimer(GpuTimer&& other) noexcept;
  GpuTimer& operator=(GpuTimer&& other) noexcept;
  GpuTimer(const GpuTimer&) = delete;
  GpuTimer& operator=(const GpuTimer&) = delete;

  /// Whether the device has timestamps (when not, begin/end only record labels).
  bool enabled() const { return pool_ != VK_NULL_HANDLE; }
  /// Starts a frame in the next range of queries (the one kTimedFramesInFlight frames old,
  /// whose times are then forgotten) and records its reset.
  void reset(VkCommandBuffer cmd);
  void begin(VkCommandBuffer cmd, const char* name);
  void end(VkCommandBuffer cmd);
  /// The passes of the newest frame whose work has completed, in order of first use, repeated
  /// names summed; empty when none has yet. Never waits. A frame counts as completed once a
  /// submission on the Context's timeline made after its reset was recorded has completed (every
  /// submission of liquidfx's work signals it: Context::submit, next_signal) and its queries
  /// are available.
  Result<std::vector<PassTime>> results() const;

 private:
  // One frame's range of queries: 2 x max_passes_ from first_query.
  struct Frame {
    std::vector<std::string> names;
    std::uint64_t serial_at_reset = 0;  // the timeline's last submission when it was recorded
  };
  void release();
  std::uint32_t first_query(std::uint32_t frame) const { return frame * 2 * max_passes_; }
  // The range of the frame `age` frames before the newest started (age < resets_).
  std::uint32_t frame_index(std::uint64_t age) const {
    return std::uint32_t((resets_ - 1 - age) % kTimedFramesInFlight);
  }
  const Context* ctx_ = nullptr;
  VkQueryPool pool_ = VK_NULL_HANDLE;
  std::uint32_t max_passes_ = 0;
  std::vector<Frame> frames_ = std::vector<Frame>(kTimedFramesInFlight);
  std::uint64_t resets_ = 0;  // frames started: the newest is frame_index(0)
  bool open_ = false;
  bool timed_ = false;  // the open pass has a query pair
};

/// Times one pass for the duration of a scope.
class PassScope {
 public:
  PassScope(GpuTimer* timer, VkCommandBuffer cmd, const char* name) : timer_(timer), cmd_(cmd) {
    if (timer_) timer_->begin(cmd_, name);
  }
  ~PassScope() {
    if (timer_) timer_->end(cmd_);
  }
  PassScope(const PassScope&) = delete;
  PassScope& operator=(const PassScope&) = delete;

 private:
  GpuTimer* timer_;
  VkCommandBuffer cmd_;
};

}  // namespace lfx::gpu

// Per-pass GPU timestamps with names. Reset at the start of a frame's recording, bracket each
// pass with begin/end (or a PassScope), read the times once the frame has finished on the GPU.
// Each pass also gets a debug label for captures. Passes do not nest; a name used several times
// in a frame (one pass per container) adds up to one time.
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
  /// Starts a frame: forgets the previous passes and resets the queries.
  void reset(VkCommandBuffer cmd);
  void begin(VkCommandBuffer cmd, const char* name);
  void end(VkCommandBuffer cmd);
  /// The passes of the last frame in order of first use, repeated names summed; call after
  /// its work completed.
  Result<std::vector<PassTime>> results() const;

 private:
  void release();
  const Context* ctx_ = nullptr;
  VkQueryPool pool_ = VK_NULL_HANDLE;
  std::uint32_t max_passes_ = 0;
  std::vector<std::string> names_;
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

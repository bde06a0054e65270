// lfx::gpu::ReadbackRing: a solver's statistics copied into host-readable buffers, one a frame,
// and read later without waiting for the GPU: the newest whose submission has completed.
#pragma once

#include <array>
#include <cstdint>

#include "liquidfx/core/result.h"
#include "liquidfx/gpu/buffer.h"
#include "liquidfx/gpu/context.h"

namespace lfx::gpu {

class ReadbackRing {
 public:
  struct Slot {
    Buffer buffer;
    std::uint64_t serial = 0;  // the submission that fills it (0: never used)
    double time = 0.0;         // the simulated time its statistics describe
    std::uint64_t tag = 0;     // a count its owner keeps with them (the particles: those issued)
  };
  /// Makes every slot's buffer hold `bytes` (the old ones are retired: frames in flight may
  /// still copy into them).
  Result<void> make(Context& ctx, VkDeviceSize bytes, const char* name);
  /// The slot to copy this frame's statistics into (after them, a barrier to the host), filled
  /// by the next submission the Context makes.
  Slot& next(const Context& ctx, double time);
  /// The newest slot whose submission has completed, its buffer ready to read; nullptr if none.
  const Slot* newest(const Context& ctx) const;

 private:
  std::array<Slot, 3> slots_;
  std::size_t next_ = 0;
};

}  // namespace lfx::gpu

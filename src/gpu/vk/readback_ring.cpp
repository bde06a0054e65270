#include "liquidfx/gpu/readback_ring.h"

namespace lfx::gpu {

Result<void> ReadbackRing::make(Context& ctx, VkDeviceSize bytes, const char* name) {
  for (Slot& s : slots_) {
    LFX_TRY_ASSIGN(Buffer made,
                   Buffer::create(ctx, bytes, VK_BUFFER_USAGE_TRANSFER_DST_BIT, MemoryUsage::readback, name));
    ctx.retire(std::move(s.buffer));
    s = Slot{std::move(made)};
  }
  return success();
}

ReadbackRing::Slot& ReadbackRing::next(const Context& ctx, double time) {
  Slot& s = slots_[next_];
  next_ = (next_ + 1) % slots_.size();
  s.serial = ctx.submitted_serial() + 1;
  s.time = time;
  return s;
}

const ReadbackRing::Slot* ReadbackRing::newest(const Context& ctx) const {
  const std::uint64_t done = ctx.completed_serial();
  const Slot* newest = nullptr;
  for (const Slot& s : slots_)
    if (s.serial != 0 && s.serial <= done && (!newest || s.serial > newest->serial)) newest = &s;
  if (newest) newest->buffer.invalidate();
  return newest;
}

}  // namespace lfx::gpu

#include "liquidfx/gpu/timing.h"

#include <algorithm>
#include <cassert>
#include <utility>

namespace lfx::gpu {

Result<GpuTimer> GpuTimer::create(const Context& ctx, std::uint32_t max_passes) {
  GpuTimer t;
  t.ctx_ = &ctx;
  t.max_passes_ = max_passes;
  if (ctx.timestamp_period_ns() <= 0.0) return t;
  VkQueryPoolCreateInfo info{VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO};
  info.queryType = VK_QUERY_TYPE_TIMESTAMP;
  info.queryCount = 2 * max_passes * kTimedFramesInFlight;
  if (auto r = vk_check(vkCreateQueryPool(ctx.device(), &info, nullptr, &t.pool_), "vkCreateQueryPool"); !r)
    return r.error();
  return t;
}

GpuTimer::~GpuTimer() {
  release();
}

GpuTimer::GpuTimer(GpuTimer&& other) noexcept {
  *this = std::move(other);
}

GpuTimer& GpuTimer::operator=(GpuTimer&& other) noexcept {
  if (this != &other) {
    release();
    ctx_ = std::exchange(other.ctx_, nullptr);
    pool_ = std::exchange(other.pool_, VK_NULL_HANDLE);
    max_passes_ = other.max_passes_;
    frames_ = std::move(other.frames_);
    resets_ = other.resets_;
    open_ = other.open_;
    timed_ = other.timed_;
  }
  return *this;
}

void GpuTimer::release() {
  if (ctx_ && pool_) vkDestroyQueryPool(ctx_->device(), pool_, nullptr);
  pool_ = VK_NULL_HANDLE;
}

void GpuTimer::reset(VkCommandBuffer cmd) {
  assert(!open_);
  ++resets_;
  Frame& f = frames_[frame_index(0)];
  f.names.clear();
  f.serial_at_reset = ctx_->submitted_serial();
  if (pool_) vkCmdResetQueryPool(cmd, pool_, first_query(frame_index(0)), 2 * max_passes_);
}

void GpuTimer::begin(VkCommandBuffer cmd, const char* name) {
  assert(!open_ && "passes do not nest");
  open_ = true;
  ctx_->begin_label(cmd, name);
  timed_ = pool_ && resets_ > 0 && frames_[frame_index(0)].names.size() < max_passes_;
  if (!timed_) return;
  std::vector<std::string>& names = frames_[frame_index(0)].names;
  vkCmdWriteTimestamp2(cmd, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, pool_,
                       first_query(frame_index(0)) + 2 * std::uint32_t(names.size()));
  names.emplace_back(name);
}

void GpuTimer::end(VkCommandBuffer cmd) {
  assert(open_);
  open_ = false;
  ctx_->end_label(cmd);
  if (!timed_) return;
  vkCmdWriteTimestamp2(cmd, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, pool_,
                       first_query(frame_index(0)) + 2 * std::uint32_t(frames_[frame_index(0)].names.size() - 1) + 1);
}

Result<std::vector<PassTime>> GpuTimer::results() const {
  std::vector<PassTime> out;
  if (!pool_) return out;
  const std::uint64_t completed = ctx_->completed_serial();
  // From the newest frame back: the first that completed (an older one is never newer news).
  for (std::uint64_t age = 0; age < std::min<std::uint64_t>(resets_, kTimedFramesInFlight); ++age) {
    const std::uint32_t index = frame_index(age);
    const Frame& f = frames_[index];
    if (completed <= f.serial_at_reset) continue;  // not submitted, or not done
    if (f.names.empty()) return out;
    std::vector<std::uint64_t> ticks(2 * f.names.size());
    const VkResult got = vkGetQueryPoolResults(ctx_->device(), pool_, first_query(index), std::uint32_t(ticks.size()),
                                               ticks.size() * sizeof(std::uint64_t), ticks.data(),
                                               sizeof(std::uint64_t), VK_QUERY_RESULT_64_BIT);
    if (got == VK_NOT_READY) continue;  // its submission is not the one that completed
    LFX_TRY(vk_check(got, "vkGetQueryPoolResults"));
    for (std::size_t i = 0; i < f.names.size(); ++i) {
      const double ms = double(ticks[2 * i + 1] - ticks[2 * i]) * ctx_->timestamp_period_ns() * 1e-6;
      auto same = std::find_if(out.begin(), out.end(), [&](const PassTime& p) { return p.name == f.names[i]; });
      if (same != out.end()) {
        same->milliseconds += ms;
      } else {
        out.push_back({f.names[i], ms});
      }
    }
    return out;
  }
  return out;
}

}  // namespace lfx::gpu

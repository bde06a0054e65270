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
  info.queryCount = 2 * max_passes;
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
    names_ = std::move(other.names_);
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
  names_.clear();
  if (pool_) vkCmdResetQueryPool(cmd, pool_, 0, 2 * max_passes_);
}

void GpuTimer::begin(VkCommandBuffer cmd, const char* name) {
  assert(!open_ && "passes do not nest");
  open_ = true;
  ctx_->begin_label(cmd, name);
  timed_ = pool_ && names_.size() < max_passes_;
  if (!timed_) return;
  vkCmdWriteTimestamp2(cmd, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, pool_, 2 * std::uint32_t(names_.size()));
  names_.emplace_back(name);
}

void GpuTimer::end(VkCommandBuffer cmd) {
  assert(open_);
  open_ = false;
  ctx_->end_label(cmd);
  if (!timed_) return;
  vkCmdWriteTimestamp2(cmd, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, pool_, 2 * std::uint32_t(names_.size() - 1) + 1);
}

Result<std::vector<PassTime>> GpuTimer::results() const {
  std::vector<PassTime> out;
  if (!pool_ || names_.empty()) return out;
  std::vector<std::uint64_t> ticks(2 * names_.size());
  if (auto r = vk_check(vkGetQueryPoolResults(ctx_->device(), pool_, 0, std::uint32_t(ticks.size()),
                                              ticks.size() * sizeof(std::uint64_t), ticks.data(), sizeof(std::uint64_t),
                                              VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT),
                        "vkGetQueryPoolResults");
      !r)
    return r.error();
  for (std::size_t i = 0; i < names_.size(); ++i) {
    const double ms = double(ticks[2 * i + 1] - ticks[2 * i]) * ctx_->timestamp_period_ns() * 1e-6;
    auto same = std::find_if(out.begin(), out.end(), [&](const PassTime& p) { return p.name == names_[i]; });
    if (same != out.end()) {
      same->milliseconds += ms;
    } else {
      out.push_back({names_[i], ms});
    }
  }
  return out;
}

}  // namespace lfx::gpu

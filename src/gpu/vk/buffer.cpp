#include "liquidfx/gpu/buffer.h"

#include <algorithm>
#include <cstring>
#include <utility>

#include "device_memory.h"
#include "upload_ring.h"

namespace lfx::gpu {
namespace {

// The largest buffer of this usage that shaders can read: a storage buffer is bound whole, so
// at most one storage range, unless shaders reach it by its device address.
VkDeviceSize readable_limit(const Context& ctx, VkBufferUsageFlags usage) {
  const bool bound =
      (usage & VK_BUFFER_USAGE_STORAGE_BUFFER_BIT) && !(usage & VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT);
  return bound ? ctx.properties().limits.maxStorageBufferRange : ~VkDeviceSize(0);
}

}  // namespace

Result<void> ensure_device_buffer(const Context& ctx, Buffer& buffer, VkDeviceSize bytes, VkBufferUsageFlags usage,
                                  const char* name) {
  bytes = std::max<VkDeviceSize>(bytes, 1);
  if (buffer.size() >= bytes) return success();
  // Half again as much for the next growth, but never past what shaders can read when the asked
  // size fits in it.
  VkDeviceSize size = bytes + bytes / 2;
  const VkDeviceSize limit = readable_limit(ctx, usage);
  if (bytes <= limit) size = std::min(size, limit);
  auto grown = Buffer::create(ctx, size, usage, MemoryUsage::device, name);
  if (!grown) return grown.error();
  ctx.retire(std::move(buffer));  // frames in flight may still read it
  buffer = std::move(grown.value());
  return success();
}

Result<Buffer> Buffer::create(const Context& ctx, VkDeviceSize size, VkBufferUsageFlags usage, MemoryUsage memory,
                              const char* name) {
  assert(size > 0);
  if (const VkDeviceSize limit = readable_limit(ctx, usage); size > limit)
    return input_error(std::string(name) + " needs " + byte_size_text(size) +
                       ", more than the largest storage buffer the device binds (" + byte_size_text(limit) + ")");
  if (const VkDeviceSize texels = size / sizeof(std::uint32_t), most = ctx.properties().limits.maxTexelBufferElements;
      (usage & VK_BUFFER_USAGE_STORAGE_TEXEL_BUFFER_BIT) && texels > most)
    return input_error(std::string(name) + " holds " + std::to_string(texels) +
                       " words, more than the device reads as a texel buffer (" + std::to_string(most) + ")");
  Buffer b;
  b.ctx_ = &ctx;
  b.device_ = ctx.device();
  b.size_ = size;
  VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  info.size = size;
  info.usage = usage;
  info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  LFX_TRY(vk_check(vkCreateBuffer(b.device_, &info, nullptr, &b.buffer_), "vkCreateBuffer"));
  ctx.set_name(VK_OBJECT_TYPE_BUFFER, reinterpret_cast<std::uint64_t>(b.buffer_), name);

  VkMemoryRequirements req{};
  vkGetBufferMemoryRequirements(b.device_, b.buffer_, &req);
  VkMemoryPropertyFlags required = 0, preferred = 0;
  switch (memory) {
    case MemoryUsage::device:
      required = VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT;
      break;
    case MemoryUsage::upload:
      required = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
      preferred = VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT;
      break;
    case MemoryUsage::readback:
      required = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT;
      preferred = VK_MEMORY_PROPERTY_HOST_CACHED_BIT;
      break;
  }
  std::uint32_t type = ctx.find_memory_type(req.memoryTypeBits, required, preferred);
  if (type == UINT32_MAX && memory == MemoryUsage::upload)  // very rare: upload through non-coherent memory
    type = ctx.find_memory_type(req.memoryTypeBits, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT);
  if (type == UINT32_MAX) return gpu_error(std::string(name) + ": no suitable memory type");

  const bool addressed = (usage & VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT) != 0;
  VkMemoryAllocateFlagsInfo flags{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO};
  flags.flags = VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT;
  LFX_TRY_ASSIGN(b.memory_, allocate_device_memory(ctx, req, type, addressed ? &flags : nullptr, name));
  if (auto r = vk_check(vkBindBufferMemory(b.device_, b.buffer_, b.memory_, 0), "vkBindBufferMemory"); !r)
    return r.error();
  if (addressed) {
    VkBufferDeviceAddressInfo where{VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO};
    where.buffer = b.buffer_;
    b.address_ = vkGetBufferDeviceAddress(b.device_, &where);
  }
  if (usage & VK_BUFFER_USAGE_STORAGE_TEXEL_BUFFER_BIT) {
    VkBufferViewCreateInfo view{VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO};
    view.buffer = b.buffer_;
    view.format = VK_FORMAT_R32_UINT;
    view.range = size / sizeof(std::uint32_t) * sizeof(std::uint32_t);
    LFX_TRY(vk_check(vkCreateBufferView(b.device_, &view, nullptr, &b.word_texels_), "vkCreateBufferView"));
    ctx.set_name(VK_OBJECT_TYPE_BUFFER_VIEW, reinterpret_cast<std::uint64_t>(b.word_texels_), name);
  }

  if (memory != MemoryUsage::device) {
    if (auto r = vk_check(vkMapMemory(b.device_, b.memory_, 0, VK_WHOLE_SIZE, 0, &b.mapped_), "vkMapMemory"); !r)
      return r.error();
    VkPhysicalDeviceMemoryProperties props{};
    vkGetPhysicalDeviceMemoryProperties(ctx.physical_device(), &props);
    b.coherent_ = props.memoryTypes[type].propertyFlags & VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
  }
  return b;
}

Buffer::~Buffer() {
  release();
}

Buffer::Buffer(Buffer&& other) noexcept {
  *this = std::move(other);
}

Buffer& Buffer::operator=(Buffer&& other) noexcept {
  if (this != &other) {
    release();
    ctx_ = std::exchange(other.ctx_, nullptr);
    device_ = std::exchange(other.device_, VK_NULL_HANDLE);
    buffer_ = std::exchange(other.buffer_, VK_NULL_HANDLE);
    memory_ = std::exchange(other.memory_, VK_NULL_HANDLE);
    size_ = std::exchange(other.size_, 0);
    mapped_ = std::exchange(other.mapped_, nullptr);
    address_ = std::exchange(other.address_, 0);
    word_texels_ = std::exchange(other.word_texels_, VK_NULL_HANDLE);
    coherent_ = other.coherent_;
  }
  return *this;
}

void Buffer::release() {
  if (!device_) return;
  if (UploadRing* uploads = ctx_->upload_ring()) uploads->forget(reinterpret_cast<std::uint64_t>(buffer_));
  if (word_texels_) vkDestroyBufferView(device_, word_texels_, nullptr);
  if (buffer_) vkDestroyBuffer(device_, buffer_, nullptr);
  if (memory_) vkFreeMemory(device_, memory_, nullptr);  // unmaps implicitly
  device_ = VK_NULL_HANDLE;
  buffer_ = VK_NULL_HANDLE;
  memory_ = VK_NULL_HANDLE;
  mapped_ = nullptr;
  address_ = 0;
  word_texels_ = VK_NULL_HANDLE;
}

void Buffer::invalidate() const {
  if (coherent_ || !mapped_) return;
  VkMappedMemoryRange range{VK_STRUCTURE_TYPE_MAPPED_MEMORY_RANGE};
  range.memory = memory_;
  range.size = VK_WHOLE_SIZE;
  vkInvalidateMappedMemoryRanges(device_, 1, &range);
}

void Buffer::write(std::span<const std::byte> bytes, VkDeviceSize offset) const {
  assert(mapped_ && offset + bytes.size() <= size_);
  std::memcpy(static_cast<std::byte*>(mapped_) + offset, bytes.data(), bytes.size());
  if (!coherent_) {
    VkMappedMemoryRange range{VK_STRUCTURE_TYPE_MAPPED_MEMORY_RANGE};
    range.memory = memory_;
    range.size = VK_WHOLE_SIZE;
    vkFlushMappedMemoryRanges(device_, 1, &range);
  }
}

}  // namespace lfx::gpu

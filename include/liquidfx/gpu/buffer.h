// lfx::gpu::Buffer: a VkBuffer with its own memory. Move-only; destroyed with the object.
#pragma once

#include <vulkan/vulkan.h>

#include <cstdint>
#include <span>

#include "liquidfx/core/result.h"
#include "liquidfx/gpu/context.h"

namespace lfx::gpu {

enum class MemoryUsage {
  device,    ///< Device-local; written by the GPU or by vkCmdUpdateBuffer / copies.
  upload,    ///< Host-visible and coherent, persistently mapped: the CPU writes, the GPU reads.
  readback,  ///< Host-visible, cached when possible, persistently mapped: the GPU writes, the CPU reads.
};

class Buffer {
 public:
  /// size > 0 bytes. The name shows in validation messages.
  static Result<Buffer> create(const Context& ctx, VkDeviceSize size, VkBufferUsageFlags usage, MemoryUsage memory,
                               const char* name);

  Buffer() = default;
  ~Buffer();
  Buffer(Buffer&& other) noexcept;
  Buffer& operator=(Buffer&& other) noexcept;
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;

  VkBuffer handle() const { return buffer_; }
  VkDeviceSize size() const { return size_; }
  /// The buffer's device address, for shaders that reach it through a buffer reference
  /// (GL_EXT_buffer_reference); 0 unless created with VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT.
  /// Unlike a descriptor's range it is not limited by maxStorageBufferRange.
  VkDeviceAddress address() const { return address_; }
  /// The buffer's 32-bit words as texels (a VK_FORMAT_R32_UINT view of it whole: floats come back
  /// to the bit with uintBitsToFloat), for shaders that read it as a storage texel buffer
  /// (`r32ui uimageBuffer`); VK_NULL_HANDLE unless created with
  /// VK_BUFFER_USAGE_STORAGE_TEXEL_BUFFER_BIT. A CPU driver (lavapipe) loads a storage buffer a
  /// lane at a time and a texel buffer with a vector gather.
  VkBufferView word_texels() const { return word_texels_; }
  /// Host pointer for upload/readback buffers, nullptr for device buffers.
  void* mapped() const { return mapped_; }
  /// Makes GPU writes visible to the host for non-coherent readback memory.
  void invalidate() const;
  /// Copies bytes into an upload buffer at offset (asserts it fits).
  void write(std::span<const std::byte> bytes, VkDeviceSize offset = 0) const;

 private:
  void release();
  const Context* ctx_ = nullptr;
  VkDevice device_ = VK_NULL_HANDLE;
  VkBuffer buffer_ = VK_NULL_HANDLE;
  VkDeviceMemory memory_ = VK_NULL_HANDLE;
  VkDeviceSize size_ = 0;
  void* mapped_ = nullptr;
  VkDeviceAddress address_ = 0;
  VkBufferView word_texels_ = VK_NULL_HANDLE;
  bool coherent_ = true;
};

/// Makes a device buffer hold at least `bytes` (at least 1): kept when it does, else replaced by
/// one with half as much again to spare; the old one is retired (Context::retire), since frames
/// in flight may still read it. For per-frame data whose size varies; call it before recording.
Result<void> ensure_device_buffer(const Context& ctx, Buffer& buffer, VkDeviceSize bytes, VkBufferUsageFlags usage,
                                  const char* name);

}  // namespace lfx::gpu

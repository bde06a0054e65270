// Uploads through the Context's staging ring (never submit: recorded by the next recording, see
// Context::record_uploads) and readbacks through the convenience path (each submits and waits).
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "liquidfx/core/image.h"
#include "liquidfx/core/result.h"
#include "liquidfx/gpu/buffer.h"
#include "liquidfx/gpu/context.h"
#include "liquidfx/gpu/image.h"

namespace lfx::gpu {

/// Copies bytes into a device buffer at offset (after and before any other use of it). The bytes
/// are staged at once (the caller's span may go); the copy is recorded with the next recording.
Result<void> upload_buffer(Context& ctx, const Buffer& buffer, std::span<const std::byte> bytes,
                           VkDeviceSize offset = 0);

/// Records a write of bytes into a device buffer at offset inside cmd (vkCmdUpdateBuffer, 64 KiB
/// at a time; the buffer needs TRANSFER_DST), after every earlier shader read of it and before
/// every later one. For per-frame data: it travels in the command buffer, so frames in flight
/// never share it.
void record_buffer_update(VkCommandBuffer cmd, const Buffer& buffer, std::span<const std::byte> bytes,
                          VkDeviceSize offset = 0);

/// Fills mip 0 of a colour image with tightly packed texels (size = width * height * texel
/// bytes), leaving it in `then`: staged at once, copied with the next recording.
Result<void> upload_image(Context& ctx, Image& image, std::span<const std::byte> texels, const ImageAccess& then);

/// Reads one mip of a colour image back as tightly packed texels (any format; `texel_bytes` per
/// texel, e.g. 4 for RGBA8, 8 for RGBA16F, 4 for R32F). The image is left as it was used last.
Result<std::vector<std::byte>> read_image(Context& ctx, Image& image, std::uint32_t texel_bytes, std::uint32_t mip = 0);

/// Reads an RGBA8 image back as an ImageRgba8.
Result<ImageRgba8> read_image_rgba8(Context& ctx, Image& image);

/// Reads a whole buffer back.
Result<std::vector<std::byte>> read_buffer(Context& ctx, const Buffer& buffer);

}  // namespace lfx::gpu

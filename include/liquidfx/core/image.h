// CPU images: 8-bit RGBA pixels, PNG files.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "liquidfx/core/result.h"

namespace lfx {

/// Tightly packed 8-bit RGBA, rows top to bottom, sRGB-encoded colour.
struct ImageRgba8 {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> pixels;  ///< width * height * 4 bytes.

  ImageRgba8() = default;
  ImageRgba8(int w, int h) : width(w), height(h), pixels(std::size_t(w) * std::size_t(h) * 4, 0) {}
  std::uint8_t* at(int x, int y) { return &pixels[(std::size_t(y) * std::size_t(width) + std::size_t(x)) * 4]; }
  const std::uint8_t* at(int x, int y) const {
    return &pixels[(std::size_t(y) * std::size_t(width) + std::size_t(x)) * 4];
  }
};

/// Writes a PNG; the error names the path.
Result<void> write_png(const std::string& path, const ImageRgba8& image);
/// The largest image side read_png accepts (pixels).
inline constexpr int kMaxImageSide = 16384;

/// Reads a PNG (or JPEG, BMP, ...) as RGBA8; images above kMaxImageSide on a side are refused;
/// the error names the path.
Result<ImageRgba8> read_png(const std::string& path);

}  // namespace lfx

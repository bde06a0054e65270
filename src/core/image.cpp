#include "liquidfx/core/image.h"

// stb's code is compiled here, static to this file: a host links liquidfx without stb, and one
// that uses stb itself gets no clash.
#define STB_IMAGE_IMPLEMENTATION
#define STB_IMAGE_STATIC
#define STB_IMAGE_WRITE_IMPLEMENTATION
#define STB_IMAGE_WRITE_STATIC
#include <stb_image.h>
#include <stb_image_write.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>

namespace lfx {
namespace {

// A PNG's size from its header (the IHDR chunk after the signature), read directly: stb refuses
// a huge PNG as an "unknown image type" before it reports a size.
std::optional<std::array<std::uint32_t, 2>> png_header_size(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  unsigned char head[24] = {};
  if (!file.read(reinterpret_cast<char*>(head), sizeof head)) return std::nullopt;
  constexpr unsigned char kSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  if (!std::equal(kSignature, kSignature + 8, head) || !std::equal(head + 12, head + 16, "IHDR")) return std::nullopt;
  const auto big_endian = [&](int at) {
    return std::uint32_t(head[at]) << 24 | std::uint32_t(head[at + 1]) << 16 | std::uint32_t(head[at + 2]) << 8 |
           std::uint32_t(head[at + 3]);
  };
  return std::array<std::uint32_t, 2>{big_endian(16), big_endian(20)};
}

std::string too_large(const std::string& path, double w, double h) {
  char text[64];
  std::snprintf(text, sizeof text, "%.0f x %.0f", w, h);
  return path + ": " + text + " pixels is larger than " + std::to_string(kMaxImageSide) +
         " on a side, the most liquidfx reads";
}

}  // namespace

Result<void> write_png(const std::string& path, const ImageRgba8& image) {
  if (image.width <= 0 || image.height <= 0 ||
      image.pixels.size() != std::size_t(image.width) * std::size_t(image.height) * 4)
    return input_error(path + ": image to write has inconsistent size");
  if (!stbi_write_png(path.c_str(), image.width, image.height, 4, image.pixels.data(), image.width * 4))
    return input_error(path + ": cannot write PNG (does the folder exist and is it writable?)");
  return success();
}

Result<ImageRgba8> read_png(const std::string& path) {
  int w = 0, h = 0, channels = 0;
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) return input_error(path + ": is a directory, not an image");
  // The size first, so that a huge image is refused before it is decoded into memory.
  if (const auto png = png_header_size(path); png && ((*png)[0] > kMaxImageSide || (*png)[1] > kMaxImageSide))
    return input_error(too_large(path, (*png)[0], (*png)[1]));
  if (!stbi_info(path.c_str(), &w, &h, &channels))
    return input_error(path + ": cannot read image: " + stbi_failure_reason());
  if (w > kMaxImageSide || h > kMaxImageSide) return input_error(too_large(path, w, h));
  stbi_uc* data = stbi_load(path.c_str(), &w, &h, &channels, 4);
  if (!data) return input_error(path + ": cannot read image: " + stbi_failure_reason());
  ImageRgba8 image(w, h);
  std::copy(data, data + image.pixels.size(), image.pixels.begin());
  stbi_image_free(data);
  return image;
}

}  // namespace lfx

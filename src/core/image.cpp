#include "liquidfx/core/image.h"

#include <stb_image.h>
#include <stb_image_write.h>

#include <filesystem>

namespace lfx {

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
  if (!stbi_info(path.c_str(), &w, &h, &channels))
    return input_error(path + ": cannot read image: " + stbi_failure_reason());
  if (w > kMaxImageSide || h > kMaxImageSide)
    return input_error(path + ": " + std::to_string(w) + " x " + std::to_string(h) + " pixels is larger than " +
                       std::to_string(kMaxImageSide) + " on a side, the most liquidfx reads");
  stbi_uc* data = stbi_load(path.c_str(), &w, &h, &channels, 4);
  if (!data) return input_error(path + ": cannot read image: " + stbi_failure_reason());
  ImageRgba8 image(w, h);
  std::copy(data, data + image.pixels.size(), image.pixels.begin());
  stbi_image_free(data);
  return image;
}

}  // namespace lfx

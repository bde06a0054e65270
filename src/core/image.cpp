#include "liquidfx/core/image.h"

#include <stb_image.h>
#include <stb_image_write.h>

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
  stbi_uc* data = stbi_load(path.c_str(), &w, &h, &channels, 4);
  if (!data) return input_error(path + ": cannot read image: " + stbi_failure_reason());
  ImageRgba8 image(w, h);
  std::copy(data, data + image.pixels.size(), image.pixels.begin());
  stbi_image_free(data);
  return image;
}

}  // namespace lfx

#include "support/golden.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <sstream>

namespace lfx::test {

ImageDifference compare_images(const ImageRgba8& expected, const ImageRgba8& actual, int channel_tolerance) {
  ImageDifference d;
  d.diff = ImageRgba8(actual.width, actual.height);
  std::size_t differing = 0;
  for (int y = 0; y < actual.height; ++y) {
    for (int x = 0; x < actual.width; ++x) {
      int largest = 0;
      for (int c = 0; c < 4; ++c)
        largest = std::max(largest, std::abs(int(expected.at(x, y)[c]) - int(actual.at(x, y)[c])));
      d.largest_channel = std::max(d.largest_channel, largest);
      if (largest > channel_tolerance) ++differing;
      // Grey copy of the actual image, differing pixels in red scaled by how much they differ.
      std::uint8_t* out = d.diff.at(x, y);
      const std::uint8_t grey = std::uint8_t((actual.at(x, y)[0] + actual.at(x, y)[1] + actual.at(x, y)[2]) / 12);
      out[0] = largest > channel_tolerance ? std::uint8_t(std::min(255, 128 + largest * 4)) : grey;
      out[1] = grey;
      out[2] = grey;
      out[3] = 255;
    }
  }
  d.share_differing = double(differing) / double(std::max(1, actual.width * actual.height));
  return d;
}

std::string test_output_path(const std::string& file) {
  std::filesystem::create_directories(LIQUIDFX_TEST_OUTPUT);
  return (std::filesystem::path(LIQUIDFX_TEST_OUTPUT) / file).string();
}

std::string check_golden(const std::string& name, const ImageRgba8& actual, const Tolerance& tolerance) {
  const std::string golden = std::string(LIQUIDFX_SOURCE_DIR) + "/tests/golden/" + name + ".png";
  const char* bless = std::getenv("LIQUIDFX_BLESS");
  if (bless && std::string(bless) == "1") {
    if (auto r = write_png(golden, actual); !r) return r.error().message;
    return {};
  }
  const std::string actual_path = test_output_path(name + ".actual.png");
  auto expected = read_png(golden);
  if (!expected) {
    (void)write_png(actual_path, actual);
    return "no golden image " + golden + " (actual written to " + actual_path +
           "; look at it, then run scripts/bless-goldens.sh)";
  }
  if (expected->width != actual.width || expected->height != actual.height) {
    (void)write_png(actual_path, actual);
    return name + ": size " + std::to_string(actual.width) + "x" + std::to_string(actual.height) +
           " differs from the golden's " + std::to_string(expected->width) + "x" + std::to_string(expected->height);
  }
  ImageDifference d = compare_images(*expected, actual, tolerance.channel);
  if (d.share_differing <= tolerance.share) return {};
  const std::string diff_path = test_output_path(name + ".diff.png");
  (void)write_png(actual_path, actual);
  (void)write_png(diff_path, d.diff);
  std::ostringstream message;
  message << name << ": " << d.share_differing * 100.0 << "% of pixels differ by more than " << tolerance.channel
          << " (allowed " << tolerance.share * 100.0 << "%), largest channel difference " << d.largest_channel
          << "; actual: " << actual_path << ", diff: " << diff_path;
  return message.str();
}

}  // namespace lfx::test
